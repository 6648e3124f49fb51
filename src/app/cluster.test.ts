import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/server/db/client';
import { isAlive } from '@/server/db/owner-lock';
import { createFolderStorage } from '@/server/storage/storage';
import { seedCartCatalogue } from '@/features/cart/fixtures/cart-catalogue';
import type { ProductPage } from '@/features/catalogue/catalogue.schema';
import { testPicture, type ApiBody } from '../../tests/support/api';
import { createTestDatabaseUrl, withClient } from '../../tests/support/database';
import { startSmtpServer } from '../../tests/support/mail';
import { runScript, startShopProcess, type ShopProcess } from '../../tests/support/processes';

/*
 * `npm start` with WORKERS: several processes on one port. They need PostgreSQL, so the shop on two
 * processes runs in the PostgreSQL pass of the suite (TEST_DATABASE_URL); the refusal on the embedded
 * database runs in both passes.
 */

/** Six counted requests per address, in a window (ten years) no test run crosses the end of. */
const sixPerAddress = { RATE_LIMIT_PER_IP: '6', RATE_LIMIT_WINDOW_SECONDS: String(10 * 365 * 24 * 3600) };

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));
const aDataFolder = async () => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'shop-workers-'));
  folders.push(folder);
  return folder;
};

describe('several processes on one port', () => {
  it('are refused on the embedded database, saying what to do instead, before anything is touched', async () => {
    const dataDir = await aDataFolder();

    const started = await runScript('start', ['--no-build'], { WORKERS: '2', DATA_DIR: dataDir });

    expect(started.code).toBe(1);
    expect(started.stdout).not.toContain('running at');
    expect(started.stderr).toContain(
      'WORKERS: 2 processes need PostgreSQL (DATABASE_URL): the embedded database (PGlite) serves one process at a time.',
    );
    expect(started.stderr).toContain('Set DATABASE_URL, or leave WORKERS unset for one process.');
    expect(started.stderr).not.toMatch(/\n\s+at /);
    expect(await readdir(dataDir)).toEqual([]);
  }, 60_000);

  const postgres = process.env.TEST_DATABASE_URL;
  if (postgres) {
    it('serve on PostgreSQL from two processes that count rate limits together, run the jobs in one, and all stop on SIGTERM', async () => {
      const database = await createTestDatabaseUrl();
      let shop: ShopProcess | undefined;
      try {
        const dataDir = await aDataFolder();
        await withSmallCatalogue(database.url, dataDir);
        shop = await startShopProcess({
          DATABASE_URL: database.url,
          DATA_DIR: dataDir,
          WORKERS: '2',
          LOG_LEVEL: 'debug',
          ...sixPerAddress,
        });
        const workers = (await printed(shop, /2 processes serve it: (\d+), (\d+)\n/)).slice(1).map(Number);
        expect(new Set(workers).size).toBe(2);
        expect(workers).not.toContain(shop.child.pid);

        // Each request on a connection of its own: the connections are handed to the processes in turn.
        for (let request = 0; request < 6; request++) {
          expect((await onNewConnection(shop.url, '/api/v1/goods/queryProductList?pageSize=4')).status).toBe(200);
        }
        expect(servedBy(shop.output(), '/api/v1/goods/queryProductList')).toEqual(new Set(workers));

        // Both processes now keep the list; a price changed in the database reaches both.
        const firstPrice = async () =>
          (
            JSON.parse(
              (await onNewConnection(shop!.url, '/api/v1/goods/queryProductList?pageSize=4')).body,
            ) as ApiBody<ProductPage>
          ).data.list[0]!.unitPrice;
        const before = await firstPrice();
        await withClient(database.url, (client) =>
          client.query('UPDATE specification_prices SET unit_price = unit_price + 100'),
        );
        await expect
          .poll(async () => Promise.all([firstPrice(), firstPrice(), firstPrice(), firstPrice()]), { timeout: 2_000 })
          .toEqual(Array(4).fill(before! + 100));

        // One counter for both: the seventh captcha from this address is refused, whichever process answers it.
        const captchas = [];
        for (let request = 0; request < 8; request++)
          captchas.push((await onNewConnection(shop.url, '/api/v1/captcha/mathGenerator')).status);
        expect(captchas).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
        expect(servedBy(shop.output(), '/api/v1/captcha/mathGenerator')).toEqual(new Set(workers));

        // Whichever process a scrape reaches, it answers for both: the primary adds up their figures.
        const listReads = async () =>
          Number(
            /^shop_http_request_duration_seconds_count\{route="\/api\/v1\/goods\/queryProductList",method="GET",status="200"\} (\d+)$/m.exec(
              (await onNewConnection(shop!.url, '/metrics')).body,
            )?.[1],
          );
        const logged = logLines(shop.output()).filter(
          (line) => line.msg === 'request' && line.route === '/api/v1/goods/queryProductList',
        ).length;
        expect([await listReads(), await listReads()]).toEqual([logged, logged]);

        const jobs = logLines(shop.output()).filter((line) => line.msg === 'background jobs run in this process');
        expect(jobs.map((line) => line.pid)).toEqual([workers[0]]);

        expect(await shop.stop()).toBe(0);
        const stopped = logLines(shop.output()).filter((line) => line.msg === 'shutting down');
        expect(new Set(stopped.map((line) => line.pid))).toEqual(new Set(workers));
        for (const pid of workers) expect(isAlive({ pid })).toBe(false);
        expect(await connectionsTo(postgres, database.url)).toBe(0);
      } finally {
        await shop?.stop();
        await database.drop();
      }
    }, 240_000);

    it('send each mail once on PostgreSQL from two processes: either queues it, the one with the jobs sends it at once', async () => {
      const database = await createTestDatabaseUrl();
      const smtp = await startSmtpServer();
      let shop: ShopProcess | undefined;
      try {
        const dataDir = await aDataFolder();
        await withSmallCatalogue(database.url, dataDir);
        shop = await startShopProcess({
          DATABASE_URL: database.url,
          DATA_DIR: dataDir,
          WORKERS: '2',
          LOG_LEVEL: 'debug',
          SMTP_URL: smtp.url,
          MAIL_FROM: 'Energy Shop <shop@shop.example>',
        });
        const workers = (await printed(shop, /2 processes serve it: (\d+), (\d+)\n/)).slice(1).map(Number);

        // Newsletter confirmations, each asked for on a connection of its own: both processes queue some.
        const emails = Array.from({ length: 6 }, (_, index) => `reader-${index}@example.com`);
        for (const email of emails) {
          expect(
            (
              await postOnNewConnection(shop.url, '/api/v1/mail/subscribers/addSubscribers', {
                subscribeName: 'Reader',
                email,
              })
            ).status,
          ).toBe(200);
        }
        expect(servedBy(shop.output(), '/api/v1/mail/subscribers/addSubscribers')).toEqual(new Set(workers));

        // Woken by the commits, well within the sweep's half minute; then nothing more comes.
        await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(emails.length);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        expect(smtp.received.map((mail) => (Array.isArray(mail.to) ? '' : mail.to?.text)).sort()).toEqual(emails);
        expect(new Set(smtp.received.map((mail) => mail.messageId)).size).toBe(emails.length);
        expect(await shop.stop()).toBe(0);
      } finally {
        await shop?.stop();
        await smtp.close();
        await database.drop();
      }
    }, 240_000);
  }
});

