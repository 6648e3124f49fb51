import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runScript, startShopProcess } from '../../tests/support/processes';
import { onPostgres } from '../../tests/support/database';

/* `npm start` in production refuses settings only safe on a laptop; `npm run shop -- doctor` lists them (docs/decisions/072). */

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

describe.skipIf(onPostgres)('a production start', () => {
  it('refuses the laptop defaults before it touches anything, naming each variable and what to set', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-production-'));
    folders.push(dataDir);

    const started = await runScript('start', ['--no-build'], {
      PUBLIC_ORIGIN: 'https://shop.example.com',
      DATA_DIR: dataDir,
    });

    expect(started.code).toBe(1);
    expect(started.stdout).not.toContain('running at');
    for (const fix of [
      'PAYMENT_PROVIDER: ',
      'or SHOP_DEMO=true',
      'SMTP_URL: ',
      'or MAIL_TRANSPORT=folder',
      'MAIL_FROM: ',
      'TRUST_PROXY: ',
      'npm run shop -- doctor',
    ])
      expect(started.stderr).toContain(fix);
    expect(started.stderr).not.toMatch(/\n\s+at /);
    expect(await readdir(dataDir)).toEqual([]);
  }, 60_000);

  it('`npm run shop -- doctor` prints every check with pass or FAIL, and fails in production when one fails', async () => {
    const chosen = {
      NODE_ENV: 'production',
      PUBLIC_ORIGIN: 'https://shop.example.com',
      SHOP_DEMO: 'true',
      MAIL_TRANSPORT: 'folder',
      MAIL_FROM: 'ES Online <orders@shop.example.com>',
    };

    const failing = await runScript('shop', ['doctor'], chosen);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain('This shop runs in production');
    expect(failing.stdout).toMatch(/pass {2}PAYMENT_PROVIDER, SHOP_DEMO: takes real payments/);
    expect(failing.stdout).toMatch(
      /FAIL {2}TRUST_PROXY: knows whether a proxy stands in front\n\s+TRUST_PROXY is not set: set TRUST_PROXY=true/,
    );

    const passing = await runScript('shop', ['doctor'], { ...chosen, TRUST_PROXY: 'true' });
    expect(passing.code).toBe(0);
    expect(passing.stdout).not.toContain('FAIL');
    expect(passing.stdout).toContain('Every production check passes.');
  }, 60_000);

  it('starts without the demo catalogue unless it says it is a demonstration', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-production-'));
    folders.push(dataDir);
    const shop = await startShopProcess({
      NODE_ENV: 'production',
      PUBLIC_ORIGIN: 'https://shop.example.com',
      TRUST_PROXY: 'false',
      DATA_DIR: dataDir,
      PAYMENT_PROVIDER: 'paypal',
      PAYPAL_API_BASE: 'https://api-m.paypal.com',
      PAYPAL_CLIENT_ID: 'client',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_WEBHOOK_ID: 'webhook',
      MAIL_TRANSPORT: 'folder',
      MAIL_FROM: 'ES Online <orders@shop.example.com>',
    });
    try {
      const answer = await fetch(`${shop.url}/api/v1/goods/queryProductList`, {
        headers: { Currency: 'USD', Language: 'EN' },
      });
      const { data } = (await answer.json()) as { data: { total: number } };
      expect(data.total).toBe(0);
    } finally {
      await shop.stop();
    }
  }, 120_000);
});
