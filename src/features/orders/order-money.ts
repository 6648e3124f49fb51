import { and, eq, inArray, sql } from 'drizzle-orm';
import { orderHooks } from './order-hooks';
import { rowsOf, type Executor } from '@/server/db/client';
import { orders, paymentMovements, payments } from '@/server/db/schema';
import { metrics } from '@/server/metrics';
import { closeAwaitingPayment, countSold, releaseStock } from './order-stock';
import { OrderStatus, type OrderStatusValue } from '@/lib/order-status';
import { statusOf } from './orders.service';

/*
 * An order's money after the sale, judged by running totals, never one event alone: each refund,
 * reversal or lost dispute is one movement of its payment (recorded once per provider event); the
 * sums are what went back; the provider's own total, when it states one, is believed over the shop's.
 * Everything the order moved follows the totals: all of it back closes the order and returns its
 * stock (when nothing shipped), sold count and points; part of it takes back that share of the points
 * the money bought or earned. See docs/decisions/076-money-after-the-sale.md.
 */

type PaymentRow = typeof payments.$inferSelect;

/** Statuses of a payment whose money the shop holds (or may hold): a refund or a chargeback settles them. */
export const moneyHeld: PaymentRow['status'][] = ['captured', 'mismatch', 'refund-unknown', 'refund-pending'];
/** An order its payment paid for, whose money a refund made outside the shop (or a chargeback) took back. */
const paidOrLater: OrderStatusValue[] = [
  OrderStatus.Paid,
  OrderStatus.Shipped,
  OrderStatus.SignedFor,
  OrderStatus.Completed,
];

/** What the payment captured: the order's amount, or for a capture held as a mismatch what the provider took. */
export const heldOf = (payment: Pick<PaymentRow, 'status' | 'amount' | 'capturedAmount'>) =>
  payment.status === 'mismatch' && payment.capturedAmount !== null ? payment.capturedAmount : payment.amount;

export type MoneyTotals = { captured: number; refunded: number; reversed: number; left: number };

/** A payment's running totals: captured, refunded and reversed so far, and what is left with the shop. */
export async function moneyTotals(
  db: Executor,
  payment: Pick<PaymentRow, 'id' | 'status' | 'amount' | 'capturedAmount'>,
): Promise<MoneyTotals> {
  const [row] = rowsOf<{ refunded: string | number | null; reversed: string | number | null }>(
    await db.execute(sql`
      select sum(amount) filter (where kind = 'refund') as refunded, sum(amount) filter (where kind = 'reversal') as reversed
      from ${paymentMovements} where payment_id = ${payment.id}`),
  );
  const captured = heldOf(payment);
  const refunded = Number(row?.refunded ?? 0);
  const reversed = Number(row?.reversed ?? 0);
  return { captured, refunded, reversed, left: Math.max(0, captured - refunded - reversed) };
}

/** The running totals of the capture that paid an order; null when no capture paid it (unpaid, or paid with points). */
export async function orderMoneyTotals(db: Executor, orderId: number): Promise<MoneyTotals | null> {
  const [order] = await db.select({ paymentNumber: orders.paymentNumber }).from(orders).where(eq(orders.id, orderId));
  if (!order?.paymentNumber) return null;
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.captureId, order.paymentNumber)));
  return payment ? moneyTotals(db, payment) : null;
}

/** One provider event that sent money back: `amount` of it (null: all that is left), and the provider's total gone back to date when it says. */
export type MoneyBack = {
  kind: 'refund' | 'reversal';
  providerId: string;
  amount: number | null;
  providerTotal: number | null;
};

/**
 * Records that money went back from a payment's capture and moves the order to match, in one
 * transaction under the payment's lock. The event counts once (its provider id); it adds its amount,
 * or what brings the shop's total up to the provider's stated total when that is more, never more than
 * is left. Then: all of the capture back → the payment is `refunded` (or `reversed` when a chargeback
 * took part of it), its order closes whatever it had reached, stock returns if nothing shipped, sold
 * count and points go back; part of it → the order stays, and the points its money bought or earned go
 * back in proportion. Answers the totals after it and whether it was all.
 */
