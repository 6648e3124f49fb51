// Kept in one file: asking the provider, recording the answer and finishing a refund share the attempt's key and the
// running totals.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import * as ErrorCode from '@/lib/error-codes';
import type { Currency } from '@/lib/locale';
import type { Executor } from '@/server/db/client';
import { orders, payments } from '@/server/db/schema';
import { ShopError, invalidInput } from '@/server/http/errors';
import type { RefundResult } from '@/server/payments/provider';
import {
  finishOrderRefund,
  type RefundOutcome,
  finishRefund,
  moneyTotals,
  recordMoneyBack,
} from '@/features/orders/order-money';
import { closeAwaitingPayment } from '@/features/orders/order-stock';
import { OrderStatus, type OrderStatusValue } from '@/lib/order-status';
import { findOrder, statusOf, type OrderDeps, type OrderRow } from '@/features/orders/orders.service';
import { providerUnavailable } from './provider-unavailable';

/*
 * Paying back a paid order through the provider: all of it or part, with one idempotency key per
 * attempt, so an answer that was lost can be asked about again without refunding twice.
 */

type PaymentRow = typeof payments.$inferSelect;

/**
 * The idempotency key of a payment's refund attempt: the one kept from an attempt whose answer was
 * lost (so asking again cannot pay back twice), or a new one, unique to this shop, for a new attempt.
 */
export async function refundAttemptKey(
  db: Executor,
  paymentId: number,
  amount: number,
): Promise<{ key: string; asked: number }> {
  const [row] = await db
    .update(payments)
    .set({
      refundRequestAmount: sql`case when ${payments.refundRequestId} is null then ${amount} else coalesce(${payments.refundRequestAmount}, ${amount}) end`,
      refundRequestId: sql`coalesce(${payments.refundRequestId}, ${`refund-${randomUUID()}`})`,
    })
    .where(eq(payments.id, paymentId))
    .returning({ refundRequestId: payments.refundRequestId, refundRequestAmount: payments.refundRequestAmount });
  return { key: row!.refundRequestId!, asked: row!.refundRequestAmount ?? amount };
}
/** What a refund call's outcome was: an answer, or none (timeout, 5xx, 409: PayPal may have refunded). */
type RefundAttempt = { answered: true; result: RefundResult } | { answered: false; error: unknown };

/**
 * Asks the provider to refund a payment's capture, under the attempt's key: `amount` of it, or all that
 * is left with the shop (after earlier refunds); an attempt whose answer was lost asks again for what it
 * asked then. Answers the amount asked with the outcome.
 */
async function askRefund(
  deps: OrderDeps,
  payment: PaymentRow,
  amount?: number,
): Promise<RefundAttempt & { amount: number; key: string }> {
  const currency = (
    payment.status === 'mismatch' && payment.capturedCurrency ? payment.capturedCurrency : payment.currency
  ) as Currency;
  const { key, asked } = await refundAttemptKey(
    deps.db,
    payment.id,
    amount ?? (await moneyTotals(deps.db, payment)).left,
  );
  try {
    return {
      answered: true,
      amount: asked,
      key,
      result: await deps.payments.refund(payment.captureId!, { amount: asked, currency }, key),
    };
  } catch (error) {
    return { answered: false, amount: asked, key, error };
  }
}

/** A refund the provider completed counts toward the capture's totals (once, by its id) and moves the order by them. */
function countRefund(
  deps: OrderDeps,
  payment: PaymentRow,
  attempt: { amount: number; key: string },
  result: Extract<RefundResult, { status: 'completed' }>,
  now: Date,
) {
  return recordMoneyBack(
    deps.db,
    payment.id,
    {
      kind: 'refund',
      providerId: result.refundId ?? `request:${attempt.key}`,
      amount: attempt.amount,
      providerTotal: result.totalRefunded?.amount ?? null,
    },
    now,
  );
}

/** -1 (HTTP 502): the refund's answer was lost; the order stays closed, not shippable, until it is known. */
function refundUnknown(deps: Pick<OrderDeps, 'logger'>, error: unknown, orderId: number) {
  deps.logger.warn(
    { err: error, orderId },
    'the refund was asked but its answer was lost: refund unknown until the provider tells',
  );
  return new ShopError(ErrorCode.RequestFailed, {
    status: 502,
    message: 'payment.refundUnknown',
    data: { refund: 'unknown' },
  });
}

