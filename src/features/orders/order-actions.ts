import { and, eq } from 'drizzle-orm';
import { recordAudit, type Actor } from '@/features/audit/audit';
import { orders } from '@/server/db/schema';
import { statusNames, type OrderStatusValue } from './orders';
import { addOrderEvent, completeOrder, findOrderByNo, markSignedFor, refundOrderByNo, shipOrder } from './order-lifecycle';
import { releaseDisputeHold } from './order-disputes';
import type { OrderDeps, OrderRow } from './orders.service';
import type { RefundOutcome } from './payments.service';

/*
 * What an operator does to an order, from the back office or the CLI: one rule per action (the
 * lifecycle in order-lifecycle.ts), and every action done is written to the audit log.
 */

export type OrderAction =
  | { action: 'ship'; carrier: string; trackingNumber: string }
  | { action: 'add-event'; text: string; at?: Date }
  | { action: 'sign-for' }
  | { action: 'complete' }
  /** All that is left of the capture, or `amount` (minor units) of it. */
  | { action: 'refund'; amount?: number }
  /** Ship despite an open dispute: the operator decided. */
  | { action: 'release-hold' }
  /** A referral held as possibly the referrer's own: approved (its rebate is credited by the next release) or refused (never credited). */
  | { action: 'review-referral'; approve: boolean };

/** What an action did: the order after it, and for a refund whether the provider finished it or still processes it. */
export type OrderActionResult = { order: OrderRow; refund?: RefundOutcome; released?: boolean };

export async function actOnOrder(deps: OrderDeps, actor: Actor, orderNo: string, move: OrderAction): Promise<OrderActionResult> {
  const before = await findOrderByNo(deps.db, orderNo);
  const result = await perform(deps, before.orderNo, move);
  const { action, ...input } = move;
  await recordAudit(deps.db, actor, {
    action: `order.${action}`,
    subject: before.orderNo,
    before: { status: statusNames[before.status as OrderStatusValue] },
    after: { status: statusNames[result.order.status as OrderStatusValue], ...input, ...(result.refund ? { refund: result.refund } : {}) },
  });
  return result;
}

async function perform(deps: OrderDeps, orderNo: string, move: OrderAction): Promise<OrderActionResult> {
  switch (move.action) {
    case 'ship':
      return { order: await shipOrder(deps, orderNo, { carrier: move.carrier, trackingNumber: move.trackingNumber }) };
    case 'add-event':
      return { order: await addOrderEvent(deps.db, orderNo, move.text, move.at) };
    case 'sign-for':
      return { order: await markSignedFor(deps.db, orderNo) };
    case 'complete':
      return { order: await completeOrder(deps.db, deps.config.referenceRates, orderNo, new Date(), deps.config.orders.rebateHoldDays) };
    case 'refund': {
      const { outcome } = await refundOrderByNo(deps, orderNo, new Date(), move.amount);
      return { order: await findOrderByNo(deps.db, orderNo), refund: outcome };
    }
    case 'review-referral': {
      const order = await findOrderByNo(deps.db, orderNo);
      const [reviewed] = await deps.db
        .update(orders)
        .set(move.approve ? { referralReview: 'approved' } : { referralReview: 'refused', rebateReleasedAt: new Date() })
        .where(and(eq(orders.id, order.id), eq(orders.referralReview, 'held')))
        .returning();
      // Nothing held (reviewed already, or never held): nothing to decide, nothing changes.
      return { order: reviewed ?? order };
    }
    case 'release-hold': {
      // Nothing held is no refusal: the operator's decision (ship it) stands either way.
      const order = await findOrderByNo(deps.db, orderNo);
      return { order, released: await releaseDisputeHold(deps.db, order.id) };
    }
  }
}
