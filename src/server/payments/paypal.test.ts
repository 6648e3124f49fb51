import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPaypalStandIn, type PaypalStandIn } from '../../../tests/support/paypal-stand-in';
import { loadConfig } from '../config';
import { createPaypalProvider } from './paypal';
import { PaymentProviderError, type PaymentRequest } from './provider';

let paypal: PaypalStandIn;
beforeAll(async () => {
  paypal = await startPaypalStandIn();
});
afterAll(() => paypal.close());
beforeEach(() => {
  paypal.steer.slow = null;
  paypal.steer.failNext = [];
  paypal.steer.webhookVerification = 'SUCCESS';
});

const settings = (overrides: Record<string, string> = {}) => loadConfig(paypal.env({ PAYPAL_TIMEOUT_MS: '300', ...overrides })).payment.paypal;
const payment: PaymentRequest = {
  orderNo: '250122ABCDEF',
  amount: 12345,
  currency: 'USD',
  method: 'paypal',
  language: 'ZH',
  returnUrl: 'https://shop.example/pay_result?orderId=7',
  cancelUrl: 'https://shop.example/pay_result?orderId=7&cancelled=1',
};
const requestId = () => crypto.randomUUID();

/** A PayPal order the buyer has approved. */
async function approvedOrder(provider = createPaypalProvider(settings())) {
  const created = await provider.createPayment(payment, requestId());
  paypal.approve(created.providerOrderId);
  return { provider, providerOrderId: created.providerOrderId };
}

