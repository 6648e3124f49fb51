import { Writable } from 'node:stream';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createApp } from '@/app/app';
import { countUnpaidOrdersInMetrics } from '@/features/orders/order-metrics';
import { rowsOf } from '@/server/db/client';
import { countMailInMetrics } from '@/server/mail/mail-metrics';
import { sendWaitingMail } from '@/server/mail/outbox';
import type { Storage } from '@/server/storage/storage';
import { aCustomer, aLine, anOrder, aShop } from '../../../tests/support/fixtures';

/*
 * Health and metrics (docs/decisions/072): what a load balancer and a Prometheus server ask, outside
 * the API, never cached; and one access log line per request.
 */

const TOKEN = 'a-metrics-token-of-enough-length';
const shop = await aShop({ catalogue: 'small', env: { METRICS_TOKEN: TOKEN } });

/** The shop's app with other readiness parts, and its access log lines. */
function appOf(options: { storage?: Storage; pagesPresent?: () => boolean; metricsToken?: string } = {}) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    }),
  );
  const config = { ...shop.config, metricsToken: options.metricsToken ?? TOKEN };
  const deps = {
    db: shop.db,
    config,
    logger,
    storage: options.storage ?? shop.storage,
    mailer: shop.operator.mailer,
    catalogueCache: shop.catalogueCache,
  };
  return { app: createApp(deps, options.pagesPresent ? { pagesPresent: options.pagesPresent } : {}), lines };
}

const get = async (app: ReturnType<typeof appOf>['app'], path: string, headers: Record<string, string> = {}) => {
  const response = await app.request(path, { headers });
  return {
    status: response.status,
    cacheControl: response.headers.get('Cache-Control'),
    text: await response.text(),
    type: response.headers.get('Content-Type'),
  };
};

describe('health', () => {
  it('answers live while the process serves, and ready when the database, picture store and pages are', async () => {
    const { app } = appOf({ pagesPresent: () => true });
    expect(await get(app, '/health/live')).toMatchObject({ status: 200, cacheControl: 'no-store' });
    const ready = await get(app, '/health/ready');
    expect(ready).toMatchObject({ status: 200, cacheControl: 'no-store' });
    expect(JSON.parse(ready.text)).toEqual({ status: 'ready', checks: ['database', 'pictures', 'pages'] });
    // Its probe leaves nothing in the picture store.
    expect(await shop.storage.has(`health/${process.pid}-0.txt`)).toBe(false);
  });

  it('answers 503 naming the pages when none are built', async () => {
    const { app } = appOf({ pagesPresent: () => false });
    const ready = await get(app, '/health/ready');
    expect(ready).toMatchObject({ status: 503, cacheControl: 'no-store' });
    expect(JSON.parse(ready.text)).toEqual({ status: 'not ready', failing: ['pages'] });
  });

  it('answers 503 naming the picture store when it cannot write, read and delete', async () => {
    const broken: Storage = { ...shop.storage, put: () => Promise.reject(new Error('disk full')) };
    const ready = await get(appOf({ storage: broken }).app, '/health/ready');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.text)).toEqual({ status: 'not ready', failing: ['pictures'] });
  });

  it('answers 503 naming the database when its migrations are behind the code', async () => {
    const [newest] = rowsOf<{ id: number; hash: string; created_at: string }>(
      await shop.db.execute(
        sql`SELECT id, hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
      ),
    );
    await shop.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${newest!.id}`);
    try {
      const ready = await get(appOf().app, '/health/ready');
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.text)).toEqual({ status: 'not ready', failing: ['database'] });
    } finally {
      await shop.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${newest!.id}, ${newest!.hash}, ${newest!.created_at})`,
      );
    }
    expect((await get(appOf().app, '/health/ready')).status).toBe(200);
  });
});

describe('metrics', () => {
  it('answer only with the bearer token when METRICS_TOKEN is set', async () => {
    const { app } = appOf();
    expect((await get(app, '/metrics')).status).toBe(401);
    expect((await get(app, '/metrics', { Authorization: 'Bearer not-the-token-but-as-long-as-it' })).status).toBe(401);
    const metrics = await get(app, '/metrics', { Authorization: `Bearer ${TOKEN}` });
    expect(metrics).toMatchObject({ status: 200, cacheControl: 'no-store' });
    expect(metrics.type).toContain('text/plain');
  });

  it('answer without a token only to a client on this machine that came through no proxy', async () => {
    const { app } = appOf({ metricsToken: '' });
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };
    try {
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
      expect(
        (await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { 'X-Forwarded-For': '203.0.113.7' } })).status,
      ).toBe(403);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    // No socket (nothing says where the client is): refused.
    expect((await get(app, '/metrics')).status).toBe(403);
  });

  it('count requests by route template, orders, payments, unpaid orders and the outbox', async () => {
    const { app } = appOf();
    countUnpaidOrdersInMetrics(shop.db);
    const mailOutcome = countMailInMetrics(shop.db);
    const scrape = async () => (await get(app, '/metrics', { Authorization: `Bearer ${TOKEN}` })).text;
    const value = (text: string, series: string) =>
      Number(new RegExp(`^${series.replace(/[{}()[\]|.+*?^$\\]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
    const before = await scrape();

    await get(app, '/api/v1/no/such/path?email=someone@example.com');
    const customer = await aCustomer(shop);
    await anOrder(shop, customer, [aLine(shop, 'robe-m')]);
    // Another cart: checking out the same one again would close the first order (docs/decisions/075).
    await anOrder(shop, customer, [aLine(shop, 'robe-m', 2)], { paid: true });

    const after = await scrape();
    expect(after).toContain('shop_http_request_duration_seconds_count{route="/api/v1/*",method="GET",status="404"}');
    expect(after).not.toContain('someone@example.com');
    expect(value(after, 'shop_orders_created_total') - value(before, 'shop_orders_created_total')).toBe(2);
    expect(
      value(after, 'shop_payments_total{outcome="completed"}') -
        value(before, 'shop_payments_total{outcome="completed"}'),
    ).toBe(1);
    expect(value(after, 'shop_orders_unpaid')).toBe(1);
    // The paid order owes its confirmation: waiting in the outbox until the sender hands it over.
    expect(value(after, 'shop_mails_waiting')).toBe(1);
    await sendWaitingMail(shop.operator, new Date(), mailOutcome);
    const sent = await scrape();
    expect(value(sent, 'shop_mails_waiting')).toBe(0);
    expect(value(sent, 'shop_mails_total{outcome="sent"}') - value(after, 'shop_mails_total{outcome="sent"}')).toBe(1);
  });
});

describe('the access log', () => {
  it('writes one line per request at info: method, route template, status, time and request id, without the query', async () => {
    const { app, lines } = appOf({ pagesPresent: () => true });
    const response = await app.request('/api/v1/no/such/path?email=someone@example.com');
    await app.request('/health/live');

    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests).toEqual([
      expect.objectContaining({
        level: 30,
        method: 'GET',
        route: '/api/v1/*',
        status: 404,
        ms: expect.any(Number),
        requestId: response.headers.get('X-Request-Id'),
      }),
      expect.objectContaining({ method: 'GET', route: '/health/live', status: 200 }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('someone@example.com');
  });
});
