import { randomUUID } from 'node:crypto';
import { and, desc, eq, exists, gt, inArray, isNotNull, isNull, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { creditPaidRecharge } from '@/features/energy/energy.hooks';
import { energyReference, postEnergy } from '@/features/energy/energy.ledger';
import { checkSalesRules, readSalesRuleBook, type RuledLine } from '@/features/sales-rules/sales-rules.service';
import * as ErrorCode from '@/lib/error-codes';
import { translate } from '@/lib/i18n';
import type { Currency, Language } from '@/lib/locale';
import { pointsToPay } from '@/lib/money';
import { rowsOf, type Executor } from '@/server/db/client';
import type { CatalogueCache } from '@/server/db/catalogue-cache';
import { orderLines, orders, payments, type DeliveryAddressSnapshot } from '@/server/db/schema';
import type { Mail } from '@/server/mail/mailer';
import { queueMailSql } from '@/server/mail/outbox';
import { ShopError, invalidInput } from '@/server/http/errors';
import { PaymentProviderError, breakdownOf, type AmountBreakdown, type CapturedAmount, type CaptureResult, type RefundResult, type ShippingAddress, type WebhookEvent } from '@/server/payments/provider';
import { orderConfirmationFor, queueOrderConfirmation } from './order-mails';
import { recordDispute } from './order-disputes';
import { finishOrderRefund, finishRefund, moneyHeld, moneyTotals, noteMovement, recordMoneyBack } from './order-money';
import { closeAwaitingPayment, countSold, countSoldSql } from './order-stock';
import { OrderStatus, awaitingPayment, type OrderStatusValue, type ProviderPayMethod } from './orders';
import type { PayMethod, PaymentStart } from './orders.schema';
import { findOrder, findOwnOrder, orderFromRow, orderNotFound, selectOrderColumns, statusOf, toStatusInfo, type OrderDeps, type OrderRow } from './orders.service';
import { metrics } from '@/server/metrics';

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
 * The methods other than energy points, for an order in `currency`, named in `language`: each says
 * whether it can charge in that currency with this provider and merchant account, and if not, why
 * (docs/decisions/033-paypal-outcomes-and-currencies.md); under the test provider each says that no
 * money moves.
 */
export function listPayMethods(deps: Pick<OrderDeps, 'payments'>, language: Language, currency: Currency) {
  const { payMethods, currencies, clientId, sdkUrl, name } = deps.payments;
  return payMethods.map((payMethod) => {
    const available = currencies[payMethod].includes(currency);
    const others = currencies[payMethod].join(', ');
    const note = !available
      ? translate(language, others ? 'payMethod.notInCurrency' : 'payMethod.notOffered', { currency, currencies: others })
      : name === 'test'
        ? translate(language, 'payMethod.testNote')
        : null;
    return { payMethod, name: translate(language, `payMethod.${payMethod}`), available, note, clientId, sdkUrl };
  });
}

/** -218 naming `payMethod` unless the active provider offers the method in `currency` (energy points are always on offer for goods). */
export function checkPayMethod(deps: Pick<OrderDeps, 'payments'>, payMethod: PayMethod, currency: Currency): void {
  if (payMethod === 'ep') return;
  if (!(deps.payments.payMethods as readonly string[]).includes(payMethod) || !deps.payments.currencies[payMethod].includes(currency)) throw invalidInput('payMethod');
}

/** -222 for a currency the shop no longer sells in (SHOP_CURRENCIES), though pages prebuilt for it may still be served. */
export function checkShopCurrency(deps: Pick<OrderDeps, 'config'>, currency: Currency): void {
  if (!deps.config.site.currencies.includes(currency)) throw new ShopError(ErrorCode.CurrencyNotPayable);
}

/** `currency in (…)` for raw SQL; false for none. */
const inCurrencies = (currencies: readonly Currency[]) =>
  currencies.length === 0 ? sql`false` : sql`currency in (${sql.join(currencies.map((currency) => sql`${currency}`), sql`, `)})`;

/** Where an order's goods ship, for the provider; null when it has no delivery address. */
function shippingAddress(address: DeliveryAddressSnapshot | null): ShippingAddress | null {
  if (!address) return null;
  const { firstName, lastName, address: line1, address2, city, state, zipCode, country } = address;
  return { fullName: `${firstName} ${lastName}`.trim(), line1, line2: address2, city, state, postalCode: zipCode, countryCode: country };
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
  deps: OrderDeps & { catalogueCache?: CatalogueCache | undefined },
  userId: number,
  body: { orderId: number; payMethod: PayMethod },
  language: Language,
  now = new Date(),
): Promise<PaymentStart> {
  const { db, config, payments: provider } = deps;
  await checkOrderSalesRules(deps, userId, body);
  if (body.payMethod === 'ep') {
    const order = await findOwnOrder(db, userId, body.orderId);
    if (!awaitingPayment.includes(statusOf(order)) || order.expiresAt <= now) throw notAwaitingPayment(order);
    return payWithEnergy(deps, order, now);
  }
  if (!(provider.payMethods as readonly string[]).includes(body.payMethod)) throw invalidInput('payMethod');

  // One statement: the order (the caller's, awaiting payment, in a currency the method takes) becomes
  // pending, an earlier open attempt is superseded, and the new attempt is recorded.
  const requestId = randomUUID();
  const [order] = rowsOf<{ paymentId: number; id: number; orderNo: string; payAmount: number; currency: Currency; kind: string; deliveryAddress: DeliveryAddressSnapshot | null } & Omit<AmountBreakdown, 'itemTotal'> & { goodsTotal: number; taxIncluded: boolean }>(
    await db.execute(sql`
      with pending as (
        update ${orders} set status = ${OrderStatus.PaymentPending}, pay_method = ${body.payMethod}
        where id = ${body.orderId} and user_id = ${userId} and status in (${sql.join(awaitingPayment, sql`, `)})
          and expires_at > ${now} and ${inCurrencies(provider.currencies[body.payMethod])}
        returning id, order_no, pay_amount, currency, kind, delivery_address, goods_total, discount_amount, shipping_amount, tax_amount, tax_included
      ), superseded as (
        update ${payments} set status = 'superseded' where order_id in (select id from pending) and status = 'created'
      ), created as (
        insert into ${payments} (order_id, provider, method, amount, currency, request_id)
        select id, ${provider.name}, ${body.payMethod}, pay_amount, currency, ${requestId} from pending
        returning id, order_id
      )
      select created.id as "paymentId", pending.id, pending.order_no as "orderNo", pending.pay_amount as "payAmount", pending.currency,
        pending.kind, pending.delivery_address as "deliveryAddress", pending.goods_total as "goodsTotal", pending.discount_amount as "discountAmount",
        pending.shipping_amount as "shippingAmount", pending.tax_amount as "taxAmount", pending.tax_included as "taxIncluded"
      from created join pending on pending.id = created.order_id`),
  );
  if (!order) {
    // Why not: someone else's or no such order (-214), not awaiting payment (-217), or a method this currency cannot use (-218).
    const current = await findOwnOrder(db, userId, body.orderId);
    if (!awaitingPayment.includes(statusOf(current)) || current.expiresAt <= now) throw notAwaitingPayment(current);
    checkPayMethod(deps, body.payMethod, current.currency);
    throw notAwaitingPayment(current);
  }

  const returnUrl = `${config.publicOrigin}/pay_result?orderId=${order.id}`;
  let created;
  try {
    created = await provider.createPayment(
      {
        orderNo: order.orderNo,
        invoiceId: `${order.orderNo}-${order.paymentId}`,
        amount: order.payAmount,
        breakdown: breakdownOf(order),
        currency: order.currency,
        method: body.payMethod,
        shipTo: order.kind === 'goods' ? shippingAddress(order.deliveryAddress) : null,
        language,
        returnUrl,
        cancelUrl: `${returnUrl}&cancelled=1`,
      },
      requestId,
    );
  } catch (error) {
    throw providerUnavailable(deps, error, { orderId: order.id });
  }
  // The payment and its order learn the provider's id together, in one statement.
  await db.execute(sql`
    with attempt as (
      update ${payments} set provider_order_id = ${created.providerOrderId} where id = ${order.paymentId} returning order_id
    )
    update ${orders} set provider_order_id = ${created.providerOrderId} where id in (select order_id from attempt)`);
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
    await queueOrderConfirmation({ db: tx, config: deps.config }, order.id);
  });
  return { orderId: order.id, payMethod: 'ep', providerOrderId: null, approveUrl: null, paid: true };
}

