// Kept in one file: the lease, the capture's idempotency key and the paid update are one protocol, read in the order
// its steps run.
import { randomUUID } from 'node:crypto';
import { and, eq, exists, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { orderHooks } from '@/features/orders/order-hooks';
import { rowsOf, type Executor } from '@/server/db/client';
import { orders, payments } from '@/server/db/schema';
import type { Mail } from '@/server/mail/mailer';
import { queueMailSql } from '@/server/mail/outbox';
import type { CapturedAmount, CaptureResult } from '@/server/payments/provider';
import { orderConfirmationFor } from '@/features/orders/order-mails';
import { countSoldSql } from '@/features/orders/order-stock';
import type { ProviderPayMethod } from '@/lib/pay-methods';
import { OrderStatus, awaitingPayment } from '@/lib/order-status';
import { orderFromRow, selectOrderColumns, type OrderDeps, type OrderRow } from '@/features/orders/orders.service';
import { metrics } from '@/server/metrics';
import { supersededInDoubt } from '@/features/orders/order-holds';
import { refundOrphanCapture } from './surplus-refunds';

/*
 * Paying orders through the configured provider. The customer's return, PayPal's webhook and the
 * result page's polling may all arrive at once, on several API processes: a lease on the payment lets
 * one caller at a time ask the provider to capture; a capture's idempotency key survives until its
 * outcome is known; the order becomes paid by one conditional update; and a capture that arrives for
 * an order that can no longer be paid is refunded at once. See docs/decisions/015-payment-providers.md.
 */

type PaymentRow = typeof payments.$inferSelect;

/** How long one caller may hold a capture before another may try (with the same idempotency key). */
const CAPTURE_LEASE_MS = 2 * 60_000;

/**
 * Asks the provider to capture the payment, if nobody else is asking right now and the order can
 * still be paid, and records the outcome. A failure leaves the payment to be captured on a later try.
 */
export async function settlePayment(deps: OrderDeps, payment: PaymentRow, now = new Date()): Promise<OrderRow | null> {
  const claimed = await claimCapture(deps.db, eq(payments.id, payment.id), now);
  return claimed ? captureClaimed(deps, claimed, now) : null;
}

/**
 * Claims the capture of the open payment `which` selects (with a provider order) whose order awaits
 * payment, unless another caller holds it; `buyerReturned` also ends what the provider asked of the buyer.
 */
export async function claimCapture(
  db: Executor,
  which: SQL | undefined,
  now: Date,
  buyerReturned = false,
): Promise<PaymentRow | undefined> {
  const [claimed] = await db
    .update(payments)
    .set({
      captureStartedAt: now,
      captureRequestId: sql`coalesce(${payments.captureRequestId}, ${randomUUID()})`,
      ...(buyerReturned ? { payerActionUrl: null } : {}),
    })
    .where(
      and(
        which,
        isNotNull(payments.providerOrderId),
        or(
          isNull(payments.captureStartedAt),
          lt(payments.captureStartedAt, new Date(now.getTime() - CAPTURE_LEASE_MS)),
        ),
        or(
          and(
            eq(payments.status, 'created'),
            exists(
              db
                .select({ id: orders.id })
                .from(orders)
                .where(and(eq(orders.id, payments.orderId), inArray(orders.status, awaitingPayment))),
            ),
          ),
          // A superseded attempt whose capture is held or unknown is still asked about, whatever its order became.
          supersededInDoubt,
        ),
      ),
    )
    .returning();
  return claimed;
}
/**
 * Asks the provider about an order's captures in doubt (held, or their answer lost, on any attempt),
 * as the sweep would, before the order is closed by someone else's decision (the customer cancelling).
 * Answers whether there were any.
 */
export async function askAboutMoneyInDoubt(deps: OrderDeps, orderId: number, now: Date): Promise<boolean> {
  const doubtful = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        inArray(payments.status, ['created', 'superseded']),
        or(isNotNull(payments.heldCaptureId), isNotNull(payments.captureRequestId)),
      ),
    );
  for (const payment of doubtful) await settlePayment(deps, payment, now);
  return doubtful.length > 0;
}
/**
 * Sweep: for unpaid orders past their payment time whose capture the provider holds or whose capture's
 * answer was lost, asks the provider where it stands (one call each, within the capture lease), so a
 * capture that completed pays its order and one refused lets the expiry sweep close it.
 */
