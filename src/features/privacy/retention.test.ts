import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jobs } from '@/app/jobs/scheduler';
import { eq, inArray } from 'drizzle-orm';
import {
  captchas,
  orderLines,
  orders,
  passwordResets,
  payments,
  rateLimitCounters,
  sessions,
} from '@/server/db/schema';
import { signUp } from '../../../tests/support/customers';
import { aShop } from '../../../tests/support/fixtures';
import { deliveryAddress, payWithTestGateway, placeOrder, startPayment } from '../../../tests/support/orders';
import { paymentCommands } from '../payments/payments.commands';

/*
 * The retention sweep as the background jobs run it: what has served its purpose is deleted, what is
 * still in use stays. One round of every job at a chosen "now".
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const shop = await aShop({
  catalogue: 'small',
  env: { MAIL_RETENTION_DAYS: '30', RATE_LIMIT_WINDOW_SECONDS: '900', UNPAID_ORDER_RETENTION_DAYS: '90' },
});

async function runEveryJob(now: Date) {
  const deps = shop.operator;
  for (const job of jobs) await job.run(deps, now);
}

describe('the retention sweep', () => {
  it('deletes expired captchas, sessions and reset links, ended rate-limit windows and old mail files, and keeps the rest', async () => {
    const now = new Date('2030-06-01T12:00:00Z');
    const customer = await signUp(shop);
    const userId = Number(customer.user.userId);
    await shop.db.insert(captchas).values([
      { id: 'expired-captcha', answer: 3, expiresAt: new Date(now.getTime() - 1000) },
      { id: 'live-captcha', answer: 4, expiresAt: new Date(now.getTime() + 5 * 60_000) },
    ]);
    await shop.db.delete(sessions);
    await shop.db.insert(sessions).values([
      { tokenHash: 'expired-session', userId, expiresAt: new Date(now.getTime() - DAY) },
      { tokenHash: 'live-session', userId, expiresAt: new Date(now.getTime() + DAY) },
    ]);
    await shop.db.insert(passwordResets).values([
      {
        tokenHash: 'expired-reset',
        userId,
        expiresAt: new Date(now.getTime() - 1000),
        usedAt: new Date(now.getTime() - 2000),
      },
      { tokenHash: 'live-reset', userId, expiresAt: new Date(now.getTime() + 10 * 60_000) },
    ]);
    await shop.db.delete(rateLimitCounters);
    await shop.db.insert(rateLimitCounters).values([
      { key: 'sign-in:ip:203.0.113.7', windowStart: new Date(now.getTime() - 2 * HOUR), hits: 3 },
      { key: 'sign-in:ip:203.0.113.8', windowStart: new Date(now.getTime() - 5 * 60_000), hits: 1 },
    ]);
    const outbox = shop.config.mail.outboxDir;
    await mkdir(outbox, { recursive: true });
    for (const [name, age] of [
      ['old.eml', 31 * DAY],
      ['recent.eml', 29 * DAY],
      ['notes.txt', 90 * DAY],
    ] as const) {
      const file = path.join(outbox, name);
      await writeFile(file, 'Subject: test\n\nbody\n');
      const time = new Date(now.getTime() - age);
      await utimes(file, time, time);
    }

    await runEveryJob(now);

    expect((await shop.db.select({ id: captchas.id }).from(captchas)).map((row) => row.id)).toEqual(['live-captcha']);
    expect((await shop.db.select({ token: sessions.tokenHash }).from(sessions)).map((row) => row.token)).toEqual([
      'live-session',
    ]);
    expect(
      (await shop.db.select({ token: passwordResets.tokenHash }).from(passwordResets)).map((row) => row.token),
    ).toEqual(['live-reset']);
    expect(
      (await shop.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((row) => row.key),
    ).toEqual(['sign-in:ip:203.0.113.8']);
    expect(
      (await readdir(outbox))
        .filter((name) => name.startsWith('old') || name.startsWith('recent') || name.startsWith('notes'))
        .sort(),
    ).toEqual(['notes.txt', 'recent.eml']);
  });

  it('is safe to run again: a second round deletes nothing more', async () => {
    const now = new Date('2030-06-01T12:00:00Z');
    const deps = shop.operator;
    const purges = jobs.filter((job) => job.name.startsWith('purge'));
    expect(purges.map((job) => job.name)).toEqual([
      'purge expired captchas',
      'purge expired sessions',
      'purge expired password resets',
      'purge ended rate-limit windows',
      'purge old mail files',
      'purge settled outbox mail',
      'purge unconfirmed newsletter subscriptions',
    ]);
    for (const job of purges) expect(await job.run(deps, now), job.name).toBe(0);
  });
});

describe('orders that closed unpaid', () => {
  it('lose name, address, phone and email UNPAID_ORDER_RETENTION_DAYS after they closed; paid and recent ones keep them', async () => {
    const now = new Date('2030-06-01T12:00:00Z');
    const customer = await signUp(shop);
    const items = [{ goodsSpecificationId: shop.ids['robe-s'], goodsQuantity: 1 }];
    const old = await placeOrder(shop, customer, items);
    expect((await startPayment(shop, customer, old.orderId)).body.code).toBe(1);
    await shop.db
      .update(payments)
      .set({ payerActionUrl: 'https://provider.example/approve?token=x' })
      .where(eq(payments.orderId, old.orderId));
    const recent = await placeOrder(shop, customer, items);
    for (const order of [old, recent])
      await shop.call('PUT', `/order/cancel?orderId=${order.orderId}`, { headers: customer.headers });
    const refunded = await placeOrder(shop, customer, items);
    await payWithTestGateway(shop, customer, refunded.orderId);
    await paymentCommands.refund.execute([refunded.orderNo], shop.operator);
    const closedAt = (days: number) => new Date(now.getTime() - days * DAY);
    await shop.db
      .update(orders)
      .set({ cancelledAt: closedAt(91) })
      .where(inArray(orders.id, [old.orderId, refunded.orderId]));
    await shop.db
      .update(orders)
      .set({ cancelledAt: closedAt(89) })
      .where(eq(orders.id, recent.orderId));

    await runEveryJob(now);

    const rows = new Map(
      (
        await shop.db
          .select()
          .from(orders)
          .where(inArray(orders.id, [old.orderId, recent.orderId, refunded.orderId]))
      ).map((row) => [row.id, row]),
    );
    expect(rows.get(old.orderId)).toMatchObject({
      status: 3,
      email: `removed-order-${old.orderId}@erased.invalid`,
      payAmount: old.payAmount,
    });
    expect(rows.get(old.orderId)!.deliveryAddress).toEqual({
      firstName: '',
      lastName: '',
      country: deliveryAddress.country,
      state: deliveryAddress.state,
      city: '',
      address: '',
      address2: '',
      zipCode: '',
      phone: '',
    });
    expect(
      await shop.db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, old.orderId)),
    ).toHaveLength(1);
    expect(
      await shop.db
        .select({ url: payments.payerActionUrl, amount: payments.amount })
        .from(payments)
        .where(eq(payments.orderId, old.orderId)),
    ).toEqual([{ url: null, amount: old.payAmount }]);
    for (const kept of [recent, refunded]) {
      expect(rows.get(kept.orderId)).toMatchObject({ email: customer.email, deliveryAddress });
    }

    const job = jobs.find((candidate) => candidate.name === 'strip closed unpaid orders')!;
    expect(await job.run(shop.operator, now)).toBe(0);
  });
});