/**
 * -260, before anything is written, when the sales rules as they are now refuse the goods of the
 * caller's order at its delivery address, or `payMethod` for them there (a rule may have changed since
 * the order was placed). A shop without rules reads nothing more.
 */
async function checkOrderSalesRules(deps: Pick<OrderDeps, 'db'> & { catalogueCache?: CatalogueCache | undefined }, userId: number, body: { orderId: number; payMethod: PayMethod }) {
  const book = await readSalesRuleBook({ db: deps.db, cache: deps.catalogueCache });
  if (book.rules.length === 0) return;
  const [order] = rowsOf<{ kind: string; deliveryAddress: DeliveryAddressSnapshot | null; lines: RuledLine[] }>(
    await deps.db.execute(sql`
      select o.kind, o.delivery_address as "deliveryAddress",
        coalesce((select json_agg(json_build_object('goodsId', l.goods_id, 'goodsSpecificationId', l.specification_id, 'goodsName', l.goods_name))
          from ${orderLines} l where l.order_id = o.id), '[]') as lines
      from ${orders} o where o.id = ${body.orderId} and o.user_id = ${userId}`),
  );
  // Someone else's or no such order is answered as before (-214); orders that ship nothing are not ruled.
  if (order?.kind !== 'goods' || !order.deliveryAddress) return;
  checkSalesRules(book, order.lines, order.deliveryAddress, body.payMethod);
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
export async function settlePayment(deps: OrderDeps, payment: PaymentRow, now = new Date()): Promise<OrderRow | null> {
  const claimed = await claimCapture(deps.db, eq(payments.id, payment.id), now);
  return claimed ? captureClaimed(deps, claimed, now) : null;
}

/**
 * Claims the capture of the open payment `which` selects (with a provider order) whose order awaits
 * payment, unless another caller holds it; `buyerReturned` also ends what the provider asked of the buyer.
 */
async function claimCapture(db: Executor, which: SQL | undefined, now: Date, buyerReturned = false): Promise<PaymentRow | undefined> {
  const [claimed] = await db
    .update(payments)
    .set({ captureStartedAt: now, captureRequestId: sql`coalesce(${payments.captureRequestId}, ${randomUUID()})`, ...(buyerReturned ? { payerActionUrl: null } : {}) })
    .where(
      and(
        which,
        isNotNull(payments.providerOrderId),
        or(isNull(payments.captureStartedAt), lt(payments.captureStartedAt, new Date(now.getTime() - CAPTURE_LEASE_MS))),
        or(
          and(
            eq(payments.status, 'created'),
            exists(db.select({ id: orders.id }).from(orders).where(and(eq(orders.id, payments.orderId), inArray(orders.status, awaitingPayment)))),
          ),
          // A superseded attempt whose capture is held or unknown is still asked about, whatever its order became.
          supersededInDoubt,
        ),
      ),
    )
    .returning();
  return claimed;
}

/** A superseded attempt whose capture the provider holds, or whose capture's answer was lost: its money may still arrive. */
const supersededInDoubt = and(eq(payments.status, 'superseded'), isNull(payments.captureId), or(isNotNull(payments.heldCaptureId), isNotNull(payments.captureRequestId)));

/**
 * Asks the provider about an order's captures in doubt (held, or their answer lost, on any attempt),
 * as the sweep would, before the order is closed by someone else's decision (the customer cancelling).
 * Answers whether there were any.
 */
export async function askAboutMoneyInDoubt(deps: OrderDeps, orderId: number, now: Date): Promise<boolean> {
  const doubtful = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['created', 'superseded']), or(isNotNull(payments.heldCaptureId), isNotNull(payments.captureRequestId))));
  for (const payment of doubtful) await settlePayment(deps, payment, now);
  return doubtful.length > 0;
}