export async function settleHeldCaptures(deps: OrderDeps, now = new Date()): Promise<number> {
  const held = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        isNotNull(payments.providerOrderId),
        or(
          and(
            eq(payments.status, 'created'),
            or(isNotNull(payments.heldCaptureId), isNotNull(payments.captureRequestId)),
            exists(
              deps.db
                .select({ id: orders.id })
                .from(orders)
                .where(
                  and(
                    eq(orders.id, payments.orderId),
                    inArray(orders.status, awaitingPayment),
                    lt(orders.expiresAt, now),
                  ),
                ),
            ),
          ),
          // A superseded attempt's held or unknown capture: asked about whatever its order became (a capture that completes is refunded if the order cannot take it).
          and(
            supersededInDoubt,
            or(
              isNull(payments.captureStartedAt),
              lt(payments.captureStartedAt, new Date(now.getTime() - CAPTURE_LEASE_MS)),
            ),
          ),
        ),
      ),
    )
    .orderBy(payments.id)
    .limit(100);
  let settled = 0;
  for (const payment of held) {
    await settlePayment(deps, payment, now);
    settled += 1;
  }
  return settled;
}

/** Asks the provider to capture a claimed payment and records the outcome; answers the order when this made it paid. */
export async function captureClaimed(deps: OrderDeps, claimed: PaymentRow, now: Date): Promise<OrderRow | null> {
  if (!claimed.providerOrderId || !claimed.captureRequestId) return null;
  let result: CaptureResult;
  try {
    // A capture the provider holds pending is only asked about: one read, no new capture.
    result = claimed.heldCaptureId
      ? await deps.payments.captureStatus(claimed.heldCaptureId)
      : await deps.payments.capture(
          claimed.providerOrderId,
          claimed.captureRequestId,
          claimed.method as ProviderPayMethod,
        );
  } catch (error) {
    // The outcome is unknown: keep the idempotency key, so the next try cannot capture a second time.
    deps.logger.warn({ err: error, paymentId: claimed.id }, 'capture failed; it will be tried again');
    await deps.db.update(payments).set({ captureStartedAt: null }).where(eq(payments.id, claimed.id));
    return null;
  }
  // A card's 3-D Secure outcome is kept with its attempt, captured or refused for it.
  if ((result.status === 'completed' || result.status === 'declined') && result.liabilityShift) {
    await deps.db.update(payments).set({ liabilityShift: result.liabilityShift }).where(eq(payments.id, claimed.id));
  }
  return recordCaptureResult(deps, claimed, result, now);
}

