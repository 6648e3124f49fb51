import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { encodePassword } from '@/features/auth/auth';
import { OrderStatus } from '@/lib/order-status';
import { balanceOf, checkLedger } from '@/features/energy/energy.ledger';
import { openDatabase } from '@/server/db/client';
import { coupons, orders, users } from '@/server/db/schema';
import { createTestDatabaseUrl, onPostgres } from '../support/database';

/*
 * kill -9 while orders, payments and point spends are being written: after a restart, everything the
 * shop answered with success is there, and the energy ledger checks out (`npm run shop -- energy-check`).
 * On PGlite (the embedded database in a data folder) by default, on PostgreSQL with TEST_DATABASE_URL.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const serverScript = fileURLToPath(new URL('./crash-server.ts', import.meta.url));

type Started = { child: ChildProcess; base: string; ids: Record<string, number> };

async function startServer(env: Record<string, string>): Promise<Started> {
  // One process (tsx as a loader, not its CLI, which would run the server in a child that kill -9 misses).
  const child = spawn(process.execPath, ['--import', 'tsx', serverScript], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${errors}`)));
  });
  const { port, ids } = JSON.parse(line) as { port: number; ids: Record<string, number> };
  return { child, base: `http://127.0.0.1:${port}/api/v1`, ids };
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );

type Acked = { userId: number; orders: number[]; paidRecharges: number[]; coupons: number[] };

const address = {
  firstName: 'Mei',
  lastName: 'Tan',
  country: 'US',
  state: 'CA',
  city: 'San Francisco',
  address: '1 Market Street',
  zipCode: '94105',
};

/** One customer shopping as fast as the server answers, noting every success the shop confirmed. */
async function shopper(
  base: string,
  ids: Record<string, number>,
  index: number,
  stop: { now: boolean; confirmed: number },
): Promise<Acked> {
  const call = async (method: string, pathAndQuery: string, body?: unknown, cookie = '') => {
    const response = await fetch(`${base}${pathAndQuery}`, {
      method,
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { response, body: (await response.json()) as { code: number; data: Record<string, unknown> } };
  };
  const email = `crash.${index}.${Date.now()}@example.com`;
  const registered = await call('POST', '/login/register', {
    firstName: 'Mei',
    lastName: 'Tan',
    email,
    password: encodePassword('secret123'),
  });
  const cookie = `token=${/token=([^;]+)/.exec(registered.response.headers.get('Set-Cookie') ?? '')![1]}`;
  const acked: Acked = { userId: Number(registered.body.data.userId), orders: [], paidRecharges: [], coupons: [] };
  try {
    while (!stop.now) {
      const recharge = await call('POST', '/energy/recharge', { points: 200, payMethod: 'test' }, cookie);
      const orderId = Number(recharge.body.data.orderId);
      const started = await call('POST', '/pay/payment', { orderId, payMethod: 'test' }, cookie);
      const form = new FormData();
      form.append('id', String(started.body.data.providerOrderId));
      form.append('decision', 'approve');
      // The gateway's page posts its form from the shop's own origin (docs/decisions/075).
      const decided = await fetch(`${base}/pay/test-gateway/decide`, {
        method: 'POST',
        body: form,
        redirect: 'manual',
        headers: { Origin: new URL(base).origin },
      });
      const token = new URL(decided.headers.get('Location')!).searchParams.get('token')!;
      const paid = await call('POST', '/order/callback', { orderId, token }, cookie);
      if (paid.body.code === 1) stop.confirmed = acked.paidRecharges.push(orderId) && stop.confirmed + 1;
      const gift = await call('POST', '/coupon/addReceiveCoupon', { goodsSpecificationId: ids['robe-s'] }, cookie);
      if (gift.body.code === 1)
        stop.confirmed = acked.coupons.push(Number(gift.body.data.couponId)) && stop.confirmed + 1;
      const order = await call(
        'POST',
        '/order/createOrder',
        {
          items: [{ goodsSpecificationId: ids['robe-s'], goodsQuantity: 1 }],
          deliveryAddress: address,
          payMethod: 'test',
        },
        cookie,
      );
      if (order.body.code === 1)
        stop.confirmed = acked.orders.push(Number(order.body.data.orderId)) && stop.confirmed + 1;
    }
  } catch {
    // The server died mid-request: that request was never confirmed.
  }
  return acked;
}

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

describe(`kill -9 on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('keeps every order, payment and point spend the shop confirmed, and a consistent ledger', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-crash-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = { CRASH_DATA_DIR: dataDir };
    if (onPostgres) {
      const database = await createTestDatabaseUrl();
      cleanup.push(database.drop);
      env.CRASH_DATABASE_URL = database.url;
    }
    const first = await startServer(env);
    const stop = { now: false, confirmed: 0 };
    const shoppers = Array.from({ length: 6 }, (_, index) => shopper(first.base, first.ids, index, stop));
    // Killed in the middle of the traffic: once a few dozen writes were confirmed, requests still in flight.
    for (const started = Date.now(); stop.confirmed < 30 && Date.now() - started < 30_000;)
      await new Promise((resolve) => setTimeout(resolve, 50));
    first.child.kill('SIGKILL');
    stop.now = true;
    await exited(first.child);
    const acked = await Promise.all(shoppers);
    const confirmed = acked.reduce(
      (sum, one) => sum + one.orders.length + one.paidRecharges.length + one.coupons.length,
      0,
    );
    expect(confirmed, 'the shop confirmed writes before it died').toBeGreaterThan(6);

    // It starts again on the same data, and answers.
    const second = await startServer(env);
    expect((await (await fetch(`${second.base}/site/getSiteInfo`)).json()) as { code: number }).toMatchObject({
      code: 1,
    });
    second.child.kill('SIGTERM');
    await exited(second.child);

    const database = await openDatabase({
      databaseUrl: env.CRASH_DATABASE_URL,
      dataDir: path.join(dataDir, 'db'),
      owner: { kind: 'task', name: 'crash test check' },
    });
    try {
      for (const one of acked) {
        const [user] = await database.db.select().from(users).where(eq(users.id, one.userId));
        expect(user, 'a registered customer').toBeDefined();
        const all = [...one.orders, ...one.paidRecharges];
        if (all.length)
          expect((await database.db.select({ id: orders.id }).from(orders).where(inArray(orders.id, all))).length).toBe(
            all.length,
          );
        if (one.paidRecharges.length) {
          const paid = await database.db
            .select({ id: orders.id })
            .from(orders)
            .where(and(inArray(orders.id, one.paidRecharges), eq(orders.status, OrderStatus.Completed)));
          expect(paid.length, 'confirmed recharges stay paid and credited').toBe(one.paidRecharges.length);
        }
        if (one.coupons.length)
          expect(
            (await database.db.select({ id: coupons.id }).from(coupons).where(inArray(coupons.id, one.coupons))).length,
          ).toBe(one.coupons.length);
        expect(await balanceOf(database.db, one.userId)).toBeGreaterThanOrEqual(0);
      }
      expect((await checkLedger(database.db)).problems).toEqual([]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
