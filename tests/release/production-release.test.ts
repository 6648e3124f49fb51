import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { pageFileOf } from '@/edge/rewrite';
import { seedCartCatalogue } from '@/features/cart/fixtures/cart-catalogue';
import { openDatabase, type DatabaseHandle } from '@/server/db/client';
import { createFolderStorage } from '@/server/storage/storage';
import type { TestApi } from '../support/api';
import { testPicture, type ApiBody } from '../support/api';
import { signUp } from '../support/customers';
import { createTestDatabaseUrl } from '../support/database';
import { startSmtpServer } from '../support/mail';
import { payWithTestGateway, placeOrder } from '../support/orders';
import { projectRoot, startShopProcess, type ShopProcess } from '../support/processes';

/*
 * The production release (docs/decisions/072): the project's tracked files copied to a new folder,
 * installed with `npm ci --omit=dev` (no devDependency: no tsx, no TypeScript, no Vitest) and started
 * with `npm start`'s command in production against PostgreSQL and an SMTP server. Its pages are built
 * elsewhere here (a placeholder page; building them is the site build's and the end-to-end tests'
 * business), so the start builds nothing. PostgreSQL only: a production shop with a real database.
 */

const run = promisify(execFile);
const postgres = process.env.TEST_DATABASE_URL;
const METRICS_TOKEN = 'a-metrics-token-for-the-release-test';

describe.runIf(postgres)('a production release', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('installs without devDependencies, starts in production, answers health and metrics, and mails a checkout', async () => {
    const release = await mkdtemp(path.join(os.tmpdir(), 'shop-release-'));
    cleanups.push(() => rm(release, { recursive: true, force: true }));
    const { stdout: tracked } = await run('git', ['ls-files', '-z'], { cwd: projectRoot, maxBuffer: 64 * 1024 * 1024 });
    for (const file of tracked.split('\0').filter(Boolean)) {
      await mkdir(path.dirname(path.join(release, file)), { recursive: true });
      await cp(path.join(projectRoot, file), path.join(release, file)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error; // a tracked file deleted in this checkout
      });
    }
    await run('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: release,
      maxBuffer: 64 * 1024 * 1024,
    });
    const installed = await readdir(path.join(release, 'node_modules'));
    for (const devDependency of ['typescript', 'vitest', 'drizzle-kit', 'eslint'])
      expect(installed).not.toContain(devDependency);
    // Vite (under Astro) brings tsx as an optional peer; the start must not need it.
    await rm(path.join(release, 'node_modules', 'tsx'), { recursive: true, force: true });

    const database = await createTestDatabaseUrl();
    cleanups.push(() => database.drop());
    const dataDir = path.join(release, 'var');
    const sizes = await withSmallCatalogue(database.url, dataDir);
    const pages = path.join(release, 'pages-built-elsewhere');
    await mkdir(pages, { recursive: true });
    await writeFile(path.join(pages, pageFileOf('/en-usd')), '<!doctype html><title>Energy Shop</title>');
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());

    const shop: ShopProcess = await startShopProcess(
      {
        NODE_ENV: 'production',
        PUBLIC_ORIGIN: 'https://shop.example.com',
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        SMTP_URL: smtp.url,
        MAIL_FROM: 'ES Online <orders@shop.example.com>',
        TRUST_PROXY: 'false',
        SHOP_DEMO: 'true',
        METRICS_TOKEN,
      },
      ['--pages', pages],
      { cwd: release },
    );
    cleanups.push(() => shop.stop());

    expect(await (await fetch(`${shop.url}/health/live`)).json()).toEqual({ status: 'live' });
    const ready = await fetch(`${shop.url}/health/ready`);
    expect({ status: ready.status, body: await ready.json() }).toEqual({
      status: 200,
      body: { status: 'ready', checks: ['database', 'pictures', 'pages'] },
    });
    expect((await fetch(`${shop.url}/metrics`)).status).toBe(401);

    // A customer signs up, orders and pays on the demonstration gateway; the confirmation reaches the mail server.
    const api = processApi(shop.url);
    const customer = await signUp(api);
    const order = await placeOrder(api, customer, [{ goodsSpecificationId: sizes['robe-m'], goodsQuantity: 1 }]);
    const paid = await payWithTestGateway(api, customer, order.orderId);
    expect(paid.body.code).toBe(1);
    const confirmations = () =>
      smtp.received.filter(
        (mail) => JSON.stringify(mail.to).includes(customer.email) && mail.text?.includes(order.orderNo),
      );
    await expect.poll(() => confirmations().length, { timeout: 10_000 }).toBe(1);
    expect(confirmations()[0]!.from?.value[0]?.address).toBe('orders@shop.example.com');

    const metrics = async () => {
      const answer = await fetch(`${shop.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(answer.status).toBe(200);
      return answer.text();
    };
    // The mail server has the message a moment before the shop hears its answer and counts it as sent.
    await expect.poll(metrics, { timeout: 10_000 }).toMatch(/^shop_mails_total\{outcome="sent"\} [1-9]/m);
    const text = await metrics();
    expect(text).toMatch(/^shop_orders_created_total 1$/m);
    expect(text).toContain('process_resident_memory_bytes');

    expect(await shop.stop()).toBe(0);
  }, 600_000);
});

/** The small catalogue of the cart tests, so that the shop has no demo catalogue to draw at its first start; its sizes' ids. */
async function withSmallCatalogue(databaseUrl: string, dataDir: string) {
  const database: DatabaseHandle = await openDatabase({ databaseUrl, dataDir: null });
  try {
    return await seedCartCatalogue(
      { db: database.db, storage: createFolderStorage(path.join(dataDir, 'storage')) },
      () => testPicture(),
    );
  } finally {
    await database.close();
  }
}

/** The calls the API helpers make (`post`, `app.request`), over HTTP to the shop's process. */
function processApi(origin: string): TestApi {
  const request = (pathAndQuery: string, init?: RequestInit) =>
    fetch(`${origin}${pathAndQuery}`, { ...init, redirect: 'manual' });
  const call = async (
    method: string,
    pathAndQuery: string,
    init: { body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = {
      ...init.headers,
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    };
    const response = await request(`/api/v1${pathAndQuery}`, {
      method,
      headers,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as ApiBody, response };
  };
  return {
    app: { request },
    // The test gateway's form is posted from the shop's own origin, as its page does.
    config: { publicOrigin: origin },
    call,
    get: (pathAndQuery: string, init?: Parameters<typeof call>[2]) => call('GET', pathAndQuery, init),
    post: (pathAndQuery: string, body: unknown, init?: Parameters<typeof call>[2]) =>
      call('POST', pathAndQuery, { ...init, body }),
  } as unknown as TestApi;
}
