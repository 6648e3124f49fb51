import { and, eq, notExists } from 'drizzle-orm';
import { describeStatuses, findOrderByNo } from '@/features/orders/order-lifecycle';
import { moneyInDoubt } from '@/features/orders/order-holds';
import { closeAwaitingPayment } from '@/features/orders/order-stock';
import { OrderStatus, awaitingPayment, refundable, statusNames } from '@/lib/order-status';
import { findOwnOrder, statusOf, type OrderDeps, type OrderRow } from '@/features/orders/orders.service';
import * as ErrorCode from '@/lib/error-codes';
import { orders } from '@/server/db/schema';
import { ShopError } from '@/server/http/errors';
import { askAboutMoneyInDoubt } from './capture';
import { checkPendingRefund, refundMismatchedCapture, refundOrder, type RefundOutcome } from './refunds';

/* The refunds people ask for: the customer cancelling an order (paid or not), the operator's `refund <orderNo>`. */

/**
 * The customer cancels: an unpaid order (0, 2) closes and its stock returns; a paid one not yet
 * shipped (1) is refunded first (what is left of its capture). Anything else answers -217. An unpaid
 * order whose capture the provider holds or whose capture's answer was lost is asked about first: a
 * capture that completed made it paid, and it is refunded; one still held, or a provider that does not
 * answer, keeps the order (-1, HTTP 502, `payment.inDoubt`), as the money may be the customer's.
 */
export async function cancelOrder(deps: OrderDeps, userId: number, orderId: number, now = new Date()): Promise<void> {
  let order = await findOwnOrder(deps.db, userId, orderId);
  if (awaitingPayment.includes(statusOf(order)) && (await askAboutMoneyInDoubt(deps, order.id, now)))
    order = await findOwnOrder(deps.db, userId, orderId);
  if (statusOf(order) === OrderStatus.Paid) {
    await refundOrder(deps, order, [OrderStatus.Paid], now);
    return;
  }
  const closed = await deps.db.transaction((tx) =>
    closeAwaitingPayment(tx, and(eq(orders.id, order.id), notExists(moneyInDoubt(tx, orders.id)))!, now),
  );
  if (closed.length === 0) {
    const current = await findOwnOrder(deps.db, userId, orderId);
    if (awaitingPayment.includes(statusOf(current)))
      throw new ShopError(ErrorCode.RequestFailed, {
        status: 502,
        message: 'payment.inDoubt',
        data: { reason: 'payment-in-doubt' },
      });
    throw new ShopError(ErrorCode.OrderNotAbnormal, { data: { status: current.status } });
  }
}

/**
 * Refunds a paid, shipped or signed-for order through the provider and closes it; for a closed order
 * whose refund the provider still processes or whose answer was lost, asks where it stands; for an
 * unpaid order whose capture was held (not its amount or currency), gives that capture back and closes
 * it. Answers the order and the outcome (`refunded`, or `pending` until the provider completes it). A
 * refusal leaves the order as it was, and no answer leaves it closed with its refund unknown; both are
 * thrown with what the operator can do.
 */
export async function refundOrderByNo(
  deps: OrderDeps,
  orderNo: string,
  now = new Date(),
  amount?: number,
): Promise<{ order: OrderRow; outcome: RefundOutcome }> {
  const order = await findOrderByNo(deps.db, orderNo);
  try {
    if (statusOf(order) === OrderStatus.Closed) {
      const outcome = await checkPendingRefund(deps, order, now);
      if (outcome) return { order, outcome };
    }
    if (awaitingPayment.includes(statusOf(order))) {
      const outcome = await refundMismatchedCapture(deps, order, now);
      if (outcome) return { order, outcome };
    }
    if (!refundable.includes(statusOf(order)))
      throw new Error(
        `Order ${order.orderNo} is ${statusNames[statusOf(order)]}; only ${describeStatuses(refundable)} orders can be refunded.`,
      );
    return { order, outcome: await refundOrder(deps, order, refundable, now, amount) };
  } catch (error) {
    if (error instanceof ShopError && error.code === ErrorCode.RequestFailed) {
      const data = error.detail?.data as { reason?: string; refund?: string } | undefined;
      if (data?.refund === 'unknown-part') {
        throw new Error(
          `The payment provider did not answer the partial refund of order ${order.orderNo}, and may have made it. The order is unchanged; run this command again to ask (it asks for the same amount under the same request id, so it cannot refund twice).`,
          { cause: error },
        );
      }
      if (data?.refund === 'unknown') {
        throw new Error(
          `The payment provider did not answer the refund of order ${order.orderNo}, and may have made it. The order is closed and must not ship; its refund stays unknown until the provider's webhook tells, or run this command again to ask (it cannot refund twice).`,
          { cause: error },
        );
      }
      const reason = data?.reason;
      if (reason) {
        throw new Error(
          `The payment provider refused to refund order ${order.orderNo} (${reason}). Nothing changed in the shop: the money is still with you. Refund it in the provider's dashboard, or contact the customer.`,
          { cause: error },
        );
      }
      throw new Error(`The payment provider did not refund order ${order.orderNo}; it is unchanged, try again later.`, {
        cause: error,
      });
    }
    throw error;
  }
}
