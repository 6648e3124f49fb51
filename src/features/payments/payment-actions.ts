import type { Actor } from '@/features/audit/audit';
import {
  actOnOrder as moveOrder,
  auditOrderAction,
  type OrderAction,
  type OrderActionResult,
} from '@/features/orders/order-actions';
import { findOrderByNo } from '@/features/orders/order-lifecycle';
import type { OrderDeps } from '@/features/orders/orders.service';
import { releaseDisputeHold } from './disputes';
import { refundOrderByNo } from './order-refunds';

/* What an operator does to an order's money, audited as the order's other actions are (orders/order-actions.ts). */

export type PaymentAction =
  /** All that is left of the capture, or `amount` (minor units) of it. */
  | { action: 'refund'; amount?: number }
  /** Ship despite an open dispute: the operator decided. */
  | { action: 'release-hold' };

/** Every action the back office and the CLI take on an order. */
export type OperatorAction = OrderAction | PaymentAction;

export function actOnOrder(
  deps: OrderDeps,
  actor: Actor,
  orderNo: string,
  move: OperatorAction,
): Promise<OrderActionResult> {
  if (move.action !== 'refund' && move.action !== 'release-hold') return moveOrder(deps, actor, orderNo, move);
  return auditOrderAction(deps, actor, orderNo, move, (found) => perform(deps, found, move));
}

async function perform(deps: OrderDeps, orderNo: string, move: PaymentAction): Promise<OrderActionResult> {
  switch (move.action) {
    case 'refund': {
      const { outcome } = await refundOrderByNo(deps, orderNo, new Date(), move.amount);
      return { order: await findOrderByNo(deps.db, orderNo), refund: outcome };
    }
    case 'release-hold': {
      // Nothing held is no refusal: the operator's decision (ship it) stands either way.
      const order = await findOrderByNo(deps.db, orderNo);
      return { order, released: await releaseDisputeHold(deps.db, order.id) };
    }
  }
}
