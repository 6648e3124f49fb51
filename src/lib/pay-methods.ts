/*
 * How an order is paid, shared by the server and the pages: the methods a payment provider takes and
 * energy points. The providers themselves live in src/server/payments (docs/decisions/015-payment-providers.md).
 */

/** What a payment provider takes: PayPal's wallet, a card through PayPal, and the local test gateway. */
export const providerPayMethods = ['paypal', 'card', 'test'] as const;
export type ProviderPayMethod = (typeof providerPayMethods)[number];

/** `ep` pays a goods order from the customer's energy points (docs/decisions/018-energy-ledger.md). */
export const payMethods = [...providerPayMethods, 'ep'] as const;
export type PayMethod = (typeof payMethods)[number];
