import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { disputes, payments } from '@/server/db/schema';

type PaymentRow = typeof payments.$inferSelect;
import { recordMoneyBack, recordMoneyReturned } from '@/features/orders/order-money';
import type { OrderDeps } from '@/features/orders/orders.service';

/*
 * A buyer's dispute of a capture (a PayPal claim, or a card chargeback PayPal tells about). While it is
 * open, an order that has not shipped is held: shipping is refused until the operator decides (ship it
 * anyway, or refund it) or the dispute ends. Its outcome moves money as any refund does: lost, the
 * amount PayPal gave back to the buyer counts toward the capture's running totals (order-money.ts); won,
 * the hold ends and what a chargeback had taken comes back, moving the order the other way.
 * See docs/decisions/076-money-after-the-sale.md.
 */

/**
 * A dispute event arrived: the shop reads the dispute as it stands now (events may arrive out of
 * order, and reading settles any of them the same way) and records it once. A provider that does not
 * answer throws, so the webhook is answered with an error and sent again. Answers a payment whose
 * money came back for an order that stays closed: it is due to the buyer (the caller refunds it).
 */
export async function recordDispute(deps: OrderDeps, disputeId: string, now: Date): Promise<PaymentRow | null> {
  const info = await deps.payments.dispute(disputeId);
  const [payment] = info.captureIds.length
    ? await deps.db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, deps.payments.name), inArray(payments.captureId, info.captureIds)))
    : [];
  if (!payment) {
    deps.logger.info({ disputeId, captureIds: info.captureIds }, 'dispute ignored: no capture of this shop');
    return null;
  }
  const currency = payment.status === 'mismatch' ? payment.capturedCurrency : payment.currency;
  const amount =
    info.amount && info.amount.currency === currency && info.amount.amount !== null
      ? info.amount.amount
      : payment.amount;
  await deps.db
    .insert(disputes)
    .values({
      providerDisputeId: disputeId,
      paymentId: payment.id,
      orderId: payment.orderId,
      reason: info.reason,
      amount,
      createdAt: now,
    })
    .onConflictDoNothing();
  if (info.open) {
    deps.logger.warn(
      { orderId: payment.orderId, disputeId, reason: info.reason },
      'a buyer disputes a payment: an unshipped order is held until you decide',
    );
    return null;
  }
  const [resolved] = await deps.db
    .update(disputes)
    .set({ status: info.outcome === 'buyer' ? 'lost' : 'won', resolvedAt: now })
    .where(and(eq(disputes.providerDisputeId, disputeId), eq(disputes.status, 'open')))
    .returning();
  if (!resolved) return null;
  if (info.outcome === 'buyer') {
    const refunded = info.refunded && info.refunded.currency === currency ? info.refunded.amount : null;
    await recordMoneyBack(
      deps.db,
      payment.id,
      { kind: 'reversal', providerId: `dispute:${disputeId}`, amount: refunded, providerTotal: null },
      now,
    );
    deps.logger.error(
      { orderId: payment.orderId, disputeId, refunded: info.refunded },
      'a dispute was decided for the buyer: the money it took back counts against the order',
    );
    return null;
  }
  deps.logger.info(
    { orderId: payment.orderId, disputeId },
    'a dispute was decided for the shop: the order is no longer held',
  );
  const back =
    info.returnedToSeller && info.returnedToSeller.currency === currency ? (info.returnedToSeller.amount ?? 0) : 0;
  if (back <= 0) return null;
  const { totals, refundDue } = await recordMoneyReturned(
    deps.db,
    payment.id,
    { providerId: `dispute:${disputeId}:returned`, amount: back },
    now,
  );
  deps.logger.info(
    { orderId: payment.orderId, disputeId, returned: back, totals },
    'a chargeback won: its money came back to the shop',
  );
  return refundDue;
}

/** The operator decides to ship despite the open dispute: the hold ends (the dispute's outcome still moves money). Answers whether one was held. */
export async function releaseDisputeHold(db: Executor, orderId: number, now = new Date()): Promise<boolean> {
  const released = await db
    .update(disputes)
    .set({ releasedAt: now })
    .where(and(eq(disputes.orderId, orderId), eq(disputes.status, 'open'), isNull(disputes.releasedAt)))
    .returning({ id: disputes.id });
  return released.length > 0;
}
