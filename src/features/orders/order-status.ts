import type { UiMessageKey } from '@/lib/i18n/ui';

/** The label of an order status (spec §4; Malay labels status 1 "payment successful"). */
export const orderStatusKey = (status: number) => `orderStatus.${status}` as UiMessageKey;

/**
 * What the amount of an order is called on its details page: due while it awaits payment, "was due"
 * once it closed unpaid, refunded once the money went back, paid otherwise.
 */
export function amountLabelKey(order: {
  status: number;
  payTime: string | null;
  refundTime: string | null;
}): UiMessageKey {
  if (order.refundTime) return 'orders.refunded';
  if (order.status === 0 || order.status === 2) return 'orders.due';
  if (order.status === 3 && !order.payTime) return 'orders.wasDue';
  return 'orders.paid';
}
