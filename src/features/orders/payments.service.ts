import { randomUUID } from 'node:crypto';
import { and, desc, eq, exists, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { creditPaidRecharge, refundOrderPoints } from '@/features/energy/energy.hooks';
import { energyReference, postEnergy } from '@/features/energy/energy.ledger';
import { ErrorCode } from '@/lib/error-codes';
import { translate } from '@/lib/i18n';
import type { Language } from '@/lib/locale';
import { pointsToPay } from '@/lib/money';
import type { Executor } from '@/server/db/client';
import { orders, payments } from '@/server/db/schema';
import { ShopError, invalidInput } from '@/server/http/errors';
import { PaymentProviderError, type WebhookEvent } from '@/server/payments/provider';
import { sendOrderConfirmation } from './order-mails';
import { countSold, releaseStock } from './order-stock';
import { OrderStatus, awaitingPayment, type OrderStatusValue } from './orders';
import type { PayMethod, PaymentStart } from './orders.schema';
import { findOrder, findOwnOrder, orderNotFound, statusOf, toStatusInfo, type OrderDeps, type OrderRow } from './orders.service';

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

/** The request id of a refund is fixed per payment, so repeating a refund never pays back twice. */
const refundRequestId = (paymentId: number) => `refund-${paymentId}`;

/** The methods a customer can choose now, named in `language` (energy points are not among them). */
export function listPayMethods(deps: Pick<OrderDeps, 'payments'>, language: Language) {
  const { payMethods, clientId, sdkUrl } = deps.payments;
  return payMethods.map((payMethod) => ({ payMethod, name: translate(language, `payMethod.${payMethod}`), clientId, sdkUrl }));
}

/** -218 naming `payMethod` unless the active provider offers the method (energy points are always on offer for goods). */
export function checkPayMethod(deps: Pick<OrderDeps, 'payments'>, payMethod: PayMethod): void {
  if (payMethod === 'ep') return;
  if (!(deps.payments.payMethods as readonly string[]).includes(payMethod)) throw invalidInput('payMethod');
}

/** -217 with the current status: the order is paid, closed or past its payment time. */
function notAwaitingPayment(order: OrderRow) {
  return new ShopError(ErrorCode.OrderNotAbnormal, { data: { status: order.status } });
}

/**
 * Starts a new payment attempt for an order awaiting payment (a declined one may be tried again),
 * replacing any earlier attempt. Answers where the customer approves it.
 */
export async function startPayment(
  deps: OrderDeps,
  userId: number,
  body: { orderId: number; payMethod: PayMethod },
  language: Language,
  now = new Date(),
): Promise<PaymentStart> {
  const { db, config, payments: provider } = deps;
  const order = await findOwnOrder(db, userId, body.orderId);
  if (!awaitingPayment.includes(statusOf(order)) || order.expiresAt <= now) throw notAwaitingPayment(order);
  if (body.payMethod === 'ep') return payWithEnergy(deps, order, now);
  checkPayMethod(deps, body.payMethod);

  const requestId = randomUUID();
  const payment = await db.transaction(async (tx) => {
    const [pending] = await tx
      .update(orders)
      .set({ status: OrderStatus.PaymentPending, payMethod: body.payMethod })
      .where(and(eq(orders.id, order.id), inArray(orders.status, awaitingPayment)))
      .returning({ id: orders.id });
    if (!pending) throw notAwaitingPayment(order);
    await tx.update(payments).set({ status: 'superseded' }).where(and(eq(payments.orderId, order.id), eq(payments.status, 'created')));
    const [created] = await tx
      .insert(payments)
      .values({ orderId: order.id, provider: provider.name, method: body.payMethod, amount: order.payAmount, currency: order.currency, requestId })
      .returning();
    return created!;
  });

  const returnUrl = `${config.publicOrigin}/pay_result?orderId=${order.id}`;
  let created;
  try {
    created = await provider.createPayment(
      { orderNo: order.orderNo, amount: order.payAmount, currency: order.currency, method: body.payMethod, language, returnUrl, cancelUrl: `${returnUrl}&cancelled=1` },
      requestId,
    );
  } catch (error) {
    throw providerUnavailable(deps, error, { orderId: order.id });
  }
  await db.transaction(async (tx) => {
    await tx.update(payments).set({ providerOrderId: created.providerOrderId }).where(eq(payments.id, payment.id));
    await tx.update(orders).set({ providerOrderId: created.providerOrderId }).where(eq(orders.id, order.id));
  });
  return { orderId: order.id, payMethod: body.payMethod, providerOrderId: created.providerOrderId, approveUrl: created.approveUrl, paid: false };
}

/**
 * Pays a goods order with energy points: the points (pointsToPay, rounded up) leave the ledger and the
 * order becomes paid in one transaction, so either both happen or neither. Too few points answer -218
 * `points` (energy.notEnoughPoints) and change nothing; any open provider attempt is superseded (a
 * capture that still lands for it is refunded as for any order that can no longer be paid).
 */
async function payWithEnergy(deps: OrderDeps, order: OrderRow, now: Date): Promise<PaymentStart> {
  if (order.kind !== 'goods') throw invalidInput('payMethod');
  const points = pointsToPay(order.payAmount, order.currency, deps.config.referenceRates);
  await deps.db.transaction(async (tx) => {
    const [paid] = await tx
      .update(orders)
      .set({ status: OrderStatus.Paid, paidAt: now, payMethod: 'ep', providerOrderId: null })
      .where(and(eq(orders.id, order.id), inArray(orders.status, awaitingPayment), gt(orders.expiresAt, now)))
      .returning({ id: orders.id });
    if (!paid) throw notAwaitingPayment(order);
    if (points > 0) {
      const record = await postEnergy(tx, { userId: order.userId, type: 'order-payment', points: -points, reference: energyReference.orderPayment(order.id) }, now);
      await tx.update(orders).set({ paymentNumber: record.transactionNo }).where(eq(orders.id, order.id));
    }
    await tx.update(payments).set({ status: 'superseded' }).where(and(eq(payments.orderId, order.id), eq(payments.status, 'created')));
    await countSold(tx, order.id, 1);
  });
  await sendOrderConfirmation(deps, order.id).catch((error: unknown) => deps.logger.error({ err: error, orderId: order.id }, 'order confirmation mail failed'));
  return { orderId: order.id, payMethod: 'ep', providerOrderId: null, approveUrl: null, paid: true };
}

/** A provider that failed or did not answer: logged, and -1 (HTTP 502) so the customer tries again. */
function providerUnavailable(deps: Pick<OrderDeps, 'logger'>, error: unknown, context: Record<string, unknown>) {
  if (!(error instanceof PaymentProviderError)) return error;
  deps.logger.warn({ err: error, ...context }, 'payment provider call failed');
  return new ShopError(ErrorCode.RequestFailed, { status: 502 });
}

/**
 * Asks the provider to capture the payment, if nobody else is asking right now and the order can
 * still be paid, and records the outcome. A failure leaves the payment to be captured on a later try.
 */
export async function settlePayment(deps: OrderDeps, payment: PaymentRow, now = new Date()): Promise<void> {
  const { db } = deps;
  const [claimed] = await db
    .update(payments)
    .set({ captureStartedAt: now, captureRequestId: sql`coalesce(${payments.captureRequestId}, ${randomUUID()})` })
    .where(
      and(
        eq(payments.id, payment.id),
        eq(payments.status, 'created'),
        isNotNull(payments.providerOrderId),
        or(isNull(payments.captureStartedAt), lt(payments.captureStartedAt, new Date(now.getTime() - CAPTURE_LEASE_MS))),
        exists(db.select({ id: orders.id }).from(orders).where(and(eq(orders.id, payments.orderId), inArray(orders.status, awaitingPayment)))),
      ),
    )
    .returning();
  if (!claimed?.providerOrderId || !claimed.captureRequestId) return;

  let result;
  try {
    result = await deps.payments.capture(claimed.providerOrderId, claimed.captureRequestId);
  } catch (error) {
    // The outcome is unknown: keep the idempotency key, so the next try cannot capture a second time.
    deps.logger.warn({ err: error, paymentId: claimed.id }, 'capture failed; it will be tried again');
    await db.update(payments).set({ captureStartedAt: null }).where(eq(payments.id, claimed.id));
    return;
  }
  if (result.status === 'completed') return recordCapture(deps, claimed, result.captureId, now);
  if (result.status === 'declined') return recordDecline(db, claimed);
  // Nothing was captured: the next try may use a new key.
  await db.update(payments).set({ captureStartedAt: null, captureRequestId: null }).where(eq(payments.id, claimed.id));
}

/**
 * Records a capture the provider reported (its answer to our capture, or a webhook), once. The order
 * becomes paid if it still awaits payment; otherwise (closed meanwhile, or paid by another attempt)
 * the money goes straight back.
 */
export async function recordCapture(deps: OrderDeps, payment: PaymentRow, captureId: string, now = new Date()): Promise<void> {
  const outcome = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for('update');
    if (!current || current.captureId === captureId) return 'known' as const;
    if (current.captureId) return 'orphan' as const;
    const [paid] = await tx
      .update(orders)
      .set({ status: OrderStatus.Paid, paidAt: now, paymentNumber: captureId, payMethod: current.method, providerOrderId: current.providerOrderId })
      .where(and(eq(orders.id, current.orderId), inArray(orders.status, awaitingPayment)))
      .returning({ id: orders.id, userId: orders.userId, kind: orders.kind, energyPoints: orders.energyPoints });
    await tx
      .update(payments)
      .set({ captureId, capturedAt: now, captureStartedAt: null, ...(paid ? { status: 'captured' as const } : {}) })
      .where(eq(payments.id, current.id));
    if (!paid) return 'orphan' as const;
    await countSold(tx, paid.id, 1);
    // The one place a provider's payment makes an order paid: a recharge credits its points here.
    await creditPaidRecharge(tx, paid, now);
    return 'paid' as const;
  });

  if (outcome === 'paid') {
    // The payment stands whatever happens to the mail; a failed mail is logged, not the customer's problem.
    await sendOrderConfirmation(deps, payment.orderId).catch((error: unknown) =>
      deps.logger.error({ err: error, orderId: payment.orderId }, 'order confirmation mail failed'),
    );
  } else if (outcome === 'orphan') {
    await refundOrphanCapture(deps, payment, captureId, now);
  }
}