describe('the PayPal adapter creating a payment', () => {
  it('creates an order to capture, the amount in major units, and answers the payer-action link', async () => {
    const created = await createPaypalProvider(settings()).createPayment(payment, requestId());
    expect(created.approveUrl).toBe(`https://www.sandbox.paypal.com/checkoutnow?token=${created.providerOrderId}`);
    const request = paypal.orders.get(created.providerOrderId)!.request;
    expect(request).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ reference_id: payment.orderNo, amount: { currency_code: 'USD', value: '123.45' } }],
      payment_source: { paypal: { experience_context: { return_url: payment.returnUrl, cancel_url: payment.cancelUrl, locale: 'zh-CN' } } },
    });
  });

  it('leaves the approval of a card payment to the card fields in the page', async () => {
    const created = await createPaypalProvider(settings()).createPayment({ ...payment, method: 'card' }, requestId());
    expect(created.approveUrl).toBeNull();
    expect(paypal.orders.get(created.providerOrderId)!.request.payment_source).toBeUndefined();
  });

  it('keeps its access token until it nears expiry, then fetches a new one', async () => {
    let now = Date.now();
    const provider = createPaypalProvider(settings(), () => now);
    const before = paypal.stats.tokenRequests;
    await Promise.all([provider.createPayment(payment, requestId()), provider.createPayment(payment, requestId())]);
    await provider.createPayment(payment, requestId());
    expect(paypal.stats.tokenRequests).toBe(before + 1);
    now += 9 * 60 * 60 * 1000;
    await provider.createPayment(payment, requestId());
    expect(paypal.stats.tokenRequests).toBe(before + 2);
  });

  it('reports bad credentials, a server fault and a timeout as provider failures', async () => {
    await expect(createPaypalProvider(settings({ PAYPAL_CLIENT_SECRET: 'wrong' })).createPayment(payment, requestId())).rejects.toThrow(/refused the credentials \(HTTP 401\)/);
    const provider = createPaypalProvider(settings());
    paypal.steer.failNext = [/^\/v2\/checkout\/orders$/];
    await expect(provider.createPayment(payment, requestId())).rejects.toThrow(/HTTP 500/);
    paypal.steer.slow = { path: /^\/v2\/checkout\/orders$/, ms: 1_000 };
    await expect(provider.createPayment(payment, requestId())).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

describe('the PayPal adapter capturing', () => {
  it('captures an approved order', async () => {
    const { provider, providerOrderId } = await approvedOrder();
    const result = await provider.capture(providerOrderId, requestId());
    expect(result).toEqual({ status: 'completed', captureId: paypal.orders.get(providerOrderId)!.capture!.id });
  });

  it('answers pending before the buyer approved, and declined for INSTRUMENT_DECLINED', async () => {
    const provider = createPaypalProvider(settings());
    const created = await provider.createPayment(payment, requestId());
    expect(await provider.capture(created.providerOrderId, requestId())).toEqual({ status: 'pending' });
    paypal.approve(created.providerOrderId);
    paypal.steer.declineNextCapture = true;
    expect(await provider.capture(created.providerOrderId, requestId())).toEqual({ status: 'declined' });
  });

  it('answers a repeated PayPal-Request-Id with the original capture: one capture at PayPal', async () => {
    const { provider, providerOrderId } = await approvedOrder();
    const before = paypal.stats.capturesCreated;
    const key = requestId();
    const results = await Promise.all(Array.from({ length: 5 }, () => provider.capture(providerOrderId, key)));
    expect(new Set(results.map((result) => (result.status === 'completed' ? result.captureId : result.status))).size).toBe(1);
    expect(results[0]!.status).toBe('completed');
    expect(paypal.stats.capturesCreated).toBe(before + 1);
  });

  it('reads the existing capture when the order was already captured under another request id', async () => {
    const { provider, providerOrderId } = await approvedOrder();
    const first = await provider.capture(providerOrderId, requestId());
    expect(await provider.capture(providerOrderId, requestId())).toEqual(first);
  });

  it('fails a capture that times out, and a retry with the same key then finds the one capture', async () => {
    const { provider, providerOrderId } = await approvedOrder();
    const key = requestId();
    paypal.steer.slow = { path: /\/capture$/, ms: 600 };
    await expect(provider.capture(providerOrderId, key)).rejects.toBeInstanceOf(PaymentProviderError);
    paypal.steer.slow = null;
    await new Promise((resolve) => setTimeout(resolve, 400)); // PayPal finishes the capture meanwhile
    const retried = await provider.capture(providerOrderId, key);
    expect(retried).toEqual({ status: 'completed', captureId: paypal.orders.get(providerOrderId)!.capture!.id });
  });

  it('refunds a capture, and a repeated refund changes nothing', async () => {
    const { provider, providerOrderId } = await approvedOrder();
    const captured = await provider.capture(providerOrderId, requestId());
    if (captured.status !== 'completed') throw new Error('not captured');
    const before = paypal.stats.refunds;
    await provider.refund(captured.captureId, { amount: 12345, currency: 'USD' }, 'refund-1');
    await provider.refund(captured.captureId, { amount: 12345, currency: 'USD' }, 'refund-1');
    await provider.refund(captured.captureId, { amount: 12345, currency: 'USD' }, 'refund-other');
    expect(paypal.stats.refunds).toBe(before + 1);
  });
});

describe('the PayPal adapter verifying webhooks', () => {
  it('accepts an event PayPal verifies, passing the event as received', async () => {
    const { provider, providerOrderId } = await approvedOrder();
    await provider.capture(providerOrderId, requestId());
    const { body, headers } = paypal.webhook('PAYMENT.CAPTURE.COMPLETED', providerOrderId);
    const event = await provider.verifyWebhook(new Headers(headers), body);
    expect(event).toEqual({ type: 'capture-completed', providerOrderId, captureId: paypal.orders.get(providerOrderId)!.capture!.id });
    expect(paypal.steer.lastVerifiedEvent).toEqual(JSON.parse(body));
  });

  it('refuses an event whose signature PayPal does not verify, or that carries no signature', async () => {
    const provider = createPaypalProvider(settings());
    const { body, headers } = paypal.webhook('PAYMENT.CAPTURE.COMPLETED', 'UNKNOWN');
    paypal.steer.webhookVerification = 'FAILURE';
    expect(await provider.verifyWebhook(new Headers(headers), body)).toBeNull();
    const verifications = paypal.stats.verifications;
    expect(await provider.verifyWebhook(new Headers({ 'Content-Type': 'application/json' }), body)).toBeNull();
    expect(await createPaypalProvider(settings({ PAYPAL_WEBHOOK_ID: '' })).verifyWebhook(new Headers(headers), body)).toBeNull();
    expect(paypal.stats.verifications).toBe(verifications);
  });

  it('passes on events the shop does not act on as "other"', async () => {
    const { body, headers } = paypal.webhook('CHECKOUT.ORDER.APPROVED', 'ANY');
    expect(await createPaypalProvider(settings()).verifyWebhook(new Headers(headers), body)).toEqual({ type: 'other' });
  });
});