/**
 * The payments of order `orderId` (a column) whose money may be the shop's: a capture the provider
 * holds pending, one asked for whose answer is not known, or one held for the operator (not the
 * order's amount or currency). An order with one is never closed as unpaid.
 */
export function moneyInDoubt(db: Executor, orderId: AnyColumn) {
  return db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        or(and(eq(payments.status, 'created'), or(isNotNull(payments.heldCaptureId), isNotNull(payments.captureRequestId))), supersededInDoubt, eq(payments.status, 'mismatch')),
      ),
    );
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
            exists(deps.db.select({ id: orders.id }).from(orders).where(and(eq(orders.id, payments.orderId), inArray(orders.status, awaitingPayment), lt(orders.expiresAt, now)))),
          ),
          // A superseded attempt's held or unknown capture: asked about whatever its order became (a capture that completes is refunded if the order cannot take it).
          and(supersededInDoubt, or(isNull(payments.captureStartedAt), lt(payments.captureStartedAt, new Date(now.getTime() - CAPTURE_LEASE_MS)))),
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
async function captureClaimed(deps: OrderDeps, claimed: PaymentRow, now: Date): Promise<OrderRow | null> {
  if (!claimed.providerOrderId || !claimed.captureRequestId) return null;
  let result: CaptureResult;
  try {
    // A capture the provider holds pending is only asked about: one read, no new capture.
    result = claimed.heldCaptureId
      ? await deps.payments.captureStatus(claimed.heldCaptureId)
      : await deps.payments.capture(claimed.providerOrderId, claimed.captureRequestId, claimed.method as ProviderPayMethod);
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
async function recordCaptureResult(deps: OrderDeps, payment: PaymentRow, result: CaptureResult, now: Date): Promise<OrderRow | null> {
  const { db } = deps;
  metrics.payments.inc({ outcome: result.status });
  switch (result.status) {
    case 'completed':
      return recordCapture(deps, payment, result, now);
    case 'declined':
      deps.logger.info({ orderId: payment.orderId, paymentId: payment.id, reason: result.reason }, 'the payment provider refused the payment');
      await recordDecline(db, payment);
      // A superseded attempt refused: nothing of it is in doubt any more.
      await db.update(payments).set({ heldCaptureId: null, captureRequestId: null, captureStartedAt: null }).where(and(eq(payments.id, payment.id), eq(payments.status, 'superseded')));
      return null;
    case 'processing':
      // The provider holds the capture (a review, an eCheck): its webhook settles it; until then a
      // caller asks about it (one read) only once the lease has run out.
      await db.update(payments).set({ heldCaptureId: result.captureId, captureStartedAt: now }).where(eq(payments.id, payment.id));
      return null;
    case 'payer-action':
      if (!result.approveUrl) {
        deps.logger.warn({ orderId: payment.orderId, paymentId: payment.id }, 'the provider wants the buyer back but gave no link: ending the attempt');
        await recordDecline(db, payment);
        return null;
      }
      // Nothing was captured: the buyer finishes on the provider's page, and their return captures.
      await db.update(payments).set({ payerActionUrl: result.approveUrl, captureStartedAt: null, captureRequestId: null }).where(eq(payments.id, payment.id));
      return null;
    case 'pending':
      // Nothing was captured: the next try may use a new key.
      await db.update(payments).set({ captureStartedAt: null, captureRequestId: null }).where(eq(payments.id, payment.id));
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
async function captureStatement(db: Executor, paymentId: number, captureId: string, payerId: string | null, now: Date, goodsOnly: boolean, confirmation: Mail) {
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
  { captureId, captured, payerId = null }: { captureId: string; captured: CapturedAmount | null; payerId?: string | null | undefined },
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
      const settled = (await captureStatement(tx, payment.id, captureId, payerId, now, false, confirmation)) ?? { outcome: 'known' as const, order: null };
      // The one place a provider's payment makes an order paid: a recharge credits its points here.
      if (settled.order) await creditPaidRecharge(tx, settled.order, now);
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
async function holdMismatchedCapture(deps: OrderDeps, payment: PaymentRow, captureId: string, captured: CapturedAmount | null, now: Date) {
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
    .where(and(eq(payments.id, payment.id), isNull(payments.captureId), inArray(payments.status, ['created', 'declined', 'superseded'])))
    .returning({ id: payments.id });
  if (!held) return;
  deps.logger.error(
    { orderId: payment.orderId, paymentId: payment.id, captureId, asked: { amount: payment.amount, currency: payment.currency }, captured },
    'the provider captured another amount or currency than the order: not paid, held for the operator (refund <orderNo> gives it back)',
  );
}

/**
 * The idempotency key of a payment's refund attempt: the one kept from an attempt whose answer was
 * lost (so asking again cannot pay back twice), or a new one, unique to this shop, for a new attempt.
 */
async function refundAttemptKey(db: Executor, paymentId: number, amount: number): Promise<{ key: string; asked: number }> {
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

/**
 * Money captured for an order that can no longer take it goes back at once. A refund that fails (no
 * answer, or refused) is not left to a log line: the payment is marked due (`refund_due_since`), the
 * orders board shows it, and the `refund surplus captures` job asks again (the same request id while
 * the answer is unknown, a new one after a refusal) until the provider refunds it.
 */
async function refundOrphanCapture(deps: OrderDeps, payment: PaymentRow, captureId: string, now: Date) {
  deps.logger.warn({ orderId: payment.orderId, paymentId: payment.id, captureId }, 'capture for an order that can no longer be paid: refunding it');
  // What is left of it: all of it for a surplus capture, the part a won chargeback brought back for an order that stays closed.
  const { left } = await moneyTotals(deps.db, payment);
  if (left === 0) {
    await deps.db.update(payments).set({ refundDueSince: null }).where(eq(payments.id, payment.id));
    return;
  }
  // A kept request id asks again for what it asked before (never a second refund).
  const { key, asked } = await refundAttemptKey(deps.db, payment.id, left);
  const due = () => deps.db.update(payments).set({ refundDueSince: sql`coalesce(${payments.refundDueSince}, ${now})` }).where(eq(payments.id, payment.id));
  let result: RefundResult;
  try {
    result = await deps.payments.refund(captureId, { amount: asked, currency: payment.currency }, key);
  } catch (error) {
    deps.logger.error({ err: error, orderId: payment.orderId, captureId }, 'refund of a surplus capture failed: it is asked again by a job');
    await due();
    return;
  }
  if (result.status === 'refused') {
    deps.logger.error({ orderId: payment.orderId, captureId, reason: result.reason }, 'the provider refused to refund a surplus capture: it is asked again by a job');
    await deps.db.update(payments).set({ refundRequestId: null, refundRequestAmount: null }).where(eq(payments.id, payment.id));
    await due();
    return;
  }
  await deps.db
    .update(payments)
    .set(
      result.status === 'completed'
        ? { status: 'refunded', refundedAt: now, refundId: result.refundId, refundDueSince: null, refundRequestId: null, refundRequestAmount: null }
        : { status: 'refund-pending', refundId: result.refundId, refundDueSince: null },
    )
    .where(eq(payments.captureId, captureId));
  if (result.status === 'completed') await noteMovement(deps.db, payment.id, { kind: 'refund', providerId: result.refundId ?? `request:${key}`, amount: asked }, now);
}

/**
 * Job: surplus captures whose refund failed are asked again, oldest first, until the provider
 * refunds them. Answers how many were asked.
 */
export async function refundSurplusCaptures(deps: OrderDeps, now = new Date()): Promise<number> {
  const due = await deps.db
    .select()
    .from(payments)
    .where(and(isNotNull(payments.refundDueSince), isNotNull(payments.captureId), eq(payments.provider, deps.payments.name)))
    .orderBy(payments.refundDueSince)
    .limit(100);
  for (const payment of due) await refundOrphanCapture(deps, payment, payment.captureId!, now);
  return due.length;
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
  // The usual return in one statement: the caller's open payment of this provider order is claimed
  // (whatever the provider asked of the buyer is done), and its capture answers the order as paid.
  const claimed = await claimCapture(
    deps.db,
    and(
      eq(payments.orderId, body.orderId),
      eq(payments.provider, deps.payments.name),
      eq(payments.providerOrderId, body.token),
      exists(deps.db.select({ id: orders.id }).from(orders).where(and(eq(orders.id, payments.orderId), eq(orders.userId, userId)))),
    ),
    now,
    true,
  );
  if (claimed) {
    const paid = await captureClaimed(deps, claimed, now);
    return paid ? toStatusInfo(paid) : statusWithContinue(deps, claimed.orderId);
  }
  // Otherwise find out why: someone else's or an unknown payment (-214), or one already settled or being settled.
  const order = await findOwnOrder(deps.db, userId, body.orderId);
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.provider, deps.payments.name), eq(payments.providerOrderId, body.token)));
  if (!payment) throw orderNotFound();
  const [current] = payment.payerActionUrl
    ? await deps.db.update(payments).set({ payerActionUrl: null }).where(eq(payments.id, payment.id)).returning()
    : [payment];
  await settlePayment(deps, current ?? payment, now);
  return statusWithContinue(deps, order.id);
}

/** The order's status, with where the buyer continues when the provider wants them back on its page. */
async function statusWithContinue(deps: OrderDeps, orderId: number) {
  const order = await findOrder(deps.db, orderId);
  if (order.status !== OrderStatus.PaymentPending) return toStatusInfo(order);
  const [open] = await deps.db
    .select({ payerActionUrl: payments.payerActionUrl })
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'created'), eq(payments.providerOrderId, order.providerOrderId ?? '')));
  return { ...toStatusInfo(order), continueUrl: open?.payerActionUrl ?? null };
}