/** A JSON POST on a connection of its own (no keep-alive). */
function postOnNewConnection(
  origin: string,
  pathAndQuery: string,
  body: unknown,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${origin}${pathAndQuery}`,
      { method: 'POST', agent: false, headers: { 'Content-Type': 'application/json' } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

/** The small catalogue of the cart tests, so that the shop has no demo catalogue to draw at its first start. */
async function withSmallCatalogue(databaseUrl: string, dataDir: string) {
  const database = await openDatabase({ databaseUrl, dataDir: null });
  try {
    await seedCartCatalogue({ db: database.db, storage: createFolderStorage(path.join(dataDir, 'storage')) }, () =>
      testPicture(),
    );
  } finally {
    await database.close();
  }
}

/** The match of `pattern` in what the shop prints, once it has printed it. */
async function printed(shop: ShopProcess, pattern: RegExp) {
  for (let wait = 0; wait < 100; wait++) {
    const match = pattern.exec(shop.output());
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the shop did not print ${pattern}:\n${shop.output()}`);
}

/** A GET on a connection of its own (no keep-alive), so that each request may reach another process. */
function onNewConnection(origin: string, pathAndQuery: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${origin}${pathAndQuery}`, { agent: false }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

type LogLine = { pid: number; msg: string; route?: string };

function logLines(output: string): LogLine[] {
  return output.split('\n').flatMap((line) => {
    try {
      return line.startsWith('{') ? [JSON.parse(line) as LogLine] : [];
    } catch {
      return []; // a line of stderr written into the middle of one of stdout
    }
  });
}

/** The processes that logged serving `path` (LOG_LEVEL=debug logs every request with its pid). */
const servedBy = (output: string, path: string) =>
  new Set(
    logLines(output)
      .filter((line) => line.msg === 'request' && line.route === path)
      .map((line) => line.pid),
  );

/** Open connections to the database at `url`, once those closing have said goodbye. */
async function connectionsTo(serverUrl: string, url: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const name = new URL(url).pathname.slice(1);
    let count = -1;
    for (let wait = 0; wait < 50 && count !== 0; wait++) {
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      count = (
        await admin.query<{ count: number }>('SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = $1', [
          name,
        ])
      ).rows[0]!.count;
    }
    return count;
  } finally {
    await admin.end();
  }
}