export async function recordMoneyBack(
  db: Executor,
  paymentId: number,
  back: MoneyBack,
  now: Date,
): Promise<{ totals: MoneyTotals; all: boolean; added: number }> {
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment) throw new Error(`no payment ${paymentId}`);
    const before = await moneyTotals(tx, payment);
    const gone = before.refunded + before.reversed;
    const stated = back.providerTotal === null ? 0 : back.providerTotal - gone;
    const added = Math.max(0, Math.min(before.left, Math.max(back.amount ?? before.left, stated)));
    const [inserted] = await tx
      .insert(paymentMovements)
      .values({ paymentId, kind: back.kind, providerId: back.providerId, amount: added, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: paymentMovements.id });
    const totals = inserted ? await moneyTotals(tx, payment) : before;
    const all = totals.left === 0;
    // A refund's own id is kept with a payment it settles (not an id the shop made up for an event without one).
    const refundId = back.kind === 'refund' && !back.providerId.includes(':') ? back.providerId : null;
    if (inserted && added > 0) await settleOrderMoney(tx, payment, totals, refundId, now);
    return { totals, all, added: inserted ? added : 0 };
  });
}

/**
 * Money a chargeback took came back to the shop (it won the dispute): up to `amount` of what was
 * reversed counts back, as a negative reversal, once per provider event, under the payment's lock.
 * Then what the money paid for stands again: a payment the reversal had settled holds money again; an
 * order it closed after shipping (or a recharge) is reopened at the step it had reached and counted as
 * sold again, and the points its money bought or earned are returned as far as the running totals
 * allow (an order paid by capture spent no points: those pay whole orders). An order closed before shipping stays closed (its stock is back on sale
 * and its buyer told it was cancelled): the money that came back is due to its buyer and refunded by
 * the surplus refund job. Answers the totals after it and the payment when a refund is due.
 */
export async function recordMoneyReturned(
  db: Executor,
  paymentId: number,
  returned: { providerId: string; amount: number },
  now: Date,
): Promise<{ totals: MoneyTotals; refundDue: PaymentRow | null }> {
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment) throw new Error(`no payment ${paymentId}`);
    const before = await moneyTotals(tx, payment);
    const amount = Math.min(returned.amount, before.reversed);
    if (amount <= 0) return { totals: before, refundDue: null };
    const [inserted] = await tx
      .insert(paymentMovements)
      .values({ paymentId, kind: 'reversal', providerId: returned.providerId, amount: -amount, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: paymentMovements.id });
    if (!inserted) return { totals: before, refundDue: null };
    const totals = await moneyTotals(tx, payment);
    if (payment.status === 'reversed' || payment.status === 'refunded') {
      await tx.update(payments).set({ status: 'captured', refundedAt: null }).where(eq(payments.id, payment.id));
    }
    const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId));
    if (!order || order.paymentNumber !== payment.captureId)
      return { totals, refundDue: await dueToBuyer(tx, payment.id, now) };
    if (order.status === OrderStatus.Closed && order.refundedAt !== null) {
      if (order.kind === 'goods' && order.shippedAt === null)
        return { totals, refundDue: await dueToBuyer(tx, payment.id, now) };
      await reopenOrder(tx, order);
      await countSold(tx, order.id, 1);
    }
    await orderHooks().moneyCameBack(tx, order, totals.refunded + totals.reversed, totals.captured, inserted.id, now);
    return { totals, refundDue: null };
  });
}

/** An order closed by its money going back stands again at the step it had reached. */
async function reopenOrder(tx: Executor, order: typeof orders.$inferSelect): Promise<void> {
  const status = order.completedAt
    ? OrderStatus.Completed
    : order.signedAt
      ? OrderStatus.SignedFor
      : order.shippedAt
        ? OrderStatus.Shipped
        : OrderStatus.Paid;
  await tx.update(orders).set({ status, cancelledAt: null, refundedAt: null }).where(eq(orders.id, order.id));
}

