import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sum, type SQL } from 'drizzle-orm';
import { describeOrder, ordersPage } from '@/features/orders/orders.service';
import { findOrderByNo } from '@/features/orders/order-lifecycle';
import { orderMoneyTotals } from '@/features/orders/order-money';
import type { Executor } from '@/server/db/client';
import { disputes, orderLines, orders, paymentMovements, payments } from '@/server/db/schema';
import { describeRule } from '@/features/sales-rules/sales-rules';
import { holdingRule, readSalesRuleBook, type SalesRuleBook } from '@/features/sales-rules/sales-rules.service';
import { statusNames, type OrderStatusValue } from '@/lib/order-status';
import { toMajorUnits } from '@/lib/money';
import type { AdminOrderQuery } from './orders-board.schema';
import { csvText } from '../csv';

/* What the back office reads: the orders board and an order with its payments. */

const DAY_MS = 24 * 3600 * 1000;
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

function orderFilters(query: Omit<AdminOrderQuery, 'pageNum' | 'pageSize'>) {
  const filters: SQL[] = [];
  if (query.status !== undefined) filters.push(eq(orders.status, query.status));
  if (query.currency) filters.push(eq(orders.currency, query.currency));
  if (query.from) filters.push(gte(orders.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) filters.push(lt(orders.createdAt, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS)));
  if (query.review === 'referral') filters.push(eq(orders.referralReview, 'held'));
  if (query.q)
    filters.push(or(ilike(orders.orderNo, likePattern(query.q)), ilike(orders.email, likePattern(query.q)))!);
  return filters.length ? and(...filters) : undefined;
}

/** What the operator must know about an order's money, from its payments (and what went back from them); null when nothing. */
function paymentNoteOf(payment: typeof payments.$inferSelect, goneBack: number): string | null {
  const provider = payment.provider === 'paypal' ? 'PayPal' : payment.provider;
  // A second capture for an order paid otherwise, whose refund failed: a job asks again until it is refunded.
  if (payment.refundDueSince)
    return `surplus capture of ${toMajorUnits(payment.amount)} ${payment.currency} not refunded yet: retrying since ${payment.refundDueSince.toISOString().slice(0, 16).replace('T', ' ')}`;
  if (payment.status === 'captured' && goneBack > 0)
    return `partly refunded: ${toMajorUnits(goneBack)} of ${toMajorUnits(payment.amount)} ${payment.currency} back`;
  switch (payment.status) {
    case 'created':
      return payment.heldCaptureId ? `payment held by ${provider}` : null;
    case 'captured':
      // PayPal's guide lets a card that could not be authenticated (not enrolled) through; its fraud chargebacks stay with the shop.
      return payment.liabilityShift === 'NO'
        ? 'card paid without 3-D Secure (not enrolled): a fraud chargeback is yours'
        : null;
    case 'mismatch': {
      const captured =
        payment.capturedAmount === null
          ? 'an unreadable amount'
          : `${toMajorUnits(payment.capturedAmount)} ${payment.capturedCurrency ?? ''}`.trim();
      return `${provider} captured ${captured}, not the order's amount: not paid, held for you (refund gives it back)`;
    }
    case 'refund-unknown':
      return `refund unknown: ${provider} did not answer (refund again to ask)`;
    case 'refund-pending':
      return `refund pending at ${provider}`;
    case 'reversed':
      return `reversed by ${provider} (a chargeback)`;
    default:
      return null;
  }
}

/** How the board and the details name the sales rule that holds an order now (docs/decisions/077-sales-rules.md); null when none. */
async function salesRuleNotes(
  db: Executor,
  book: SalesRuleBook,
  rows: (typeof orders.$inferSelect)[],
): Promise<Map<number, string>> {
  const notes = new Map<number, string>();
  if (book.rules.length === 0 || rows.length === 0) return notes;
  const lines = await db
    .select({ orderId: orderLines.orderId, goodsId: orderLines.goodsId })
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((order) => order.id),
      ),
    );
  for (const order of rows) {
    const rule = holdingRule(book, { ...order, lines: lines.filter((line) => line.orderId === order.id) });
    if (rule) notes.set(order.id, `held by sales rule ${describeRule(rule)}`);
  }
  return notes;
}

/** What went back from each payment so far (refunds and reversals), by payment id. */
async function goneBackOf(db: Executor, paymentIds: number[]): Promise<Map<number, number>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await db
    .select({ paymentId: paymentMovements.paymentId, amount: sum(paymentMovements.amount) })
    .from(paymentMovements)
    .where(inArray(paymentMovements.paymentId, paymentIds))
    .groupBy(paymentMovements.paymentId);
  return new Map(rows.map((row) => [row.paymentId, Number(row.amount ?? 0)]));
}