/**
 * The status for the result page; an order still pending is settled with the provider first, unless
 * the provider waits for the buyer on its page (then nothing is asked until they return).
 */
export async function checkOrderStatus(deps: OrderDeps, userId: number, orderId: number, now = new Date()) {
  const order = await findOwnOrder(deps.db, userId, orderId);
  if (order.status !== OrderStatus.PaymentPending) return toStatusInfo(order);
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'created'), isNotNull(payments.providerOrderId)))
    .orderBy(desc(payments.id))
    .limit(1);
  if (payment && !payment.payerActionUrl) await settlePayment(deps, payment, now);
  return statusWithContinue(deps, order.id);
}

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
    deps.logger.info({ eventType: event.type, providerOrderId: event.providerOrderId }, 'payment webhook ignored: no payment of this shop');
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
      const [current] = await deps.db.update(payments).set({ payerActionUrl: null }).where(eq(payments.id, payment.id)).returning();
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
async function moneyBackByEvent(deps: OrderDeps, event: Extract<WebhookEvent, { type: 'refund-completed' | 'capture-reversed' }>, now: Date) {
  const refundId = event.type === 'refund-completed' ? event.refundId : null;
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.provider, deps.payments.name),
        inArray(payments.status, moneyHeld),
        or(event.captureId ? eq(payments.captureId, event.captureId) : undefined, refundId ? eq(payments.refundId, refundId) : undefined),
      ),
    );
  if (!payment) {
    deps.logger.info({ eventType: event.type, refundId, captureId: event.captureId }, 'refund webhook ignored: no capture of this shop holds this money');
    return;
  }
  const money = event.type === 'refund-completed' ? event.refunded : event.amount;
  const currency = payment.status === 'mismatch' ? payment.capturedCurrency : payment.currency;
  if ((money && money.currency !== currency) || (event.totalRefunded && event.totalRefunded.currency !== currency)) {
    deps.logger.error({ orderId: payment.orderId, captureId: payment.captureId, money, total: event.totalRefunded }, 'money went back in another currency than captured: settle it by hand');
    return;
  }
  const byShop = payment.status === 'refund-pending' || payment.status === 'refund-unknown';
  const providerId = event.type === 'refund-completed' ? event.refundId : (event.reversalId ?? `reversal:${event.captureId}`);
  const { totals, all, added } = await recordMoneyBack(
    deps.db,
    payment.id,
    { kind: event.type === 'capture-reversed' ? 'reversal' : 'refund', providerId, amount: money?.amount ?? null, providerTotal: event.totalRefunded?.amount ?? null },
    now,
  );
  if (added === 0) return;
  const context = { orderId: payment.orderId, captureId: payment.captureId, totals };
  if (event.type === 'capture-reversed') {
    deps.logger.error(context, all ? 'the payment provider reversed a capture (a chargeback): the order is closed and its goods and points are returned' : 'the payment provider reversed part of a capture (a chargeback): that share of its points is taken back');
  } else if (!byShop) {
    deps.logger.warn(context, all ? 'a refund was made at the payment provider: the order is closed and its goods and points are returned' : 'a partial refund was made at the payment provider: the order stays, that share of its points is taken back');
  }
}