/** What the provider's answer about a capture means for the payment and its order. */
export async function recordCaptureResult(
  deps: OrderDeps,
  payment: PaymentRow,
  result: CaptureResult,
  now: Date,
): Promise<OrderRow | null> {
  const { db } = deps;
  metrics.payments.inc({ outcome: result.status });
  switch (result.status) {
    case 'completed':
      return recordCapture(deps, payment, result, now);
    case 'declined':
      deps.logger.info(
        { orderId: payment.orderId, paymentId: payment.id, reason: result.reason },
        'the payment provider refused the payment',
      );
      await recordDecline(db, payment);
      // A superseded attempt refused: nothing of it is in doubt any more.
      await db
        .update(payments)
        .set({ heldCaptureId: null, captureRequestId: null, captureStartedAt: null })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'superseded')));
      return null;
    case 'processing':
      // The provider holds the capture (a review, an eCheck): its webhook settles it; until then a
      // caller asks about it (one read) only once the lease has run out.
      await db
        .update(payments)
        .set({ heldCaptureId: result.captureId, captureStartedAt: now })
        .where(eq(payments.id, payment.id));
      return null;
    case 'payer-action':
      if (!result.approveUrl) {
        deps.logger.warn(
          { orderId: payment.orderId, paymentId: payment.id },
          'the provider wants the buyer back but gave no link: ending the attempt',
        );
        await recordDecline(db, payment);
        return null;
      }
      // Nothing was captured: the buyer finishes on the provider's page, and their return captures.
      await db
        .update(payments)
        .set({ payerActionUrl: result.approveUrl, captureStartedAt: null, captureRequestId: null })
        .where(eq(payments.id, payment.id));
      return null;
    case 'pending':
      // Nothing was captured: the next try may use a new key.
      await db
        .update(payments)
        .set({ captureStartedAt: null, captureRequestId: null })
        .where(eq(payments.id, payment.id));
      return null;
  }
}

/**
 * One statement: locks the payment (with `goodsOnly`, only when its order is a goods order: null
 * otherwise); if it has no capture yet, the order becomes paid when it still awaits payment, the
 * payment records the capture (captured only if it paid the order) and the account that paid (when
 * known), and the order's goods count as sold, their rows locked in id order (see order-stock.ts). `known` for a capture already recorded,
 * `orphan` for one that cannot pay the order (paid otherwise or closed).
 */
async function captureStatement(
  db: Executor,
  paymentId: number,
  captureId: string,
  payerId: string | null,
  now: Date,
  goodsOnly: boolean,
  confirmation: Mail,
) {
  const [row] = rowsOf<Record<string, unknown> & { locked: boolean | null; previousCaptureId: string | null }>(
    await db.execute(sql`
      with current as (
        select id, order_id, method, provider_order_id, capture_id from ${payments}
        where id = ${paymentId} and (${!goodsOnly} or exists (select 1 from ${orders} where ${orders.id} = ${payments.orderId} and ${orders.kind} = 'goods'))
        for update
      ), paid as (
        update ${orders} set status = ${OrderStatus.Paid}, paid_at = ${now}, payment_number = ${captureId},
          pay_method = current.method, provider_order_id = current.provider_order_id
        from current
        where ${orders.id} = current.order_id and current.capture_id is null and ${orders.status} in (${sql.join(awaitingPayment, sql`, `)})
        returning ${orders}.*
      ), recorded as (
        update ${payments} set capture_id = ${captureId}, captured_at = ${now}, capture_started_at = null, held_capture_id = null, payer_id = ${payerId},
          payer_action_url = null, status = case when exists (select 1 from paid) then 'captured' else ${payments.status} end
        from current where ${payments.id} = current.id and current.capture_id is null
      ), sold as (
        ${countSoldSql(sql`(select id from paid)`)}
      ), owed as (
        ${queueMailSql('order-confirmation', confirmation, sql`paid`)}
      )
      select current.id is not null as locked, current.capture_id as "previousCaptureId", ${selectOrderColumns(sql`paid`)}
      from (select 1) as one left join current on true left join paid on true`),
  );
  if (!row?.locked) return goodsOnly ? null : { outcome: 'known' as const, order: null };
  if (row.previousCaptureId === captureId) return { outcome: 'known' as const, order: null };
  if (row.previousCaptureId !== null || row.id === null) return { outcome: 'orphan' as const, order: null };
  return { outcome: 'paid' as const, order: orderFromRow(row) };
}

/** The provider captured exactly what the attempt asked for: the amount and the currency. */
const capturedAsAsked = (payment: PaymentRow, captured: CapturedAmount | null) =>
  captured !== null && captured.amount === payment.amount && captured.currency === payment.currency;

