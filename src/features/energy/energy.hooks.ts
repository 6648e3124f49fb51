import { and, asc, eq, inArray } from 'drizzle-orm';
import { OrderStatus } from '@/features/orders/orders';
import { rebatePoints, type ReferenceRates } from '@/lib/money';
import type { Executor } from '@/server/db/client';
import { coupons, orders, users } from '@/server/db/schema';
import { energyReference, postEnergy, reverseDebit } from './energy.ledger';

/*
 * Where orders move the ledger. The orders domain calls these inside the transaction that moves the
 * order, so the order and its points change together or not at all. They import nothing from the
 * order services, so the orders domain can import them. See docs/decisions/018-energy-ledger.md.
 */

type OrderRow = typeof orders.$inferSelect;

/**
 * An order became paid: a recharge credits its points once and completes, as nothing is left to ship
 * (so it can no longer be cancelled for a refund of money whose points may already be spent).
 */
export async function creditPaidRecharge(tx: Executor, order: Pick<OrderRow, 'id' | 'userId' | 'kind' | 'energyPoints'>, now: Date): Promise<void> {
  if (order.kind !== 'recharge' || !order.energyPoints) return;
  await postEnergy(tx, { userId: order.userId, type: 'recharge', points: order.energyPoints, reference: energyReference.recharge(order.id) }, now);
  await tx.update(orders).set({ status: OrderStatus.Completed, completedAt: now }).where(and(eq(orders.id, order.id), eq(orders.status, OrderStatus.Paid)));
}

/**
 * A refunded order's points go back, once: an order paid with energy points returns them to its buyer,
 * a cancelled gift order returns the coupon's points to the friend who gave it (under the coupon's own
 * refund reference, so a gift is never refunded twice). Nothing for other orders.
 */
export async function refundOrderPoints(tx: Executor, orderId: number, now: Date): Promise<void> {
  await reverseDebit(tx, energyReference.orderPayment(orderId), { type: 'refund', reference: energyReference.orderPaymentRefund(orderId) }, now);
  const [gift] = await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.orderId, orderId));
  if (gift) await reverseDebit(tx, energyReference.giftCoupon(gift.id), { type: 'gift-returned', reference: energyReference.giftCouponRefund(gift.id) }, now);
}

/**
 * Orders completed: each goods order's rebate beneficiary (never its buyer) earns their rebate rate
 * of the goods total after the discount, in points rounded down, once per order.
 */
export async function creditRebates(tx: Executor, orderIds: number[], rates: ReferenceRates, now: Date): Promise<void> {
  if (orderIds.length === 0) return;
  const rows = await tx
    .select({
      orderId: orders.id,
      buyerId: orders.userId,
      beneficiaryId: users.id,
      rebateRate: users.rebateRate,
      goodsTotal: orders.goodsTotal,
      discountAmount: orders.discountAmount,
      currency: orders.currency,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.rebateBeneficiaryId))
    .where(and(inArray(orders.id, orderIds), eq(orders.kind, 'goods'), eq(orders.status, OrderStatus.Completed)))
    // Beneficiaries are locked in id order, so two sweeps crediting the same people cannot deadlock.
    .orderBy(asc(users.id), asc(orders.id));
  for (const row of rows) {
    if (row.beneficiaryId === row.buyerId) continue;
    const points = rebatePoints(row.goodsTotal - row.discountAmount, row.currency, Number(row.rebateRate), rates);
    if (points <= 0) continue;
    await postEnergy(tx, { userId: row.beneficiaryId, type: 'rebate', points, reference: energyReference.rebate(row.orderId) }, now);
  }
}