/** What a refund call's outcome was: an answer, or none (timeout, 5xx, 409: PayPal may have refunded). */
type RefundAttempt = { answered: true; result: RefundResult } | { answered: false; error: unknown };

/**
 * Asks the provider to refund a payment's capture, under the attempt's key: `amount` of it, or all that
 * is left with the shop (after earlier refunds); an attempt whose answer was lost asks again for what it
 * asked then. Answers the amount asked with the outcome.
 */
async function askRefund(deps: OrderDeps, payment: PaymentRow, amount?: number): Promise<RefundAttempt & { amount: number; key: string }> {
  const currency = (payment.status === 'mismatch' && payment.capturedCurrency ? payment.capturedCurrency : payment.currency) as Currency;
  const { key, asked } = await refundAttemptKey(deps.db, payment.id, amount ?? (await moneyTotals(deps.db, payment)).left);
  try {
    return { answered: true, amount: asked, key, result: await deps.payments.refund(payment.captureId!, { amount: asked, currency }, key) };
  } catch (error) {
    return { answered: false, amount: asked, key, error };
  }
}

/** A refund the provider completed counts toward the capture's totals (once, by its id) and moves the order by them. */
function countRefund(deps: OrderDeps, payment: PaymentRow, attempt: { amount: number; key: string }, result: Extract<RefundResult, { status: 'completed' }>, now: Date) {
  return recordMoneyBack(
    deps.db,
    payment.id,
    { kind: 'refund', providerId: result.refundId ?? `request:${attempt.key}`, amount: attempt.amount, providerTotal: result.totalRefunded?.amount ?? null },
    now,
  );
}