/** The payment's money is due back to its buyer: the surplus refund job asks the provider until it is refunded. */
async function dueToBuyer(tx: Executor, paymentId: number, now: Date): Promise<PaymentRow> {
  const [due] = await tx.update(payments).set({ refundDueSince: now }).where(eq(payments.id, paymentId)).returning();
  return due!;
}

/** A movement of a payment that moves nothing else (a surplus capture refunded), once per provider event. */
export async function noteMovement(
  db: Executor,
  paymentId: number,
  movement: { kind: 'refund' | 'reversal'; providerId: string; amount: number },
  now: Date,
): Promise<void> {
  await db
    .insert(paymentMovements)
    .values({ paymentId, ...movement, createdAt: now })
    .onConflictDoNothing();
}

/** What the totals mean for the payment and its order (inside the caller's transaction). */
async function settleOrderMoney(
  tx: Executor,
  payment: PaymentRow,
  totals: MoneyTotals,
  refundId: string | null,
  now: Date,
): Promise<void> {
  if (totals.left === 0) {
    await finishRefund(tx, payment, refundId, now, totals.reversed > 0 ? 'reversed' : 'refunded');
    return;
  }
  const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId));
  if (!order || order.paymentNumber !== payment.captureId) return;
  await orderHooks().moneyWentBack(tx, order, totals.refunded + totals.reversed, totals.captured, now);
}

/**
 * All the money went back (`refunded`, or `reversed` by a chargeback): the payment records it, and if
 * it paid its order, the order closes (whatever it had reached) and its stock (when nothing shipped),
 * sold count and points return, once. A capture held for a different amount closes its unpaid order.
 */
export async function finishRefund(
  db: Executor,
  payment: PaymentRow,
  refundId: string | null,
  now: Date,
  outcome: 'refunded' | 'reversed' = 'refunded',
): Promise<void> {
  await db.transaction(async (tx) => {
    const [refunded] = await tx
      .update(payments)
      .set({
        status: outcome,
        refundedAt: now,
        refundRequestId: null,
        refundRequestAmount: null,
        refundDueSince: null,
        ...(refundId ? { refundId } : {}),
      })
      .where(and(eq(payments.id, payment.id), inArray(payments.status, moneyHeld)))
      .returning();
    if (!refunded) return;
    metrics.refunds.inc({ outcome });
    if (payment.status === 'mismatch') {
      await closeAwaitingPayment(tx, eq(orders.id, payment.orderId), now);
      return;
    }
    const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId));
    // A surplus capture (the order was paid otherwise, or closed) gives back only itself.
    if (!order || order.paymentNumber !== refunded.captureId) return;
    if (paidOrLater.includes(statusOf(order))) {
      await tx.update(orders).set({ status: OrderStatus.Closed, cancelledAt: now }).where(eq(orders.id, order.id));
    } else if (order.status !== OrderStatus.Closed) return;
    await finishOrderRefund(tx, order.id, now);
  });
}

/** A closed order's money is all back: stock (when nothing shipped), sold count, points spent, and points bought or earned with it. */
export async function finishOrderRefund(db: Executor, orderId: number, now: Date): Promise<void> {
  const [order] = await db
    .update(orders)
    .set({ refundedAt: now })
    .where(and(eq(orders.id, orderId), sql`${orders.refundedAt} is null`))
    .returning();
  if (!order) return;
  if (order.shippedAt === null) await releaseStock(db, [order.id]);
  await countSold(db, order.id, -1);
  await orderHooks().refunded(db, order.id, now);
  await orderHooks().moneyWentBack(db, order, order.payAmount, order.payAmount, now);
}

/** What a refund did: all the money back (`refunded`), part of it (`partly-refunded`), or the provider still processes it (`pending`). */
export type RefundOutcome = 'refunded' | 'partly-refunded' | 'pending';