/**
 * Records a capture the provider reported (its answer to our capture, or a webhook), once. The order
 * becomes paid if it still awaits payment and the capture is of its amount and currency; otherwise
 * (closed meanwhile, or paid by another attempt) the money goes straight back. A capture of another
 * amount or currency pays nothing: it is held for the operator (docs/decisions/033).
 */
export async function recordCapture(
  deps: OrderDeps,
  payment: PaymentRow,
  {
    captureId,
    captured,
    payerId = null,
  }: { captureId: string; captured: CapturedAmount | null; payerId?: string | null | undefined },
  now = new Date(),
): Promise<OrderRow | null> {
  if (!capturedAsAsked(payment, captured)) {
    await holdMismatchedCapture(deps, payment, captureId, captured, now);
    return null;
  }
  // The confirmation is queued by the statement that pays the order (none if it does not).
  const confirmation = await orderConfirmationFor(deps, payment.orderId, captureId);
  const settle = async (): Promise<{ outcome: 'known' | 'orphan' | 'paid'; order: OrderRow | null }> => {
    // A goods order settles in one statement; a recharge (its points credited with it) in a transaction.
    const goods = await captureStatement(deps.db, payment.id, captureId, payerId, now, true, confirmation);
    if (goods) return goods;
    return deps.db.transaction(async (tx) => {
      const settled = (await captureStatement(tx, payment.id, captureId, payerId, now, false, confirmation)) ?? {
        outcome: 'known' as const,
        order: null,
      };
      // The one place a provider's payment makes an order paid: a recharge credits its points here.
      if (settled.order) await orderHooks().paid(tx, settled.order, now);
      return settled;
    });
  };
  const { outcome, order } = await settle();

  if (outcome === 'paid') {
    // A recharge completed on being credited: the row above is no longer its status.
    return order!.kind === 'goods' ? order : null;
  }
  if (outcome === 'orphan') await refundOrphanCapture(deps, payment, captureId, now);
  return null;
}

/**
 * A capture of another amount or currency than the attempt asked for: recorded once on its payment
 * (`mismatch`, with what was captured), the order left unpaid (the sweep keeps it), logged for the
 * operator, who sees it on the orders board and refunds it (`refund <orderNo>`).
 */
async function holdMismatchedCapture(
  deps: OrderDeps,
  payment: PaymentRow,
  captureId: string,
  captured: CapturedAmount | null,
  now: Date,
) {
  const [held] = await deps.db
    .update(payments)
    .set({
      status: 'mismatch',
      captureId,
      capturedAt: now,
      capturedAmount: captured?.amount ?? null,
      capturedCurrency: captured?.currency ?? null,
      captureStartedAt: null,
      heldCaptureId: null,
      payerActionUrl: null,
    })
    .where(
      and(
        eq(payments.id, payment.id),
        isNull(payments.captureId),
        inArray(payments.status, ['created', 'declined', 'superseded']),
      ),
    )
    .returning({ id: payments.id });
  if (!held) return;
  deps.logger.error(
    {
      orderId: payment.orderId,
      paymentId: payment.id,
      captureId,
      asked: { amount: payment.amount, currency: payment.currency },
      captured,
    },
    'the provider captured another amount or currency than the order: not paid, held for the operator (refund <orderNo> gives it back)',
  );
}
/** The provider declined: the attempt ends, and the order shows "payment failed" unless a newer attempt is under way. */
export async function recordDecline(db: Executor, payment: PaymentRow): Promise<void> {
  const [declined] = await db
    .update(payments)
    .set({ status: 'declined', captureStartedAt: null })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'created')))
    .returning();
  if (!declined) return;
  await db
    .update(orders)
    .set({ status: OrderStatus.PaymentFailed })
    .where(
      and(
        eq(orders.id, declined.orderId),
        eq(orders.status, OrderStatus.PaymentPending),
        eq(orders.providerOrderId, declined.providerOrderId ?? ''),
      ),
    );
}
