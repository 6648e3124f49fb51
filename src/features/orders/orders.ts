import { percentOf } from '@/lib/money';
import { providerPayMethods } from '@/server/payments/provider';

/* Pure rules of orders, shared by the server and the pages: statuses and totals. */

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

export type OrderTotals = { goodsTotal: number; discountAmount: number; payAmount: number };

/** Goods total, the friend discount (rounded down, see money.ts) and what the customer pays. */
export function totalOrder(lines: { unitPrice: number; quantity: number }[], discountPercent: number): OrderTotals {
  const goodsTotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const discountAmount = percentOf(goodsTotal, discountPercent);
  return { goodsTotal, discountAmount, payAmount: goodsTotal - discountAmount };
}

/** Paid through a payment provider (the payments platform's list), or from energy points. */
export { providerPayMethods, type ProviderPayMethod } from '@/server/payments/provider';
/** `ep` pays a goods order from the customer's energy points (docs/decisions/018-energy-ledger.md). */
export const payMethods = [...providerPayMethods, 'ep'] as const;
export type PayMethod = (typeof payMethods)[number];
