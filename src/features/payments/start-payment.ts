import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { energyReference, postEnergy } from '@/features/energy/energy.ledger';
import { checkSalesRules, readSalesRuleBook, type RuledLine } from '@/features/sales-rules/sales-rules.service';
import * as ErrorCode from '@/lib/error-codes';
import type { Currency, Language } from '@/lib/locale';
import { pointsToPay } from '@/lib/money';
import { rowsOf } from '@/server/db/client';
import type { CatalogueCache } from '@/server/db/catalogue-cache';
import { orderLines, orders, payments, type DeliveryAddressSnapshot } from '@/server/db/schema';
import { ShopError, invalidInput } from '@/server/http/errors';
import { breakdownOf, type AmountBreakdown, type ShippingAddress } from '@/server/payments/provider';
import { queueOrderConfirmation } from '@/features/orders/order-mails';
import { countSold } from '@/features/orders/order-stock';
import { OrderStatus, awaitingPayment } from '@/lib/order-status';
import type { PaymentStart } from '@/features/orders/orders.schema';
import type { PayMethod } from '@/lib/pay-methods';
import { findOwnOrder, statusOf, type OrderDeps, type OrderRow } from '@/features/orders/orders.service';
import { checkPayMethod } from './pay-methods';
import { providerUnavailable } from './provider-unavailable';

/*
 * Starting a payment: a provider's attempt for an order awaiting payment (replacing any earlier one), or
 * a goods order paid at once from energy points. See docs/decisions/015-payment-providers.md.
 */

/** `currency in (…)` for raw SQL; false for none. */
const inCurrencies = (currencies: readonly Currency[]) =>
  currencies.length === 0
    ? sql`false`
    : sql`currency in (${sql.join(
        currencies.map((currency) => sql`${currency}`),
        sql`, `,
      )})`;

/** Where an order's goods ship, for the provider; null when it has no delivery address. */
function shippingAddress(address: DeliveryAddressSnapshot | null): ShippingAddress | null {
  if (!address) return null;
  const { firstName, lastName, address: line1, address2, city, state, zipCode, country } = address;
  return {
    fullName: `${firstName} ${lastName}`.trim(),
    line1,
    line2: address2,
    city,
    state,
    postalCode: zipCode,
    countryCode: country,
  };
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
  const [order] = rowsOf<
    {
      paymentId: number;
      id: number;
      orderNo: string;
      payAmount: number;
      currency: Currency;
      kind: string;
      deliveryAddress: DeliveryAddressSnapshot | null;
    } & Omit<AmountBreakdown, 'itemTotal'> & { goodsTotal: number; taxIncluded: boolean }
  >(
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
  return {
    orderId: order.id,
    payMethod: body.payMethod,
    providerOrderId: created.providerOrderId,
    approveUrl: created.approveUrl,
    paid: false,
  };
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
      const record = await postEnergy(
        tx,
        {
          userId: order.userId,
          type: 'order-payment',
          points: -points,
          reference: energyReference.orderPayment(order.id),
        },
        now,
      );
      await tx.update(orders).set({ paymentNumber: record.transactionNo }).where(eq(orders.id, order.id));
    }
    await tx
      .update(payments)
      .set({ status: 'superseded' })
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'created')));
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
async function checkOrderSalesRules(
  deps: Pick<OrderDeps, 'db'> & { catalogueCache?: CatalogueCache | undefined },
  userId: number,
  body: { orderId: number; payMethod: PayMethod },
) {
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