/** Money captured for an order that can no longer take it goes back at once. */
async function refundOrphanCapture(deps: OrderDeps, payment: PaymentRow, captureId: string, now: Date) {
  deps.logger.warn({ orderId: payment.orderId, paymentId: payment.id, captureId }, 'capture for an order that can no longer be paid: refunding it');
  try {
    await deps.payments.refund(captureId, { amount: payment.amount, currency: payment.currency }, refundRequestId(payment.id));
    await deps.db.update(payments).set({ status: 'refunded', refundedAt: now }).where(eq(payments.captureId, captureId));
  } catch (error) {
    deps.logger.error({ err: error, orderId: payment.orderId, captureId }, 'refund of a surplus capture failed: refund it by hand');
  }
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
    .where(and(eq(orders.id, declined.orderId), eq(orders.status, OrderStatus.PaymentPending), eq(orders.providerOrderId, declined.providerOrderId ?? '')));
}

/** The customer's return from the provider (`token` is the provider's order id): capture now. */
export async function completeReturn(deps: OrderDeps, userId: number, body: { orderId: number; token: string }, now = new Date()) {
  const order = await findOwnOrder(deps.db, userId, body.orderId);
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.provider, deps.payments.name), eq(payments.providerOrderId, body.token)));
  if (!payment) throw orderNotFound();
  await settlePayment(deps, payment, now);
  return toStatusInfo(await findOrder(deps.db, order.id));
}