/** -1 (HTTP 502): the refund's answer was lost; the order stays closed, not shippable, until it is known. */
function refundUnknown(deps: Pick<OrderDeps, 'logger'>, error: unknown, orderId: number) {
  deps.logger.warn({ err: error, orderId }, 'the refund was asked but its answer was lost: refund unknown until the provider tells');
  return new ShopError(ErrorCode.RequestFailed, { status: 502, message: 'payment.refundUnknown', data: { refund: 'unknown' } });
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
export async function refundOrder(deps: OrderDeps, order: OrderRow, allowed: OrderStatusValue[], now = new Date(), amount?: number): Promise<RefundOutcome> {
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
  if (!claimed) throw new ShopError(ErrorCode.OrderNotAbnormal, { data: { status: (await findOrder(db, order.id)).status } });

  const [payment] = await db.select().from(payments).where(and(eq(payments.orderId, order.id), eq(payments.status, 'captured')));
  if (!payment?.captureId) {
    if (payment) await finishRefund(db, payment, null, now);
    else await db.transaction((tx) => finishOrderRefund(tx, order.id, now));
    return 'refunded';
  }
  return settleRefundAttempt(deps, payment, await askRefund(deps, payment), now);
}

/** What a refund did: all the money back (`refunded`), part of it (`partly-refunded`), or the provider still processes it (`pending`). */
export type RefundOutcome = 'refunded' | 'partly-refunded' | 'pending';

/**
 * Refunds `amount` (minor units) of a paid order's capture, less than is left of it: the order stays as
 * it is (it may still ship), and the capture's running totals take the refund when the provider
 * completes it (that share of the points it bought or earned goes back). Null when `amount` is all
 * that is left (the caller refunds in full). -218 `amount` for nothing or more than is left, or for an
 * order paid otherwise than by a capture. A lost answer keeps the attempt's request id and amount, so
 * asking again cannot refund twice (-1, HTTP 502, `data.refund` = unknown-part).
 */
async function refundPart(deps: OrderDeps, order: OrderRow, amount: number, now: Date): Promise<RefundOutcome | null> {
  const [payment] = await deps.db.select().from(payments).where(and(eq(payments.orderId, order.id), eq(payments.status, 'captured')));
  if (!payment?.captureId) throw invalidInput('amount');
  const { left } = await moneyTotals(deps.db, payment);
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > left) throw invalidInput('amount');
  if (amount === left && payment.refundRequestId === null) return null;
  const attempt = await askRefund(deps, payment, amount);
  if (!attempt.answered) {
    deps.logger.warn({ err: attempt.error, orderId: order.id }, 'a partial refund was asked but its answer was lost');
    throw new ShopError(ErrorCode.RequestFailed, { status: 502, message: 'payment.refundUnknown', data: { refund: 'unknown-part', amount: attempt.amount } });
  }
  const { result } = attempt;
  const done = { refundRequestId: null, refundRequestAmount: null };
  if (result.status === 'refused') {
    await deps.db.update(payments).set(done).where(eq(payments.id, payment.id));
    throw new ShopError(ErrorCode.RequestFailed, { status: 502, message: 'payment.refundRefused', data: { reason: result.reason } });
  }
  await deps.db.update(payments).set({ ...done, refundId: result.refundId ?? payment.refundId }).where(eq(payments.id, payment.id));
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
async function settleRefundAttempt(deps: OrderDeps, payment: PaymentRow, attempt: RefundAttempt & { amount: number; key: string }, now: Date): Promise<'refunded' | 'pending'> {
  const { db } = deps;
  if (!attempt.answered) {
    await db.update(payments).set({ status: 'refund-unknown' }).where(and(eq(payments.id, payment.id), inArray(payments.status, ['captured', 'refund-unknown'])));
    throw refundUnknown(deps, attempt.error, payment.orderId);
  }
  const { result } = attempt;
  if (result.status === 'pending') {
    await db.update(payments).set({ status: 'refund-pending', refundId: result.refundId }).where(eq(payments.id, payment.id));
    return 'pending';
  }
  if (result.status === 'completed') {
    await db.update(payments).set({ refundRequestId: null, refundRequestAmount: null }).where(eq(payments.id, payment.id));
    const { all } = await countRefund(deps, payment, attempt, result, now);
    if (all) return 'refunded';
    const [current] = await db.select().from(payments).where(eq(payments.id, payment.id));
    return settleRefundAttempt(deps, current!, await askRefund(deps, current!), now);
  }
  await putBackAfterRefusedRefund(db, payment);
  deps.logger.warn({ orderId: payment.orderId, reason: result.reason }, 'the payment provider refused the refund; the order is unchanged');
  throw new ShopError(ErrorCode.RequestFailed, { status: 502, message: 'payment.refundRefused', data: { reason: result.reason } });
}

/** A refused refund: the payment is captured again (a new attempt gets a new request id) and its order as before. */
async function putBackAfterRefusedRefund(db: Executor, payment: PaymentRow): Promise<void> {
  await db.transaction(async (tx) => {
    const [back] = await tx
      .update(payments)
      .set({ status: 'captured', refundRequestId: null, refundRequestAmount: null })
      .where(and(eq(payments.id, payment.id), inArray(payments.status, ['captured', 'refund-pending', 'refund-unknown'])))
      .returning();
    if (!back) return;
    const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId));
    if (!order) return;
    const before = order.signedAt ? OrderStatus.SignedFor : order.shippedAt ? OrderStatus.Shipped : OrderStatus.Paid;
    await tx.update(orders).set({ status: before, cancelledAt: null }).where(and(eq(orders.id, order.id), eq(orders.status, OrderStatus.Closed), isNull(orders.refundedAt)));
  });
}

