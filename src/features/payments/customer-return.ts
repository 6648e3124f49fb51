import { and, desc, eq, exists, isNotNull } from 'drizzle-orm';
import { orders, payments } from '@/server/db/schema';
import { OrderStatus } from '@/lib/order-status';
import { findOrder, findOwnOrder, orderNotFound, toStatusInfo, type OrderDeps } from '@/features/orders/orders.service';
import { claimCapture, captureClaimed, settlePayment } from './capture';

/* The customer back from the provider, and the result page asking where the payment stands. */

/** The customer's return from the provider (`token` is the provider's order id): capture now. */
export async function completeReturn(
  deps: OrderDeps,
  userId: number,
  body: { orderId: number; token: string },
  now = new Date(),
) {
  // The usual return in one statement: the caller's open payment of this provider order is claimed
  // (whatever the provider asked of the buyer is done), and its capture answers the order as paid.
  const claimed = await claimCapture(
    deps.db,
    and(
      eq(payments.orderId, body.orderId),
      eq(payments.provider, deps.payments.name),
      eq(payments.providerOrderId, body.token),
      exists(
        deps.db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.id, payments.orderId), eq(orders.userId, userId))),
      ),
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
    .where(
      and(
        eq(payments.orderId, order.id),
        eq(payments.provider, deps.payments.name),
        eq(payments.providerOrderId, body.token),
      ),
    );
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
    .where(
      and(
        eq(payments.orderId, order.id),
        eq(payments.status, 'created'),
        eq(payments.providerOrderId, order.providerOrderId ?? ''),
      ),
    );
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
