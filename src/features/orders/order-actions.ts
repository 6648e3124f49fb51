import { and, eq } from 'drizzle-orm';
import { recordAudit, type Actor } from '@/features/audit/audit';
import { orders } from '@/server/db/schema';
import { statusNames, type OrderStatusValue } from '@/lib/order-status';
import { addOrderEvent, completeOrder, findOrderByNo, markSignedFor, shipOrder } from './order-lifecycle';
import type { RefundOutcome } from './order-money';
import type { OrderDeps, OrderRow } from './orders.service';

/*
 * What an operator does to an order, from the back office or the CLI: one rule per action (the
 * lifecycle in order-lifecycle.ts), and every action done is written to the audit log. Refunding and
 * releasing a dispute's hold are the payments feature's actions (payments/payment-actions.ts).
 */

export type OrderAction =
  | { action: 'ship'; carrier: string; trackingNumber: string }
  | { action: 'add-event'; text: string; at?: Date }
  | { action: 'sign-for' }
  | { action: 'complete' }
  /** A referral held as possibly the referrer's own: approved (its rebate is credited by the next release) or refused (never credited). */
  | { action: 'review-referral'; approve: boolean };

/** What an action did: the order after it, and for a refund whether the provider finished it or still processes it. */
export type OrderActionResult = { order: OrderRow; refund?: RefundOutcome; released?: boolean };

export function actOnOrder(
  deps: OrderDeps,
  actor: Actor,
  orderNo: string,
  move: OrderAction,
): Promise<OrderActionResult> {
  return auditOrderAction(deps, actor, orderNo, move, (found) => perform(deps, found, move));
}

/** Performs an action on the order `orderNo` names (`perform` gets its number as stored) and writes it to the audit log. */
export async function auditOrderAction(
  deps: OrderDeps,
  actor: Actor,
  orderNo: string,
  move: { action: string },
  perform: (orderNo: string) => Promise<OrderActionResult>,
): Promise<OrderActionResult> {
  const before = await findOrderByNo(deps.db, orderNo);
  const result = await perform(before.orderNo);
  const { action, ...input } = move;
  await recordAudit(deps.db, actor, {
    action: `order.${action}`,
    subject: before.orderNo,
    before: { status: statusNames[before.status as OrderStatusValue] },
    after: {
      status: statusNames[result.order.status as OrderStatusValue],
      ...input,
      ...(result.refund ? { refund: result.refund } : {}),
    },
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
      return {
        order: await completeOrder(
          deps.db,
          deps.config.referenceRates,
          orderNo,
          new Date(),
          deps.config.orders.rebateHoldDays,
        ),
      };
    case 'review-referral': {
      const order = await findOrderByNo(deps.db, orderNo);
      const [reviewed] = await deps.db
        .update(orders)
        .set(
          move.approve ? { referralReview: 'approved' } : { referralReview: 'refused', rebateReleasedAt: new Date() },
        )
        .where(and(eq(orders.id, order.id), eq(orders.referralReview, 'held')))
        .returning();
      // Nothing held (reviewed already, or never held): nothing to decide, nothing changes.
      return { order: reviewed ?? order };
    }
  }
}
