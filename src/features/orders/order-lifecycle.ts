import { and, asc, desc, eq, inArray, isNull, lt, notExists, notInArray, or, type SQL } from 'drizzle-orm';
import { orderHooks } from './order-hooks';
import type { ReferenceRates } from '@/lib/money';
import type { Database, Executor } from '@/server/db/client';
import { disputes, orderEvents, orders } from '@/server/db/schema';
import { queueShippingNotice } from './order-mails';
import { closeAwaitingPayment } from './order-stock';
import { OrderStatus, awaitingPayment, statusNames, type OrderStatusValue } from '@/lib/order-status';
import { statusOf, type OrderDeps, type OrderRow } from './orders.service';
import { referralSignals } from '@/features/referral/self-referral';
import { disputeHolding, moneyInDoubt } from './order-holds';
import { orderMoneyTotals } from './order-money';

/*
 * How an order moves after checkout: the customer cancels, unpaid orders expire, the operator ships,
 * records logistics, marks it signed for and completes it (or the completion sweep does). Every move
 * is a conditional update on the status it starts from, so two moves racing cannot both happen.
 */

/** Orders one sweep claims at a time: a large backlog is worked through in short transactions. */
const SWEEP_BATCH = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Sweep: closes unpaid orders past their payment time and returns their stock, except an order whose
 * capture the provider holds (a review, an eCheck), whose capture's outcome is unknown, or whose
 * capture was held for the operator: the money may be, or is, the shop's, so the order stays until that
 * settles (`settleHeldCaptures` asks the provider). Safe to run in every API process at once: each
 * claims its rows with FOR UPDATE SKIP LOCKED, and the close is conditional.
 */
export async function closeExpiredOrders(db: Database, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const closed = await db.transaction((tx) => {
      const expired = tx
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            inArray(orders.status, awaitingPayment),
            lt(orders.expiresAt, now),
            notExists(moneyInDoubt(tx, orders.id)),
          ),
        )
        .orderBy(asc(orders.id))
        .limit(SWEEP_BATCH)
        .for('update', { skipLocked: true });
      return closeAwaitingPayment(tx, inArray(orders.id, expired), now);
    });
    total += closed.length;
    if (closed.length < SWEEP_BATCH) return total;
  }
}

/**
 * The referral programme's seam: a completed order's rebate stays pending for the return window
 * (REBATE_HOLD_DAYS, `releaseRebates`); without one the beneficiary earns it in the completing
 * transaction, once per order (the ledger's unique reference). See docs/decisions/076.
 */
async function onOrdersCompleted(
  tx: Executor,
  orderIds: number[],
  rates: ReferenceRates,
  now: Date,
  rebateHoldDays: number,
): Promise<void> {
  if (rebateHoldDays > 0 || orderIds.length === 0) return;
  await orderHooks().rebatesDue(tx, orderIds, rates, now);
  await tx.update(orders).set({ rebateReleasedAt: now }).where(inArray(orders.id, orderIds));
}

/**
 * Sweep: the return window of completed orders has closed; their pending rebates become available
 * (credited once, less the share of any money that went back meanwhile). An order refunded or reversed
 * in full inside the window is closed and never credits: its rebate is cancelled. Safe in every process.
 */
export async function releaseRebates(
  db: Database,
  now: Date,
  rebateHoldDays: number,
  rates: ReferenceRates,
): Promise<number> {
  const completedBefore = new Date(now.getTime() - rebateHoldDays * DAY_MS);
  let total = 0;
  for (;;) {
    const released = await db.transaction(async (tx) => {
      const due = tx
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.status, OrderStatus.Completed),
            eq(orders.kind, 'goods'),
            isNull(orders.rebateReleasedAt),
            lt(orders.completedAt, completedBefore),
            or(isNull(orders.referralReview), eq(orders.referralReview, 'approved')),
          ),
        )
        .orderBy(asc(orders.id))
        .limit(SWEEP_BATCH)
        .for('update', { skipLocked: true });
      const claimed = await tx.select().from(orders).where(inArray(orders.id, due));
      // A referral that looks like the referrer's own waits for an operator's review instead.
      const held: number[] = [];
      for (const order of claimed) {
        if (order.referralReview === 'approved' || !order.rebateBeneficiaryId) continue;
        const signals = await referralSignals(tx, order.rebateBeneficiaryId, order);
        if (signals.length === 0) continue;
        held.push(order.id);
        await tx
          .update(orders)
          .set({ referralReview: 'held', referralSignals: signals.join(', ') })
          .where(eq(orders.id, order.id));
      }
      const rows = await tx
        .update(orders)
        .set({ rebateReleasedAt: now })
        .where(
          and(
            inArray(orders.id, due),
            isNull(orders.rebateReleasedAt),
            held.length ? notInArray(orders.id, held) : undefined,
          ),
        )
        .returning();
      await orderHooks().rebatesDue(
        tx,
        rows.map((row) => row.id),
        rates,
        now,
      );
      for (const order of rows) {
        const totals = await orderMoneyTotals(tx, order.id);
        if (totals)
          await orderHooks().moneyWentBack(tx, order, totals.refunded + totals.reversed, totals.captured, now);
      }
      return claimed.length;
    });
    total += released;
    if (released < SWEEP_BATCH) return total;
  }
}