/**
 * Pays back a paid order through the provider and closes it. Stock returns only when nothing was
 * shipped. The order is claimed first, so shipping cannot slip in between. The provider's answer
 * decides the rest: `refunded` (done: stock, sold count and points return); `pending` (the provider
 * still processes it: the order stays closed and the rest happens when its webhook says COMPLETED);
 * a refusal (FAILED, CANCELLED, or a refund the provider will not make) undoes the claim and changes
 * nothing else: -1 (HTTP 502), with the provider's reason in `data.reason`; the next attempt has a new
 * request id. No answer (the provider may have refunded): the order stays closed with its refund
 * "unknown" (-1, HTTP 502, `data.refund` = unknown) until the provider's webhook or asking again under
 * the same request id settles it. -217 when the order is not in one of `allowed` statuses.
 */
export async function refundOrder(
  deps: OrderDeps,
  order: OrderRow,
  allowed: OrderStatusValue[],
  now = new Date(),
  amount?: number,
): Promise<RefundOutcome> {
  const { db } = deps;
  const status = statusOf(order);
  if (!allowed.includes(status)) throw new ShopError(ErrorCode.OrderNotAbnormal, { data: { status } });
  if (amount !== undefined) {
    const partial = await refundPart(deps, order, amount, now);
    if (partial) return partial;
  }
  const [claimed] = await db
    .update(orders)
    .set({ status: OrderStatus.Closed, cancelledAt: now })
    .where(and(eq(orders.id, order.id), eq(orders.status, status)))
    .returning({ id: orders.id });
  if (!claimed)
    throw new ShopError(ErrorCode.OrderNotAbnormal, { data: { status: (await findOrder(db, order.id)).status } });

  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'captured')));
  if (!payment?.captureId) {
    if (payment) await finishRefund(db, payment, null, now);
    else await db.transaction((tx) => finishOrderRefund(tx, order.id, now));
    return 'refunded';
  }
  return settleRefundAttempt(deps, payment, await askRefund(deps, payment), now);
}

export type { RefundOutcome };

/**
 * Refunds `amount` (minor units) of a paid order's capture, less than is left of it: the order stays as
 * it is (it may still ship), and the capture's running totals take the refund when the provider
 * completes it (that share of the points it bought or earned goes back). Null when `amount` is all
 * that is left (the caller refunds in full). -218 `amount` for nothing or more than is left, or for an
 * order paid otherwise than by a capture. A lost answer keeps the attempt's request id and amount, so
 * asking again cannot refund twice (-1, HTTP 502, `data.refund` = unknown-part).
 */
async function refundPart(deps: OrderDeps, order: OrderRow, amount: number, now: Date): Promise<RefundOutcome | null> {
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'captured')));
  if (!payment?.captureId) throw invalidInput('amount');
  const { left } = await moneyTotals(deps.db, payment);
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > left) throw invalidInput('amount');
  if (amount === left && payment.refundRequestId === null) return null;
  const attempt = await askRefund(deps, payment, amount);
  if (!attempt.answered) {
    deps.logger.warn({ err: attempt.error, orderId: order.id }, 'a partial refund was asked but its answer was lost');
    throw new ShopError(ErrorCode.RequestFailed, {
      status: 502,
      message: 'payment.refundUnknown',
      data: { refund: 'unknown-part', amount: attempt.amount },
    });
  }
  const { result } = attempt;
  const done = { refundRequestId: null, refundRequestAmount: null };
  if (result.status === 'refused') {
    await deps.db.update(payments).set(done).where(eq(payments.id, payment.id));
    throw new ShopError(ErrorCode.RequestFailed, {
      status: 502,
      message: 'payment.refundRefused',
      data: { reason: result.reason },
    });
  }
  await deps.db
    .update(payments)
    .set({ ...done, refundId: result.refundId ?? payment.refundId })
    .where(eq(payments.id, payment.id));
  if (result.status === 'pending') return 'pending';
  const { all } = await countRefund(deps, payment, attempt, result, now);
  return all ? 'refunded' : 'partly-refunded';
}

/**
 * What a refund's answer means for a paid order already closed for it: done, pending, unknown (no
 * answer), or refused, which puts the order back as it was before the refund (paid, or as far as it
 * shipped) and frees the attempt's request id. Done but not all of it (an earlier attempt asked for
 * part): the rest is asked for at once.
 */
