import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { payments } from '@/server/db/schema';
import type { RefundResult } from '@/server/payments/provider';
import { moneyTotals, noteMovement } from '@/features/orders/order-money';
import type { OrderDeps } from '@/features/orders/orders.service';
import { refundAttemptKey } from './refunds';

/* Money captured for an order that cannot take it (paid otherwise, or closed) goes back: at once, and by a job until the provider refunds it. */

type PaymentRow = typeof payments.$inferSelect;

/**
 * Money captured for an order that can no longer take it goes back at once. A refund that fails (no
 * answer, or refused) is not left to a log line: the payment is marked due (`refund_due_since`), the
 * orders board shows it, and the `refund surplus captures` job asks again (the same request id while
 * the answer is unknown, a new one after a refusal) until the provider refunds it.
 */
export async function refundOrphanCapture(deps: OrderDeps, payment: PaymentRow, captureId: string, now: Date) {
  deps.logger.warn(
    { orderId: payment.orderId, paymentId: payment.id, captureId },
    'capture for an order that can no longer be paid: refunding it',
  );
  // What is left of it: all of it for a surplus capture, the part a won chargeback brought back for an order that stays closed.
  const { left } = await moneyTotals(deps.db, payment);
  if (left === 0) {
    await deps.db.update(payments).set({ refundDueSince: null }).where(eq(payments.id, payment.id));
    return;
  }
  // A kept request id asks again for what it asked before (never a second refund).
  const { key, asked } = await refundAttemptKey(deps.db, payment.id, left);
  const due = () =>
    deps.db
      .update(payments)
      .set({ refundDueSince: sql`coalesce(${payments.refundDueSince}, ${now})` })
      .where(eq(payments.id, payment.id));
  let result: RefundResult;
  try {
    result = await deps.payments.refund(captureId, { amount: asked, currency: payment.currency }, key);
  } catch (error) {
    deps.logger.error(
      { err: error, orderId: payment.orderId, captureId },
      'refund of a surplus capture failed: it is asked again by a job',
    );
    await due();
    return;
  }
  if (result.status === 'refused') {
    deps.logger.error(
      { orderId: payment.orderId, captureId, reason: result.reason },
      'the provider refused to refund a surplus capture: it is asked again by a job',
    );
    await deps.db
      .update(payments)
      .set({ refundRequestId: null, refundRequestAmount: null })
      .where(eq(payments.id, payment.id));
    await due();
    return;
  }
  await deps.db
    .update(payments)
    .set(
      result.status === 'completed'
        ? {
            status: 'refunded',
            refundedAt: now,
            refundId: result.refundId,
            refundDueSince: null,
            refundRequestId: null,
            refundRequestAmount: null,
          }
        : { status: 'refund-pending', refundId: result.refundId, refundDueSince: null },
    )
    .where(eq(payments.captureId, captureId));
  if (result.status === 'completed')
    await noteMovement(
      deps.db,
      payment.id,
      { kind: 'refund', providerId: result.refundId ?? `request:${key}`, amount: asked },
      now,
    );
}

/**
 * Job: surplus captures whose refund failed are asked again, oldest first, until the provider
 * refunds them. Answers how many were asked.
 */
export async function refundSurplusCaptures(deps: OrderDeps, now = new Date()): Promise<number> {
  const due = await deps.db
    .select()
    .from(payments)
    .where(
      and(isNotNull(payments.refundDueSince), isNotNull(payments.captureId), eq(payments.provider, deps.payments.name)),
    )
    .orderBy(payments.refundDueSince)
    .limit(100);
  for (const payment of due) await refundOrphanCapture(deps, payment, payment.captureId!, now);
  return due.length;
}
