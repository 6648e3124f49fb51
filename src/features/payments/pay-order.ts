import type { PayMethodOption, PaymentStart } from '@/features/orders/orders.schema';
import { api, isSuccess, warnOf } from '@/lib/api-client';
import { cardFieldsSetupOf, type CardFieldsSetup } from './paypal-sdk';

/** /pay_result in its card form state: PayPal's card fields for an order that still awaits payment. */
export const cardFormUrl = (orderId: number) => `/pay_result?orderId=${orderId}&card=1`;

/** The card fields' setup from the payment method options; null when cards are paid on the provider's page. */
export async function loadCardFieldsSetup(): Promise<CardFieldsSetup | null> {
  const options = await api.get<PayMethodOption[]>('pay/getNotEpPayMethodOptionList');
  return isSuccess(options) ? cardFieldsSetupOf(options.data) : null;
}

/**
 * Pays an order that awaits payment (a new recharge, a declined order, one left unpaid): a card under
 * PayPal goes to the card form, anything else to the provider's approval page. A refusal warns the
 * customer and answers false.
 */
export async function payOrder(orderId: number, payMethod: string): Promise<boolean> {
  if (payMethod === 'card' && (await loadCardFieldsSetup())) {
    location.assign(cardFormUrl(orderId));
    return true;
  }
  const payment = await api.post<PaymentStart>('pay/payment', { orderId, payMethod });
  if (!isSuccess(payment)) {
    warnOf(payment);
    return false;
  }
  location.assign(payment.data.approveUrl ?? `/pay_result?orderId=${orderId}`);
  return true;
}