export async function findOrders(db: Executor, query: AdminOrderQuery) {
  const { rows, total } = await ordersPage(db, orderFilters(query), query);
  const ids = rows.map((order) => order.id);
  const attempts = ids.length
    ? await db.select().from(payments).where(inArray(payments.orderId, ids)).orderBy(asc(payments.id))
    : [];
  const ruleNotes = await salesRuleNotes(db, await readSalesRuleBook({ db }), rows);
  const goneBack = await goneBackOf(
    db,
    attempts.map((attempt) => attempt.id),
  );
  const held = ids.length
    ? await db
        .select()
        .from(disputes)
        .where(and(inArray(disputes.orderId, ids), eq(disputes.status, 'open')))
    : [];
  const notes = new Map<number, string>();
  for (const attempt of attempts) {
    const note = paymentNoteOf(attempt, goneBack.get(attempt.id) ?? 0);
    if (note) notes.set(attempt.orderId, note);
  }
  for (const order of rows) {
    if (order.referralReview !== 'held') continue;
    const before = notes.get(order.id);
    notes.set(
      order.id,
      `referral held for review (${order.referralSignals ?? 'signals'}): approve or refuse its rebate${before ? `; ${before}` : ''}`,
    );
  }
  for (const dispute of held) {
    const before = notes.get(dispute.orderId);
    const hold = dispute.releasedAt
      ? 'released by you to ship'
      : 'held: shipping refused until you decide (release or refund)';
    notes.set(
      dispute.orderId,
      `disputed by the buyer (${dispute.reason}, ${toMajorUnits(dispute.amount)}): ${hold}${before ? `; ${before}` : ''}`,
    );
  }
  return {
    list: rows.map((order) => ({
      paymentNote: notes.get(order.id) ?? null,
      salesRuleNote: ruleNotes.get(order.id) ?? null,
      orderNo: order.orderNo,
      kind: order.kind,
      status: order.status,
      currency: order.currency,
      payAmount: order.payAmount,
      email: order.email,
      createTime: order.createdAt.toISOString(),
    })),
    total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

/** The most rows one export holds; a narrower filter gets the rest. */
export const EXPORT_MAX_ROWS = 50_000;

/** The orders of the board's filter as CSV, newest first, amounts in minor units and in the currency's units. */
export async function exportOrders(db: Executor, query: Omit<AdminOrderQuery, 'pageNum' | 'pageSize'>) {
  const rows = await db
    .select()
    .from(orders)
    .where(orderFilters(query))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(EXPORT_MAX_ROWS);
  const csv = csvText(
    [
      'order_no',
      'placed_at',
      'paid_at',
      'status',
      'kind',
      'email',
      'currency',
      'goods_total_minor',
      'discount_minor',
      'shipping_minor',
      'tax_minor',
      'tax_included',
      'tax_label',
      'pay_amount_minor',
      'pay_amount',
    ],
    rows.map((order) => [
      order.orderNo,
      order.createdAt.toISOString(),
      order.paidAt?.toISOString() ?? '',
      statusNames[order.status as OrderStatusValue] ?? String(order.status),
      order.kind,
      order.email,
      order.currency,
      order.goodsTotal,
      order.discountAmount,
      order.shippingAmount,
      order.taxAmount,
      order.taxIncluded ? 'yes' : 'no',
      order.taxLabel ?? '',
      order.payAmount,
      toMajorUnits(order.payAmount),
    ]),
  );
  return { csv, rows: rows.length };
}

/** An order as the operator sees it: what the customer sees, in English, plus every payment attempt. */
export async function orderForOperator(db: Executor, orderNo: string) {
  const order = await findOrderByNo(db, orderNo);
  const [details, attempts, book, money, disputed] = await Promise.all([
    describeOrder(db, order, 'EN'),
    db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(asc(payments.id)),
    readSalesRuleBook({ db }),
    orderMoneyTotals(db, order.id),
    db.select().from(disputes).where(eq(disputes.orderId, order.id)).orderBy(asc(disputes.id)),
  ]);
  return {
    ...details,
    salesRuleNote: (await salesRuleNotes(db, book, [order])).get(order.id) ?? null,
    money,
    referralReview: order.referralReview,
    referralSignals: order.referralSignals,
    disputes: disputed.map((dispute) => ({
      disputeId: dispute.providerDisputeId,
      reason: dispute.reason,
      amount: dispute.amount,
      status: dispute.status,
      held: dispute.status === 'open' && dispute.releasedAt === null,
      createTime: dispute.createdAt.toISOString(),
    })),
    payments: attempts.map((attempt) => ({
      provider: attempt.provider,
      method: attempt.method,
      status: attempt.status,
      amount: attempt.amount,
      currency: attempt.currency,
      createTime: attempt.createdAt.toISOString(),
    })),
  };
}