/** The status for the result page; an order still pending is settled with the provider first. */
export async function checkOrderStatus(deps: OrderDeps, userId: number, orderId: number, now = new Date()) {
  const order = await findOwnOrder(deps.db, userId, orderId);
  if (order.status !== OrderStatus.PaymentPending) return toStatusInfo(order);
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'created'), isNotNull(payments.providerOrderId)))
    .orderBy(desc(payments.id))
    .limit(1);
  if (payment) await settlePayment(deps, payment, now);
  return toStatusInfo(await findOrder(deps.db, order.id));
}

/** Acts on a verified webhook event about one of the shop's payments; others are ignored. */
export async function handlePaymentEvent(deps: OrderDeps, event: WebhookEvent, now = new Date()): Promise<void> {
  if (event.type === 'other') return;
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, deps.payments.name), eq(payments.providerOrderId, event.providerOrderId)));
  if (!payment) return;
  if (event.type === 'capture-completed') await recordCapture(deps, payment, event.captureId, now);
  else await recordDecline(deps.db, payment);
}

/**
 * Pays back a paid order through the provider and closes it. Stock returns only when nothing was
 * shipped (status 1). The order is claimed first, so shipping cannot slip in between; if the provider
 * fails, the claim is undone and the order stays as it was. -217 when the order is not in one of
 * `allowed` statuses.
 */
export async function refundOrder(deps: OrderDeps, order: OrderRow, allowed: OrderStatusValue[], now = new Date()): Promise<void> {
  const { db } = deps;
  const status = statusOf(order);
  if (!allowed.includes(status)) throw new ShopError(ErrorCode.OrderNotAbnormal, { data: { status } });
  const [claimed] = await db
    .update(orders)
    .set({ status: OrderStatus.Closed, cancelledAt: now })
    .where(and(eq(orders.id, order.id), eq(orders.status, status)))
    .returning({ id: orders.id });
  if (!claimed) throw new ShopError(ErrorCode.OrderNotAbnormal, { data: { status: (await findOrder(db, order.id)).status } });

  const [payment] = await db.select().from(payments).where(and(eq(payments.orderId, order.id), eq(payments.status, 'captured')));
  try {
    if (payment?.captureId) await deps.payments.refund(payment.captureId, { amount: payment.amount, currency: payment.currency }, refundRequestId(payment.id));
  } catch (error) {
    await db.update(orders).set({ status, cancelledAt: null }).where(and(eq(orders.id, order.id), eq(orders.status, OrderStatus.Closed)));
    throw providerUnavailable(deps, error, { orderId: order.id });
  }
  await db.transaction(async (tx) => {
    if (payment) await tx.update(payments).set({ status: 'refunded', refundedAt: now }).where(eq(payments.id, payment.id));
    await tx.update(orders).set({ refundedAt: now }).where(eq(orders.id, order.id));
    if (status === OrderStatus.Paid) await releaseStock(tx, [order.id]);
    await countSold(tx, order.id, -1);
    await refundOrderPoints(tx, order.id, now);
  });
}
