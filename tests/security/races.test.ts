import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Coupon } from '@/features/coupons/coupons.schema';
import { balanceOf, checkLedger } from '@/features/energy/energy.ledger';
import type { OrderDetails } from '@/features/orders/orders.schema';
import { awaitingPayment } from '@/lib/order-status';
import { coupons, orders } from '@/server/db/schema';
import { signUp, type Customer } from '../support/customers';
import { createOrder, deliveryAddress, setStock, stockOf } from '../support/orders';
import { aGift, aShop, grantPoints, idOf } from '../support/fixtures';

/*
 * Races through the API, as many browsers would run them (on PostgreSQL in CI: `.ci/run` runs the
 * server project with TEST_DATABASE_URL). The per-feature races (50 orders for 10 units in
 * checkout.security.test.ts, 50 ledger spends in energy.ledger.test.ts, duplicate PayPal returns and
 * webhooks in paypal-checkout.test.ts) stay beside their features; these add gifts bought and claimed,
 * and one customer checking out the same cart from several tabs (docs/decisions/091).
 */

const POINTS = 500;
const shop = await aShop({ catalogue: 'small', env: { RATE_LIMIT_PER_IP: '10000' } });
const { ids } = shop;
await aGift(shop, 'robe-s', POINTS);

const grant = (customer: Customer, points: number) => grantPoints(shop, customer, points);
const buyGift = (customer: Customer) =>
  shop.post<Coupon>('/coupon/addReceiveCoupon', { goodsSpecificationId: ids['robe-s'] }, { headers: customer.headers });
const claim = (customer: Customer, code: string) =>
  shop.post<OrderDetails>('/order/createReceiveOrder', { code, deliveryAddress }, { headers: customer.headers });

describe('races on points and gifts', () => {
  it('50 gifts bought at once with points for 10: exactly 10 are made, the balance ends at 0, the ledger holds', async () => {
    const giver = await signUp(shop);
    await grant(giver, POINTS * 10);
    const answers = await Promise.all(Array.from({ length: 50 }, () => buyGift(giver)));
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(answers.filter((answer) => answer.body.code === 1)).toHaveLength(10);
    for (const refused of answers.filter((answer) => answer.body.code !== 1))
      expect(refused.body).toMatchObject({ code: -218, data: { reason: 'insufficient-points' } });
    expect(await balanceOf(shop.db, idOf(giver))).toBe(0);
    expect(
      await shop.db
        .select()
        .from(coupons)
        .where(eq(coupons.ownerId, idOf(giver))),
    ).toHaveLength(10);
    expect((await checkLedger(shop.db)).problems).toEqual([]);
  });

  it('one gift claimed by 50 friends at once: exactly one order, one unit of stock', async () => {
    const giver = await signUp(shop);
    await grant(giver, POINTS);
    const gift = (await buyGift(giver)).body.data;
    await setStock(shop, ids['robe-s'], 20);
    const friends = await Promise.all(Array.from({ length: 50 }, () => signUp(shop)));
    const answers = await Promise.all(friends.map((friend) => claim(friend, gift.code)));
    expect(answers.filter((answer) => answer.body.code === 1)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.body.code !== 1)) expect(refused.body.code).toBe(-228);
    expect(await stockOf(shop, ids['robe-s'])).toBe(19);
    const [row] = await shop.db.select().from(coupons).where(eq(coupons.id, gift.couponId));
    expect(row!.status).toBe('activated');
  });

  it('gifts claimed at once for the last units in stock: never more orders than units', async () => {
    const giver = await signUp(shop);
    await grant(giver, POINTS * 6);
    const gifts = (await Promise.all(Array.from({ length: 6 }, () => buyGift(giver)))).map(
      (answer) => answer.body.data,
    );
    await setStock(shop, ids['robe-s'], 3);
    const friends = await Promise.all(gifts.map(() => signUp(shop)));
    const answers = await Promise.all(gifts.map((gift, index) => claim(friends[index]!, gift.code)));
    expect(answers.filter((answer) => answer.body.code === 1)).toHaveLength(3);
    expect(await stockOf(shop, ids['robe-s'])).toBe(0);
  });
});

describe('races on the same cart', () => {
  it('one customer checks out the same cart from ten tabs at once, 100 times: none fails, and no unit is lost or taken twice', async () => {
    await setStock(shop, ids['robe-m'], 1000);
    const customer = await signUp(shop);
    const replies: { code: number }[] = [];
    let asked = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (asked++ < 100) {
          replies.push(
            (
              await createOrder(shop, customer, {
                items: [{ goodsSpecificationId: ids['robe-m'], goodsQuantity: 1 }],
                deliveryAddress,
                payMethod: 'test',
              })
            ).body,
          );
        }
      }),
    );
    expect(replies.filter((reply) => reply.code !== 1)).toEqual([]);
    // Each checkout closed the earlier open ones it found: the units still held are those of the orders left open.
    const open = await shop.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, idOf(customer)), inArray(orders.status, awaitingPayment)));
    expect(open.length).toBeGreaterThan(0);
    expect((await stockOf(shop, ids['robe-m'])) + open.length).toBe(1000);
  });
});
