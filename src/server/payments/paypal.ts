import type { PaymentProvider } from './provider';
import { paypalCaptures } from './paypal/captures';
import { createPaypalClient, type PaypalSettings } from './paypal/client';
import { paypalDisputes } from './paypal/disputes';
import { paypalOrders } from './paypal/orders';
import { paypalRefunds } from './paypal/refunds';
import { paypalWebhooks } from './paypal/webhooks';

export { authenticationVerdict } from './paypal/captures';
export type { PaypalSettings } from './paypal/client';

/*
 * PayPal Orders v2 over its REST API: OAuth2 client credentials, create an order (intent CAPTURE),
 * send the customer to its approve link, capture on return, refund through Payments v2, and verify
 * webhooks through PayPal's own verification call. Every write carries `PayPal-Request-Id`, so
 * PayPal answers a repeated request with the original result instead of acting twice.
 * Card payments use PayPal's card fields in the page (docs/decisions/017-paypal-card-fields.md): the
 * same order, created without a payment source, approved in place.
 * What each answer means follows PayPal's published API definitions (checkout_orders_v2,
 * payments_payment_v2, notifications_webhooks_v1), which the tests' stand-in enforces; see
 * docs/decisions/033-paypal-outcomes-and-currencies.md.
 * Each step is its own file under paypal/: orders, captures, refunds, disputes, webhooks; client.ts
 * holds the token and the calls they share.
 */

export function createPaypalProvider(settings: PaypalSettings, clock: () => number = Date.now): PaymentProvider {
  const client = createPaypalClient(settings, clock);
  return {
    name: 'paypal',
    payMethods: ['paypal', 'card'],
    currencies: { paypal: settings.walletCurrencies, card: settings.cardCurrencies, test: [] },
    clientId: settings.clientId ?? null,
    sdkUrl: settings.sdkUrl,
    ...paypalOrders(client, settings),
    ...paypalCaptures(client),
    ...paypalRefunds(client),
    ...paypalDisputes(client),
    ...paypalWebhooks(client, settings),
  };
}