async function settleRefundAttempt(
  deps: OrderDeps,
  payment: PaymentRow,
  attempt: RefundAttempt & { amount: number; key: string },
  now: Date,
): Promise<'refunded' | 'pending'> {
  const { db } = deps;
  if (!attempt.answered) {
    await db
      .update(payments)
      .set({ status: 'refund-unknown' })
      .where(and(eq(payments.id, payment.id), inArray(payments.status, ['captured', 'refund-unknown'])));
    throw refundUnknown(deps, attempt.error, payment.orderId);
  }
  const { result } = attempt;
  if (result.status === 'pending') {
    await db
      .update(payments)
      .set({ status: 'refund-pending', refundId: result.refundId })
      .where(eq(payments.id, payment.id));
    return 'pending';
  }
  if (result.status === 'completed') {
    await db
      .update(payments)
      .set({ refundRequestId: null, refundRequestAmount: null })
      .where(eq(payments.id, payment.id));
    const { all } = await countRefund(deps, payment, attempt, result, now);
    if (all) return 'refunded';
    const [current] = await db.select().from(payments).where(eq(payments.id, payment.id));
    return settleRefundAttempt(deps, current!, await askRefund(deps, current!), now);
  }
  await putBackAfterRefusedRefund(db, payment);
  deps.logger.warn(
    { orderId: payment.orderId, reason: result.reason },
    'the payment provider refused the refund; the order is unchanged',
  );
  throw new ShopError(ErrorCode.RequestFailed, {
    status: 502,
    message: 'payment.refundRefused',
    data: { reason: result.reason },
  });
}

/** A refused refund: the payment is captured again (a new attempt gets a new request id) and its order as before. */
async function putBackAfterRefusedRefund(db: Executor, payment: PaymentRow): Promise<void> {
  await db.transaction(async (tx) => {
    const [back] = await tx
      .update(payments)
      .set({ status: 'captured', refundRequestId: null, refundRequestAmount: null })
      .where(
        and(eq(payments.id, payment.id), inArray(payments.status, ['captured', 'refund-pending', 'refund-unknown'])),
      )
      .returning();
    if (!back) return;
    const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId));
    if (!order) return;
    const before = order.signedAt ? OrderStatus.SignedFor : order.shippedAt ? OrderStatus.Shipped : OrderStatus.Paid;
    await tx
      .update(orders)
      .set({ status: before, cancelledAt: null })
      .where(and(eq(orders.id, order.id), eq(orders.status, OrderStatus.Closed), isNull(orders.refundedAt)));
  });
}

/**
 * The operator asks where the refund of a closed order stands: one PayPal still processes (`pending`
 * until it completes, then finished here as its webhook would), or one whose answer was lost (asked
 * again under the same request id, so PayPal answers what it did, or refunds now if it never got
 * it). A refusal is thrown as in `refundOrder` and puts the order back as it was; null when the order
 * has no such refund.
 */
export async function checkPendingRefund(
  deps: OrderDeps,
  order: OrderRow,
  now = new Date(),
): Promise<'refunded' | 'pending' | null> {
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), inArray(payments.status, ['refund-pending', 'refund-unknown'])));
  if (!payment) return null;
  if (payment.status === 'refund-unknown')
    return settleRefundAttempt(deps, payment, await askRefund(deps, payment), now);
  if (!payment.refundId) return null;
  let result: RefundResult;
  try {
    result = await deps.payments.refundStatus(payment.refundId);
  } catch (error) {
    throw providerUnavailable(deps, error, { orderId: order.id });
  }
  if (result.status === 'pending') return 'pending';
  const asked = {
    amount: payment.refundRequestAmount ?? (await moneyTotals(deps.db, payment)).left,
    key: payment.refundRequestId ?? payment.refundId,
  };
  return settleRefundAttempt(deps, payment, { answered: true, result, ...asked }, now);
}

/**
 * The operator refunds a capture held because it was not the order's amount or currency (what was
 * captured goes back; the unpaid order closes and its stock returns). Null when the order has none.
 */
export async function refundMismatchedCapture(
  deps: OrderDeps,
  order: OrderRow,
  now = new Date(),
): Promise<'refunded' | 'pending' | null> {
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'mismatch')));
  if (!payment?.captureId) return null;
  const attempt = await askRefund(deps, payment);
  if (!attempt.answered) throw refundUnknown(deps, attempt.error, order.id);
  const { result } = attempt;
  if (result.status === 'refused') {
    await deps.db
      .update(payments)
      .set({ refundRequestId: null, refundRequestAmount: null })
      .where(eq(payments.id, payment.id));
    throw new ShopError(ErrorCode.RequestFailed, {
      status: 502,
      message: 'payment.refundRefused',
      data: { reason: result.reason },
    });
  }
  if (result.status === 'pending') {
    // The order is closed now; the payment is done when the provider's webhook says so.
    await deps.db.transaction(async (tx) => {
      await tx
        .update(payments)
        .set({ status: 'refund-pending', refundId: result.refundId })
        .where(eq(payments.id, payment.id));
      await closeAwaitingPayment(tx, eq(orders.id, order.id), now);
    });
    return 'pending';
  }
  await countRefund(deps, payment, attempt, result, now);
  return 'refunded';
}