/**
 * The operator asks where the refund of a closed order stands: one PayPal still processes (`pending`
 * until it completes, then finished here as its webhook would), or one whose answer was lost (asked
 * again under the same request id, so PayPal answers what it did, or refunds now if it never got
 * it). A refusal is thrown as in `refundOrder` and puts the order back as it was; null when the order
 * has no such refund.
 */
export async function checkPendingRefund(deps: OrderDeps, order: OrderRow, now = new Date()): Promise<'refunded' | 'pending' | null> {
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), inArray(payments.status, ['refund-pending', 'refund-unknown'])));
  if (!payment) return null;
  if (payment.status === 'refund-unknown') return settleRefundAttempt(deps, payment, await askRefund(deps, payment), now);
  if (!payment.refundId) return null;
  let result: RefundResult;
  try {
    result = await deps.payments.refundStatus(payment.refundId);
  } catch (error) {
    throw providerUnavailable(deps, error, { orderId: order.id });
  }
  if (result.status === 'pending') return 'pending';
  const asked = { amount: payment.refundRequestAmount ?? (await moneyTotals(deps.db, payment)).left, key: payment.refundRequestId ?? payment.refundId };
  return settleRefundAttempt(deps, payment, { answered: true, result, ...asked }, now);
}

/**
 * The operator refunds a capture held because it was not the order's amount or currency (what was
 * captured goes back; the unpaid order closes and its stock returns). Null when the order has none.
 */
export async function refundMismatchedCapture(deps: OrderDeps, order: OrderRow, now = new Date()): Promise<'refunded' | 'pending' | null> {
  const [payment] = await deps.db.select().from(payments).where(and(eq(payments.orderId, order.id), eq(payments.status, 'mismatch')));
  if (!payment?.captureId) return null;
  const attempt = await askRefund(deps, payment);
  if (!attempt.answered) throw refundUnknown(deps, attempt.error, order.id);
  const { result } = attempt;
  if (result.status === 'refused') {
    await deps.db.update(payments).set({ refundRequestId: null, refundRequestAmount: null }).where(eq(payments.id, payment.id));
    throw new ShopError(ErrorCode.RequestFailed, { status: 502, message: 'payment.refundRefused', data: { reason: result.reason } });
  }
  if (result.status === 'pending') {
    // The order is closed now; the payment is done when the provider's webhook says so.
    await deps.db.transaction(async (tx) => {
      await tx.update(payments).set({ status: 'refund-pending', refundId: result.refundId }).where(eq(payments.id, payment.id));
      await closeAwaitingPayment(tx, eq(orders.id, order.id), now);
    });
    return 'pending';
  }
  await countRefund(deps, payment, attempt, result, now);
  return 'refunded';
}
