import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { payments } from '@/server/db/schema';
import type { WebhookEvent } from '@/server/payments/provider';
import { moneyHeld, recordMoneyBack } from '@/features/orders/order-money';
import type { OrderDeps } from '@/features/orders/orders.service';
import { recordCapture, recordCaptureResult, settlePayment } from './capture';
import { recordDispute } from './disputes';
import { refundOrphanCapture } from './surplus-refunds';

/* The provider's notifications about the shop's payments (verified by payments.routes.ts). */

/** Acts on a verified webhook event about one of the shop's payments; others are logged and ignored. */
export async function handlePaymentEvent(deps: OrderDeps, event: WebhookEvent, now = new Date()): Promise<void> {
  if (event.type === 'other') {
    deps.logger.info({ eventType: event.eventType }, 'payment webhook ignored: the shop does not act on this event');
    return;
  }
  if (event.type === 'refund-completed') return moneyBackByEvent(deps, event, now);
  if (event.type === 'capture-reversed') return moneyBackByEvent(deps, event, now);
  if (event.type === 'dispute') {
    const refundDue = await recordDispute(deps, event.disputeId, now);
    if (refundDue?.captureId) await refundOrphanCapture(deps, refundDue, refundDue.captureId, now);
    return;
  }
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, deps.payments.name), eq(payments.providerOrderId, event.providerOrderId)));
  if (!payment) {
    deps.logger.info(
      { eventType: event.type, providerOrderId: event.providerOrderId },
      'payment webhook ignored: no payment of this shop',
    );
    return;
  }
  switch (event.type) {
    case 'capture-completed':
      await recordCapture(deps, payment, event, now);
      return;
    case 'capture-declined':
      await recordCaptureResult(deps, payment, { status: 'declined', reason: event.reason }, now);
      return;
    case 'capture-pending':
      await deps.db
        .update(payments)
        .set({ heldCaptureId: event.captureId, captureStartedAt: now })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'created'), isNull(payments.captureId)));
      return;
    case 'order-approved': {
      // The buyer approved at the provider (they may never come back to the shop's page): capture now.
      const [current] = await deps.db
        .update(payments)
        .set({ payerActionUrl: null })
        .where(eq(payments.id, payment.id))
        .returning();
      await settlePayment(deps, current ?? payment, now);
      return;
    }
  }
}

/**
 * PAYMENT.CAPTURE.REFUNDED or .REVERSED about one of the shop's captures: the shop's own refund
 * (pending, or whose answer was lost) is done, or money went back outside the shop (a refund made in
 * the provider's dashboard, a chargeback). Each counts once toward the capture's running totals, judged
 * with the provider's own total; the order moves by the totals (order-money.ts): all of it back closes
 * the order as any refund does, part of it takes back that share of the points.
 */
async function moneyBackByEvent(
  deps: OrderDeps,
  event: Extract<WebhookEvent, { type: 'refund-completed' | 'capture-reversed' }>,
  now: Date,
) {
  const refundId = event.type === 'refund-completed' ? event.refundId : null;
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.provider, deps.payments.name),
        inArray(payments.status, moneyHeld),
        or(
          event.captureId ? eq(payments.captureId, event.captureId) : undefined,
          refundId ? eq(payments.refundId, refundId) : undefined,
        ),
      ),
    );
  if (!payment) {
    deps.logger.info(
      { eventType: event.type, refundId, captureId: event.captureId },
      'refund webhook ignored: no capture of this shop holds this money',
    );
    return;
  }
  const money = event.type === 'refund-completed' ? event.refunded : event.amount;
  const currency = payment.status === 'mismatch' ? payment.capturedCurrency : payment.currency;
  if ((money && money.currency !== currency) || (event.totalRefunded && event.totalRefunded.currency !== currency)) {
    deps.logger.error(
      { orderId: payment.orderId, captureId: payment.captureId, money, total: event.totalRefunded },
      'money went back in another currency than captured: settle it by hand',
    );
    return;
  }
  const byShop = payment.status === 'refund-pending' || payment.status === 'refund-unknown';
  const providerId =
    event.type === 'refund-completed' ? event.refundId : (event.reversalId ?? `reversal:${event.captureId}`);
  const { totals, all, added } = await recordMoneyBack(
    deps.db,
    payment.id,
    {
      kind: event.type === 'capture-reversed' ? 'reversal' : 'refund',
      providerId,
      amount: money?.amount ?? null,
      providerTotal: event.totalRefunded?.amount ?? null,
    },
    now,
  );
  if (added === 0) return;
  const context = { orderId: payment.orderId, captureId: payment.captureId, totals };
  if (event.type === 'capture-reversed') {
    deps.logger.error(
      context,
      all
        ? 'the payment provider reversed a capture (a chargeback): the order is closed and its goods and points are returned'
        : 'the payment provider reversed part of a capture (a chargeback): that share of its points is taken back',
    );
  } else if (!byShop) {
    deps.logger.warn(
      context,
      all
        ? 'a refund was made at the payment provider: the order is closed and its goods and points are returned'
        : 'a partial refund was made at the payment provider: the order stays, that share of its points is taken back',
    );
  }
}
