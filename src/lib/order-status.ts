/* An order's statuses, shared by the server and the pages of every feature that reads orders. */

/** The storefront spec's order statuses (§4). */
export const OrderStatus = {
  PaymentFailed: 0,
  Paid: 1,
  PaymentPending: 2,
  Closed: 3,
  Shipped: 4,
  SignedFor: 5,
  Completed: 6,
} as const;
export type OrderStatusValue = (typeof OrderStatus)[keyof typeof OrderStatus];

/** An order in these statuses can still be paid (a failed payment may be retried) or cancelled without a refund. */
export const awaitingPayment: OrderStatusValue[] = [OrderStatus.PaymentFailed, OrderStatus.PaymentPending];

/** Paid, not yet completed: the money can go back to the customer. */
export const refundable: OrderStatusValue[] = [OrderStatus.Paid, OrderStatus.Shipped, OrderStatus.SignedFor];

/** Order statuses after which the sizes in an order can be reviewed: signed for (5) and completed (6). */
export const REVIEWABLE_STATUSES: readonly number[] = [OrderStatus.SignedFor, OrderStatus.Completed];

/** For the operator's tools. */
export const statusNames: Record<OrderStatusValue, string> = {
  0: 'payment failed',
  1: 'paid',
  2: 'payment pending',
  3: 'closed',
  4: 'shipped',
  5: 'signed for',
  6: 'completed',
};