/** Sweep: signed-for orders complete after ORDER_AUTO_COMPLETE_DAYS. Safe in every process, like the expiry sweep. */
export async function completeSignedForOrders(
  db: Database,
  now: Date,
  autoCompleteDays: number,
  rates: ReferenceRates,
  rebateHoldDays = 0,
): Promise<number> {
  const signedBefore = new Date(now.getTime() - autoCompleteDays * DAY_MS);
  let total = 0;
  for (;;) {
    const completed = await db.transaction(async (tx) => {
      const due = tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.status, OrderStatus.SignedFor), lt(orders.signedAt, signedBefore)))
        .orderBy(asc(orders.id))
        .limit(SWEEP_BATCH)
        .for('update', { skipLocked: true });
      const rows = await tx
        .update(orders)
        .set({ status: OrderStatus.Completed, completedAt: now })
        .where(and(inArray(orders.id, due), eq(orders.status, OrderStatus.SignedFor)))
        .returning({ id: orders.id });
      await onOrdersCompleted(
        tx,
        rows.map((row) => row.id),
        rates,
        now,
        rebateHoldDays,
      );
      return rows.length;
    });
    total += completed;
    if (completed < SWEEP_BATCH) return total;
  }
}

/* ── The operator's moves, by order number ─────────────────────────────────────────────────── */

export async function findOrderByNo(db: Executor, orderNo: string): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.orderNo, orderNo.trim().toUpperCase()));
  if (!order) throw new Error(`No order ${orderNo}.`);
  return order;
}

export const describeStatuses = (statuses: OrderStatusValue[]) =>
  statuses.map((status) => statusNames[status]).join(' or ');

/** Moves an order from one of `from` (and `also`, when given) by a conditional update; a clear message when it is elsewhere. */
async function moveOrder(
  db: Executor,
  orderNo: string,
  from: OrderStatusValue[],
  action: string,
  set: Partial<typeof orders.$inferInsert>,
  also?: SQL,
): Promise<OrderRow> {
  const order = await findOrderByNo(db, orderNo);
  const [moved] = await db
    .update(orders)
    .set(set)
    .where(and(eq(orders.id, order.id), inArray(orders.status, from), also))
    .returning();
  if (moved) return moved;
  const held = from.includes(statusOf(order)) ? await disputeHolding(db, order.id) : null;
  if (held) {
    throw new Error(
      `Order ${order.orderNo} is held: its payment is disputed at the payment provider (${held.providerDisputeId}, ${held.reason}). It cannot be ${action} until you decide: release it to ship anyway, or refund it.`,
    );
  }
  throw new Error(
    `Order ${order.orderNo} is ${statusNames[statusOf(order)]}; only ${describeStatuses(from)} orders can be ${action}.`,
  );
}

/** No open dispute holds the order (an operator may have released it). */
const notHeldByDispute = (db: Executor) =>
  notExists(
    db
      .select({ id: disputes.id })
      .from(disputes)
      .where(and(eq(disputes.orderId, orders.id), eq(disputes.status, 'open'), isNull(disputes.releasedAt))),
  );

/** Paid → shipped, with carrier and tracking number; the customer gets the shipping notice. */
export async function shipOrder(
  deps: Pick<OrderDeps, 'db' | 'config'>,
  orderNo: string,
  shipment: { carrier: string; trackingNumber: string },
  now = new Date(),
): Promise<OrderRow> {
  return deps.db.transaction(async (tx) => {
    const shipped = await moveOrder(
      tx,
      orderNo,
      [OrderStatus.Paid],
      'shipped',
      { status: OrderStatus.Shipped, shippedAt: now, ...shipment },
      notHeldByDispute(tx),
    );
    await queueShippingNotice({ db: tx, config: deps.config }, shipped.id);
    return shipped;
  });
}

export function markSignedFor(db: Executor, orderNo: string, now = new Date()): Promise<OrderRow> {
  return moveOrder(db, orderNo, [OrderStatus.Shipped], 'marked signed for', {
    status: OrderStatus.SignedFor,
    signedAt: now,
  });
}

/** Signed for → completed now, without waiting for the completion sweep. */
export async function completeOrder(
  db: Database,
  rates: ReferenceRates,
  orderNo: string,
  now = new Date(),
  rebateHoldDays = 0,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const completed = await moveOrder(tx, orderNo, [OrderStatus.SignedFor], 'completed', {
      status: OrderStatus.Completed,
      completedAt: now,
    });
    await onOrdersCompleted(tx, [completed.id], rates, now, rebateHoldDays);
    return completed;
  });
}

/** A logistics event on an order that has been paid. */
export async function addOrderEvent(db: Executor, orderNo: string, text: string, at = new Date()): Promise<OrderRow> {
  const order = await findOrderByNo(db, orderNo);
  const paidOrLater: OrderStatusValue[] = [
    OrderStatus.Paid,
    OrderStatus.Shipped,
    OrderStatus.SignedFor,
    OrderStatus.Completed,
  ];
  if (!paidOrLater.includes(statusOf(order)))
    throw new Error(
      `Order ${order.orderNo} is ${statusNames[statusOf(order)]}; logistics events belong to paid orders.`,
    );
  if (text.trim() === '') throw new Error('The event needs a text.');
  await db.insert(orderEvents).values({ orderId: order.id, occurredAt: at, text: text.trim() });
  return order;
}

/** The newest orders, optionally in one status, for the operator's list. */
export function listOrders(db: Executor, filter: { status?: OrderStatusValue | undefined; limit: number }) {
  return db
    .select()
    .from(orders)
    .where(filter.status === undefined ? undefined : eq(orders.status, filter.status))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(filter.limit);
}
