import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startJobs } from '@/app/jobs/scheduler';
import { createLogger } from '@/server/logger';
import { orders } from '@/server/db/schema';
import { payWithTestGateway, placeOrder, stockOf } from '../../../tests/support/orders';
import type { CartSku } from '../cart/fixtures/cart-catalogue';
import { closeExpiredOrders, completeSignedForOrders, markSignedFor, shipOrder } from './order-lifecycle';
import { aCustomer, aShop, anOrder } from '../../../tests/support/fixtures';

/* The background sweeps: plain functions of (db, now), called directly. */

const shop = await aShop({ catalogue: 'small' });
const { ids } = shop;
const customer = await aCustomer(shop);

const DAY_MS = 24 * 60 * 60 * 1000;
const item = (sku: CartSku, goodsQuantity: number) => ({ goodsSpecificationId: ids[sku], goodsQuantity });
const statusesOf = async (orderIds: number[]) => {
  const rows = await shop.db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(inArray(orders.id, orderIds));
  return orderIds.map((orderId) => rows.find((row) => row.id === orderId)?.status);
};
/** Moves the orders' payment time into the past. */
const expire = (orderIds: number[]) =>
  shop.db
    .update(orders)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(inArray(orders.id, orderIds));

describe('the expiry sweep', () => {
  it('closes unpaid orders past their payment time, failed ones too, returns their stock and leaves the rest alone', async () => {
    const stockBefore = await stockOf(shop, ids['robe-s']);
    const pending = await placeOrder(shop, customer, [item('robe-s', 2)]);
    const failed = await placeOrder(shop, customer, [item('robe-s', 1)]);
    await payWithTestGateway(shop, customer, failed.orderId, 'decline');
    const paid = await anOrder(shop, customer, [item('robe-s', 1)], { paid: true });
    await expire([pending.orderId, failed.orderId, paid.orderId]);
    const fresh = await placeOrder(shop, customer, [item('robe-s', 1)]);

    expect(await closeExpiredOrders(shop.db, new Date())).toBe(2);

    expect(await statusesOf([pending.orderId, failed.orderId, paid.orderId, fresh.orderId])).toEqual([3, 3, 1, 2]);
    expect(await stockOf(shop, ids['robe-s'])).toBe(stockBefore - 2);
    const [closed] = await shop.db.select().from(orders).where(eq(orders.id, pending.orderId));
    expect(closed!.cancelledAt).toBeInstanceOf(Date);
  });

  it('closes each order once and returns its stock once when two processes sweep at the same time', async () => {
    const stockBefore = await stockOf(shop, ids['robe-s']);
    const placed = await Promise.all(
      Array.from({ length: 12 }, (_, index) => placeOrder(shop, customer, [item('robe-s', index + 2)])),
    );
    await expire(placed.map((order) => order.orderId));

    const closed = await Promise.all([
      closeExpiredOrders(shop.db, new Date()),
      closeExpiredOrders(shop.db, new Date()),
    ]);

    expect(closed[0] + closed[1]).toBe(12);
    expect(await stockOf(shop, ids['robe-s'])).toBe(stockBefore);
    expect(new Set(await statusesOf(placed.map((order) => order.orderId)))).toEqual(new Set([3]));
  });
});

describe('the completion sweep', () => {
  it(`completes orders signed for longer ago than ORDER_AUTO_COMPLETE_DAYS`, async () => {
    const signedFor = async (daysAgo: number) => {
      const order = await anOrder(shop, customer, [item('robe-s', 1)], { paid: true });
      await shipOrder(shop.operator, order.orderNo, { carrier: 'DHL', trackingNumber: '123' });
      await markSignedFor(shop.db, order.orderNo, new Date(Date.now() - daysAgo * DAY_MS));
      return order.orderId;
    };
    const old = await signedFor(8);
    const recent = await signedFor(2);

    expect(await completeSignedForOrders(shop.db, new Date(), 7, shop.config.referenceRates)).toBe(1);
    expect(await statusesOf([old, recent])).toEqual([6, 5]);
    expect(await completeSignedForOrders(shop.db, new Date(), 7, shop.config.referenceRates)).toBe(0);
  });
});

describe('the job scheduler', () => {
  it('runs the sweeps when the shop starts, and stops cleanly', async () => {
    const order = await placeOrder(shop, customer, [item('robe-m', 1)]);
    await expire([order.orderId]);
    const jobs = startJobs({ ...shop.operator, logger: createLogger('silent') });
    await jobs.stop();
    expect(await statusesOf([order.orderId])).toEqual([3]);
  });
});
