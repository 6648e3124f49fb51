import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { OrderStatus } from '@/lib/order-status';
import { rebatePoints, type ReferenceRates } from '@/lib/money';
import type { Executor } from '@/server/db/client';
import { coupons, orders, users } from '@/server/db/schema';
import {
  balanceOf,
  energyReference,
  findRecord,
  postEnergy,
  referenceUsed,
  reverseDebit,
  takeBackPoints,
  takenBackSoFar,
} from './energy.ledger';

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
export async function creditPaidRecharge(
  tx: Executor,
  order: Pick<OrderRow, 'id' | 'userId' | 'kind' | 'energyPoints'>,
  now: Date,
): Promise<void> {
  if (order.kind !== 'recharge' || !order.energyPoints) return;
  await postEnergy(
    tx,
    {
      userId: order.userId,
      type: 'recharge',
      points: order.energyPoints,
      reference: energyReference.recharge(order.id),
    },
    now,
  );
  await tx
    .update(orders)
    .set({ status: OrderStatus.Completed, completedAt: now })
    .where(and(eq(orders.id, order.id), eq(orders.status, OrderStatus.Paid)));
}

/**
 * A refunded order's points go back, once: an order paid with energy points returns them to its buyer,
 * a cancelled gift order returns the coupon's points to the friend who gave it (under the coupon's own
 * refund reference, so a gift is never refunded twice). Nothing for other orders.
 */
export async function refundOrderPoints(tx: Executor, orderId: number, now: Date): Promise<void> {
  await reverseDebit(
    tx,
    energyReference.orderPayment(orderId),
    { type: 'refund', reference: energyReference.orderPaymentRefund(orderId) },
    now,
  );
  const [gift] = await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.orderId, orderId));
  if (gift)
    await reverseDebit(
      tx,
      energyReference.giftCoupon(gift.id),
      { type: 'gift-returned', reference: energyReference.giftCouponRefund(gift.id) },
      now,
    );
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
    await postEnergy(
      tx,
      { userId: row.beneficiaryId, type: 'rebate', points, reference: energyReference.rebate(row.orderId) },
      now,
    );
  }
}

/**
 * Money went back from a paid order (`goneBack` of the `held` it was paid with, a running total): the
 * points that money bought or earned go back in the same proportion, rounded up, once per step. A
 * recharge's points leave its buyer; a completed referred order's rebate leaves its beneficiary. What
 * the balance cannot cover is first made up by cancelling the customer's unused gift coupons (newest
 * first: their points were bought with that balance), and the rest is owed (a debt paid first from later
 * credits). See docs/decisions/076-money-after-the-sale.md.
 */
export async function takeBackOrderPoints(
  tx: Executor,
  order: Pick<OrderRow, 'id' | 'kind' | 'userId' | 'energyPoints'>,
  goneBack: number,
  held: number,
  now: Date,
): Promise<void> {
  if (held <= 0 || goneBack <= 0) return;
  const share = Math.min(goneBack, held) / held;
  if (order.kind === 'recharge' && order.energyPoints && (await findRecord(tx, energyReference.recharge(order.id)))) {
    await takeBackShare(tx, 'recharge', order.id, order.userId, Math.ceil(order.energyPoints * share), goneBack, now);
  }
  if (order.kind === 'goods') {
    const rebate = await findRecord(tx, energyReference.rebate(order.id));
    if (rebate)
      await takeBackShare(tx, 'rebate', order.id, rebate.userId, Math.ceil(rebate.points * share), goneBack, now);
  }
}

async function takeBackShare(
  tx: Executor,
  what: 'recharge' | 'rebate',
  orderId: number,
  userId: number,
  target: number,
  step: number,
  now: Date,
) {
  const due = target - (await takenBackSoFar(tx, energyReference.takeBackPrefix(what, orderId)));
  if (due <= 0) return;
  await cancelUnusedGiftsToCover(tx, userId, due, now);
  // The same running total may be reached again after money came back: each take-back keeps its own reference.
  let reference = energyReference.takeBack(what, orderId, step);
  for (let again = 2; await referenceUsed(tx, reference); again += 1)
    reference = energyReference.takeBack(what, orderId, `${step}.${again}`);
  await takeBackPoints(tx, { userId, points: due, reference }, now);
}

/**
 * Money that went back came back to the shop (a chargeback it won; `goneBack` is the running total
 * after it): the points taken back for that money are returned, down to the share the money still
 * gone takes, once per step (the movement that brought it back). The credit pays the customer's
 * debts first, as any credit does, so points that were owed are settled rather than given.
 */
export async function returnOrderPoints(
  tx: Executor,
  order: Pick<OrderRow, 'id' | 'kind' | 'userId' | 'energyPoints'>,
  goneBack: number,
  held: number,
  step: number,
  now: Date,
): Promise<void> {
  if (held <= 0) return;
  const share = Math.max(0, Math.min(goneBack, held)) / held;
  const earned =
    order.kind === 'recharge'
      ? { what: 'recharge' as const, record: await findRecord(tx, energyReference.recharge(order.id)) }
      : { what: 'rebate' as const, record: await findRecord(tx, energyReference.rebate(order.id)) };
  if (!earned.record) return;
  const excess =
    (await takenBackSoFar(tx, energyReference.takeBackPrefix(earned.what, order.id))) -
    Math.ceil(earned.record.points * share);
  if (excess <= 0) return;
  await postEnergy(
    tx,
    {
      userId: earned.record.userId,
      type: 'take-back-returned',
      points: excess,
      reference: energyReference.takeBackReturned(earned.what, order.id, step),
    },
    now,
  );
}

/** Cancels the customer's unused gift coupons, newest first, until their balance covers `points` (or none is left). */
async function cancelUnusedGiftsToCover(tx: Executor, userId: number, points: number, now: Date): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  let balance = await balanceOf(tx, userId);
  while (balance < points) {
    const [gift] = await tx
      .update(coupons)
      .set({ status: 'cancelled', cancelledAt: now })
      .where(
        eq(
          coupons.id,
          tx
            .select({ id: coupons.id })
            .from(coupons)
            .where(and(eq(coupons.ownerId, userId), eq(coupons.status, 'unused')))
            .orderBy(desc(coupons.id))
            .limit(1),
        ),
      )
      .returning({ id: coupons.id });
    if (!gift) return;
    await reverseDebit(
      tx,
      energyReference.giftCoupon(gift.id),
      { type: 'gift-returned', reference: energyReference.giftCouponRefund(gift.id) },
      now,
    );
    balance = await balanceOf(tx, userId);
  }
}
