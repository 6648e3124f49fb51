import OrderDetailsView from '@/features/orders/OrderDetailsView';
import type { Messages } from '@/lib/i18n/ui';
import { payOrder } from './pay-order';

/** /my/order/details?orderId=…: the order's details, paying again going through the payments feature. */
export default function OrderDetailsPage(props: { messages: Messages; languageTag: string }) {
  return <OrderDetailsView {...props} pay={payOrder} />;
}
