import type { Language } from '@/lib/locale';
import { toMajorUnits } from '@/lib/money';
import type { PaymentProvider, PaymentRequest, ShippingAddress } from '../provider';
import type { PaypalOrder } from './answers';
import type { PaypalClient, PaypalSettings } from './client';

/** PayPal's checkout has no Malay; Malaysia's PayPal pages are in English. */
const paypalLocale: Record<Language, string> = { EN: 'en-US', ZH: 'zh-CN', MS: 'en-MY' };

/** Creating PayPal's order (intent CAPTURE) for a payment: the wallet's approve link, or the card fields' order. */
export function paypalOrders(
  { call, unexpected }: PaypalClient,
  settings: PaypalSettings,
): Pick<PaymentProvider, 'createPayment'> {
  return {
    async createPayment(payment, requestId) {
      const response = await call('POST', '/v2/checkout/orders', {
        requestId,
        body: {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: payment.orderNo,
              // PayPal may refuse an invoice id it has seen (DUPLICATE_INVOICE_ID): each attempt has its
              // own; the order number is what the merchant reads in custom_id.
              invoice_id: payment.invoiceId,
              custom_id: payment.orderNo,
              amount: {
                currency_code: payment.currency,
                value: toMajorUnits(payment.amount),
                breakdown: paypalBreakdown(payment),
              },
              soft_descriptor: settings.softDescriptor,
              ...(payment.shipTo ? { shipping: shippingOf(payment.shipTo) } : {}),
            },
          ],
          ...(payment.method === 'card'
            ? {
                // 3-D Secure as PayPal's card fields guide asks: the verification wanted, and where PayPal's
                // authentication page (an order's payer-action link) sends the buyer back or on cancelling.
                payment_source: {
                  card: {
                    attributes: { verification: { method: settings.cardVerification } },
                    experience_context: { return_url: payment.returnUrl, cancel_url: payment.cancelUrl },
                  },
                },
              }
            : {}),
          ...(payment.method === 'paypal'
            ? {
                payment_source: {
                  paypal: {
                    experience_context: {
                      return_url: payment.returnUrl,
                      cancel_url: payment.cancelUrl,
                      locale: paypalLocale[payment.language],
                      // Goods ship to the address given at checkout (PayPal's Seller Protection needs the
                      // goods shipped to the transaction's address); energy recharges ship nothing.
                      shipping_preference: payment.shipTo ? 'SET_PROVIDED_ADDRESS' : 'NO_SHIPPING',
                      user_action: 'PAY_NOW',
                    },
                  },
                },
              }
            : {}),
        },
      });
      if (!response.ok) return unexpected(response, 'the order');
      const order = (await response.json()) as PaypalOrder;
      const approve = order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve');
      return { providerOrderId: order.id, approveUrl: payment.method === 'paypal' ? (approve?.href ?? null) : null };
    },
  };
}

/** The order's delivery address as PayPal's purchase unit carries it. */
function shippingOf(address: ShippingAddress) {
  return {
    type: 'SHIPPING',
    name: { full_name: address.fullName.slice(0, 300) },
    address: {
      address_line_1: address.line1.slice(0, 300),
      ...(address.line2 ? { address_line_2: address.line2.slice(0, 300) } : {}),
      admin_area_2: address.city.slice(0, 120),
      ...(address.state ? { admin_area_1: address.state.slice(0, 300) } : {}),
      ...(address.postalCode ? { postal_code: address.postalCode.slice(0, 60) } : {}),
      country_code: address.countryCode,
    },
  };
}

/** PayPal's `amount.breakdown`, which must add up to the amount or PayPal refuses the order. */
function paypalBreakdown({ currency, breakdown }: Pick<PaymentRequest, 'currency' | 'breakdown'>) {
  const money = (amount: number) => ({ currency_code: currency, value: toMajorUnits(amount) });
  return {
    item_total: money(breakdown.itemTotal),
    shipping: money(breakdown.shippingAmount),
    tax_total: money(breakdown.taxAmount),
    discount: money(breakdown.discountAmount),
  };
}
