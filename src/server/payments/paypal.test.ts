// Over 300 lines: the PayPal adapter's steps, each against one PayPal stand-in.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answerProblems, operation, requestProblems, schemaProblems } from '../../../tests/support/paypal-openapi';
import {
  STAND_IN_CARDS,
  STAND_IN_CLIENT,
  startPaypalStandIn,
  type PaypalStandIn,
} from '../../../tests/support/paypal-stand-in';
import { loadConfig } from '../config';
import { authenticationVerdict, createPaypalProvider } from './paypal';
import { PaymentProviderError, type PaymentRequest } from './provider';

let paypal: PaypalStandIn;
beforeAll(async () => {
  paypal = await startPaypalStandIn();
});
afterAll(() => paypal.close());
beforeEach(() => {
  paypal.steer.slow = null;
  paypal.steer.tooLate = null;
  paypal.steer.failNext = [];
  paypal.steer.captures = [];
  paypal.steer.refunds = [];
  paypal.steer.webhookVerification = 'SUCCESS';
});
// Every request the adapter sent, and every answer the stand-in gave, kept to PayPal's API definitions.
afterEach(() => paypal.assertValid());

const settings = (overrides: Record<string, string> = {}) =>
  loadConfig(paypal.env({ PAYPAL_TIMEOUT_MS: '1000', ...overrides })).payment.paypal;
const payment: PaymentRequest = {
  orderNo: '250122ABCDEF',
  invoiceId: '250122ABCDEF-1',
  amount: 12345,
  breakdown: { itemTotal: 11000, shippingAmount: 599, taxAmount: 846, discountAmount: 100 },
  currency: 'USD',
  method: 'paypal',
  shipTo: {
    fullName: 'Mei Tan',
    line1: '1 Market Street',
    line2: 'Apt 4',
    city: 'San Francisco',
    state: 'CA',
    postalCode: '94105',
    countryCode: 'US',
  },
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
      purchase_units: [
        {
          reference_id: payment.orderNo,
          amount: { currency_code: 'USD', value: '123.45' },
          soft_descriptor: 'ES ONLINE',
        },
      ],
      payment_source: {
        paypal: {
          experience_context: { return_url: payment.returnUrl, cancel_url: payment.cancelUrl, locale: 'zh-CN' },
        },
      },
    });
  });

  it('ships goods to the delivery address PayPal shows the buyer (SET_PROVIDED_ADDRESS); a recharge ships nothing (NO_SHIPPING)', async () => {
    const provider = createPaypalProvider(settings());
    const goods = paypal.orders.get((await provider.createPayment(payment, requestId())).providerOrderId)!.request;
    expect(goods).toMatchObject({
      purchase_units: [
        {
          shipping: {
            type: 'SHIPPING',
            name: { full_name: 'Mei Tan' },
            address: {
              address_line_1: '1 Market Street',
              address_line_2: 'Apt 4',
              admin_area_2: 'San Francisco',
              admin_area_1: 'CA',
              postal_code: '94105',
              country_code: 'US',
            },
          },
        },
      ],
      payment_source: { paypal: { experience_context: { shipping_preference: 'SET_PROVIDED_ADDRESS' } } },
    });
    const recharge = paypal.orders.get(
      (await provider.createPayment({ ...payment, shipTo: null }, requestId())).providerOrderId,
    )!.request;
    expect(recharge).toMatchObject({
      payment_source: { paypal: { experience_context: { shipping_preference: 'NO_SHIPPING' } } },
    });
    expect((recharge.purchase_units as object[])[0]).not.toHaveProperty('shipping');
  });

  it('tells PayPal how the amount adds up (amount.breakdown), and PayPal refuses a breakdown that does not (422 AMOUNT_MISMATCH)', async () => {
    const provider = createPaypalProvider(settings());
    const created = await provider.createPayment(payment, requestId());
    const money = (value: string) => ({ currency_code: 'USD', value });
    expect(paypal.orders.get(created.providerOrderId)!.request).toMatchObject({
      purchase_units: [
        {
          amount: {
            value: '123.45',
            breakdown: {
              item_total: money('110.00'),
              shipping: money('5.99'),
              tax_total: money('8.46'),
              discount: money('1.00'),
            },
          },
        },
      ],
    });
    const offByOne = { ...payment, breakdown: { ...payment.breakdown, taxAmount: 845 } };
    await expect(provider.createPayment(offByOne, requestId())).rejects.toThrow(
      /HTTP 422: .*"name":"UNPROCESSABLE_ENTITY".*"issue":"AMOUNT_MISMATCH"/,
    );
  });

  it('leaves the approval of a card payment to the card fields in the page, asking for 3-D Secure with a way back to the shop', async () => {
    const created = await createPaypalProvider(settings()).createPayment({ ...payment, method: 'card' }, requestId());
    expect(created.approveUrl).toBeNull();
    expect(paypal.orders.get(created.providerOrderId)!.request.payment_source).toEqual({
      card: {
        attributes: { verification: { method: 'SCA_WHEN_REQUIRED' } },
        experience_context: { return_url: payment.returnUrl, cancel_url: payment.cancelUrl },
      },
    });
    const always = await createPaypalProvider(settings({ PAYPAL_CARD_3DS: 'always' })).createPayment(
      { ...payment, method: 'card' },
      requestId(),
    );
    expect(paypal.orders.get(always.providerOrderId)!.request.payment_source).toMatchObject({
      card: { attributes: { verification: { method: 'SCA_ALWAYS' } } },
    });
    expect(() => loadConfig(paypal.env({ PAYPAL_CARD_3DS: 'sometimes' }))).toThrow(/PAYPAL_CARD_3DS/);
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
    await expect(
      createPaypalProvider(settings({ PAYPAL_CLIENT_SECRET: 'wrong' })).createPayment(payment, requestId()),
    ).rejects.toThrow(/refused the credentials \(HTTP 401\)/);
    const provider = createPaypalProvider(settings());
    paypal.steer.failNext = [/^\/v2\/checkout\/orders$/];
    await expect(provider.createPayment(payment, requestId())).rejects.toThrow(/HTTP 500/);
    paypal.steer.tooLate = /^\/v2\/checkout\/orders$/;
    await expect(provider.createPayment(payment, requestId())).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

describe("the stand-in, held to PayPal's API definitions", () => {
  /** Sends a raw request as a client would, with a valid token. */
  async function send(path: string, body: unknown, headers: Record<string, string> = {}) {
    const credentials = Buffer.from(`${STAND_IN_CLIENT.id}:${STAND_IN_CLIENT.secret}`).toString('base64');
    const token = await fetch(`${paypal.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${credentials}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const { access_token: accessToken } = (await token.json()) as { access_token: string };
    const response = await fetch(`${paypal.url}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as { name?: string; details?: { description?: string }[] },
    };
  }
  const order = (experience: Record<string, unknown>) => ({
    intent: 'CAPTURE',
    purchase_units: [{ amount: { currency_code: 'USD', value: '10.00' } }],
    payment_source: {
      paypal: {
        experience_context: {
          return_url: 'https://shop.example/r',
          cancel_url: 'https://shop.example/c',
          ...experience,
        },
      },
    },
  });

  it('answers 400 as PayPal would, and records it, for fields PayPal rejects', async () => {
    const cases: [unknown, Record<string, string>, RegExp][] = [
      [order({ locale: 'en_US' }), {}, /locale must match pattern/],
      [order({ user_action: 'PAY' }), {}, /user_action must be equal to one of the allowed values/],
      [{ ...order({}), intent: 'SALE' }, {}, /intent must be equal to one of the allowed values/],
      [order({}), { Prefer: 'return=representation;x' }, /header Prefer/],
    ];
    for (const [body, headers, problem] of cases) {
      const answer = await send('/v2/checkout/orders', body, headers);
      expect(answer).toMatchObject({ status: 400, body: { name: 'INVALID_REQUEST' } });
      expect(paypal.violations.splice(0).join('\n')).toMatch(problem);
    }
  });

  it('refuses a currency the merchant account does not take, with the issue PayPal documents', async () => {
    const answer = await send('/v2/checkout/orders', {
      ...order({}),
      purchase_units: [{ amount: { currency_code: 'JPY', value: '1000' } }],
    });
    expect(answer.status).toBe(422);
    expect(answer.body.details?.[0]).toMatchObject({ issue: 'INVALID_CURRENCY_CODE' });
  });
});

describe('the PayPal adapter capturing', () => {
  it('captures an approved order, naming the PayPal account that paid (payer.payer_id)', async () => {
    const { provider, providerOrderId } = await approvedOrder();
    const result = await provider.capture(providerOrderId, requestId(), 'paypal');
    const { capture, payerId } = paypal.orders.get(providerOrderId)!;
    expect(payerId).toMatch(/^[2-9A-HJ-NP-Z]{13}$/);
    expect(result).toEqual({
      status: 'completed',
      captureId: capture!.id,
      captured: { amount: 12345, currency: 'USD' },
      payerId,
    });
  });

  it('answers pending before the buyer approved; INSTRUMENT_DECLINED is a card refused, but sends a wallet buyer back to choose another funding source', async () => {
    const provider = createPaypalProvider(settings());
    const created = await provider.createPayment(payment, requestId());
    expect(await provider.capture(created.providerOrderId, requestId(), 'paypal')).toEqual({ status: 'pending' });
    paypal.approve(created.providerOrderId);
    paypal.steer.captures = [{ http: 422, issue: 'INSTRUMENT_DECLINED' }];
    expect(await provider.capture(created.providerOrderId, requestId(), 'card')).toEqual({
      status: 'declined',
      reason: 'INSTRUMENT_DECLINED',
    });
    paypal.approve(created.providerOrderId);
    paypal.steer.captures = [{ http: 422, issue: 'INSTRUMENT_DECLINED' }];
    expect(await provider.capture(created.providerOrderId, requestId(), 'paypal')).toEqual({
      status: 'payer-action',
      approveUrl: `https://www.sandbox.paypal.com/checkoutnow?token=${created.providerOrderId}`,
    });
  });

  it('sends each attempt its own invoice id, with the order number in custom_id', async () => {
    const provider = createPaypalProvider(settings());
    const created = await provider.createPayment(payment, requestId());
    expect(paypal.orders.get(created.providerOrderId)!.request.purchase_units).toMatchObject([
      { invoice_id: '250122ABCDEF-1', custom_id: '250122ABCDEF' },
    ]);
  });

  it('answers a repeated PayPal-Request-Id with the original capture: one capture at PayPal', async () => {
    const { provider, providerOrderId } = await approvedOrder();
    const before = paypal.stats.capturesCreated;
    const key = requestId();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => provider.capture(providerOrderId, key, 'paypal')),
    );
    expect(
      new Set(results.map((result) => (result.status === 'completed' ? result.captureId : result.status))).size,
    ).toBe(1);
    expect(results[0]!.status).toBe('completed');
    expect(paypal.stats.capturesCreated).toBe(before + 1);
  });

  it('reads the existing capture when the order was already captured under another request id', async () => {
    const { provider, providerOrderId } = await approvedOrder();
    const first = await provider.capture(providerOrderId, requestId(), 'paypal');
    expect(await provider.capture(providerOrderId, requestId(), 'paypal')).toEqual(first);
    expect(paypal.stats.orderReads).toBeGreaterThan(0);
  });

  it('fails a capture that times out, and a retry with the same key then finds the one capture', async () => {
    const { provider, providerOrderId } = await approvedOrder();
    const key = requestId();
    paypal.steer.tooLate = /\/capture$/;
    await expect(provider.capture(providerOrderId, key, 'paypal')).rejects.toBeInstanceOf(PaymentProviderError);
    paypal.steer.tooLate = null;
    await paypal.idle(); // PayPal finishes the capture meanwhile
    const retried = await provider.capture(providerOrderId, key, 'paypal');
    expect(retried).toEqual({
      status: 'completed',
      captureId: paypal.orders.get(providerOrderId)!.capture!.id,
      captured: { amount: 12345, currency: 'USD' },
      payerId: paypal.orders.get(providerOrderId)!.payerId,
    });
  });

  it('refunds a capture, and a repeated refund changes nothing', async () => {
    const { provider, providerOrderId } = await approvedOrder();
    const captured = await provider.capture(providerOrderId, requestId(), 'paypal');
    if (captured.status !== 'completed') throw new Error('not captured');
    const before = paypal.stats.refunds;
    const first = await provider.refund(captured.captureId, { amount: 12345, currency: 'USD' }, 'refund-1');
    expect(first).toEqual({
      status: 'completed',
      refundId: expect.any(String),
      totalRefunded: { amount: 12345, currency: 'USD' },
    });
    expect(await provider.refund(captured.captureId, { amount: 12345, currency: 'USD' }, 'refund-1')).toEqual(first);
    expect(await provider.refund(captured.captureId, { amount: 12345, currency: 'USD' }, 'refund-other')).toEqual({
      status: 'completed',
      refundId: null,
    });
    expect(paypal.stats.refunds).toBe(before + 1);
  });

  it('refunds part of a capture, and each refund carries what has gone back to date (total_refunded_amount); more than is left is refused', async () => {
    const { provider, providerOrderId } = await approvedOrder();
    const captured = await provider.capture(providerOrderId, requestId(), 'paypal');
    if (captured.status !== 'completed') throw new Error('not captured');
    expect(await provider.refund(captured.captureId, { amount: 5000, currency: 'USD' }, requestId())).toMatchObject({
      status: 'completed',
      totalRefunded: { amount: 5000, currency: 'USD' },
    });
    expect(paypal.captures.get(captured.captureId)!.status).toBe('PARTIALLY_REFUNDED');
    expect(await provider.refund(captured.captureId, { amount: 7346, currency: 'USD' }, requestId())).toEqual({
      status: 'refused',
      reason: 'REFUND_AMOUNT_EXCEEDED',
    });
    expect(await provider.refund(captured.captureId, { amount: 7345, currency: 'USD' }, requestId())).toMatchObject({
      status: 'completed',
      totalRefunded: { amount: 12345, currency: 'USD' },
    });
    expect(paypal.captures.get(captured.captureId)!.status).toBe('REFUNDED');
  });

  it("reads a dispute from PayPal's Disputes API: the capture it names, open, then resolved for the buyer with the amount refunded", async () => {
    const { provider, providerOrderId } = await approvedOrder();
    const captured = await provider.capture(providerOrderId, requestId(), 'paypal');
    if (captured.status !== 'completed') throw new Error('not captured');
    const disputeId = paypal.openDispute(captured.captureId, { value: '100.00' });
    expect(await provider.dispute(disputeId)).toEqual({
      disputeId,
      captureIds: [captured.captureId],
      reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
      amount: { amount: 10000, currency: 'USD' },
      open: true,
      outcome: null,
      refunded: null,
      returnedToSeller: null,
    });
    paypal.resolveDispute(disputeId, 'RESOLVED_BUYER_FAVOUR');
    expect(await provider.dispute(disputeId)).toMatchObject({
      open: false,
      outcome: 'buyer',
      refunded: { amount: 10000, currency: 'USD' },
      returnedToSeller: null,
    });
  });

  it("reads what a chargeback won gave back to the seller from the dispute's money movements", async () => {
    const { provider, providerOrderId } = await approvedOrder();
    const captured = await provider.capture(providerOrderId, requestId(), 'paypal');
    if (captured.status !== 'completed') throw new Error('not captured');
    const disputeId = paypal.openDispute(captured.captureId, { stage: 'CHARGEBACK', value: '40.00' });
    paypal.reverse(captured.captureId, '40.00');
    expect(await provider.dispute(disputeId)).toMatchObject({ open: true, returnedToSeller: null });
    paypal.resolveDispute(disputeId, 'RESOLVED_SELLER_FAVOUR');
    expect(await provider.dispute(disputeId)).toMatchObject({
      open: false,
      outcome: 'seller',
      refunded: null,
      returnedToSeller: { amount: 4000, currency: 'USD' },
    });
    expect(paypal.captures.get(captured.captureId)!.status).toBe('COMPLETED');
  });
});

describe('the PayPal adapter verifying webhooks', () => {
  it('accepts an event PayPal verifies, passing the event byte for byte as received', async () => {
    const { provider, providerOrderId } = await approvedOrder();
    await provider.capture(providerOrderId, requestId(), 'paypal');
    const { body, headers } = paypal.webhook('PAYMENT.CAPTURE.COMPLETED', providerOrderId);
    const event = await provider.verifyWebhook(new Headers(headers), body);
    expect(event).toEqual({
      type: 'capture-completed',
      providerOrderId,
      captureId: paypal.orders.get(providerOrderId)!.capture!.id,
      captured: { amount: 12345, currency: 'USD' },
    });
    expect(paypal.steer.lastVerificationText).toContain(body);
    expect(JSON.stringify(JSON.parse(body))).not.toBe(body);
  });

  it('refuses an event whose signature PayPal does not verify, or that carries no signature', async () => {
    const { provider, providerOrderId } = await approvedOrder();
    const { body, headers } = paypal.webhook('CHECKOUT.ORDER.APPROVED', providerOrderId);
    paypal.steer.webhookVerification = 'FAILURE';
    expect(await provider.verifyWebhook(new Headers(headers), body)).toBeNull();
    const verifications = paypal.stats.verifications;
    expect(await provider.verifyWebhook(new Headers({ 'Content-Type': 'application/json' }), body)).toBeNull();
    expect(
      await createPaypalProvider(settings({ PAYPAL_WEBHOOK_ID: '' })).verifyWebhook(new Headers(headers), body),
    ).toBeNull();
    expect(paypal.stats.verifications).toBe(verifications);
  });

  it('reads the capture, refund and order events the shop acts on, and passes on the rest as "other"', async () => {
    const { provider, providerOrderId } = await approvedOrder();
    const verify = (webhook: { body: string; headers: Record<string, string> }) =>
      provider.verifyWebhook(new Headers(webhook.headers), webhook.body);
    expect(await verify(paypal.webhook('CHECKOUT.ORDER.APPROVED', providerOrderId))).toEqual({
      type: 'order-approved',
      providerOrderId,
    });
    paypal.steer.captures = [{ capture: 'PENDING' }];
    const held = await provider.capture(providerOrderId, requestId(), 'paypal');
    if (held.status !== 'processing') throw new Error(`not held: ${held.status}`);
    expect(await verify(paypal.webhook('PAYMENT.CAPTURE.PENDING', providerOrderId))).toEqual({
      type: 'capture-pending',
      providerOrderId,
      captureId: held.captureId,
    });
    paypal.settleCapture(held.captureId, 'DECLINED');
    expect(await verify(paypal.webhook('PAYMENT.CAPTURE.DECLINED', providerOrderId))).toEqual({
      type: 'capture-declined',
      providerOrderId,
      reason: 'PAYMENT.CAPTURE.DECLINED',
    });
    expect(await verify(paypal.webhook('CHECKOUT.ORDER.COMPLETED', providerOrderId))).toEqual({
      type: 'other',
      eventType: 'CHECKOUT.ORDER.COMPLETED',
    });

    const paid = await approvedOrder(provider);
    const captured = await provider.capture(paid.providerOrderId, requestId(), 'paypal');
    if (captured.status !== 'completed') throw new Error('not captured');
    paypal.steer.refunds = [{ refund: 'PENDING' }];
    const refund = await provider.refund(captured.captureId, { amount: 12345, currency: 'USD' }, requestId());
    if (refund.status !== 'pending') throw new Error('not pending');
    paypal.settleRefund(refund.refundId, 'COMPLETED');
    expect(await verify(paypal.webhook('PAYMENT.CAPTURE.REFUNDED', refund.refundId))).toEqual({
      type: 'refund-completed',
      refundId: refund.refundId,
      captureId: captured.captureId,
      refunded: { amount: 12345, currency: 'USD' },
      totalRefunded: { amount: 12345, currency: 'USD' },
    });

    const charged = await approvedOrder(provider);
    const chargedBack = await provider.capture(charged.providerOrderId, requestId(), 'paypal');
    if (chargedBack.status !== 'completed') throw new Error('not captured');
    const disputeId = paypal.openDispute(chargedBack.captureId, { stage: 'CHARGEBACK', reason: 'UNAUTHORISED' });
    expect(await verify(paypal.webhook('CUSTOMER.DISPUTE.CREATED', disputeId))).toEqual({ type: 'dispute', disputeId });
    const reversalId = paypal.reverse(chargedBack.captureId, '45.00');
    expect(await verify(paypal.webhook('PAYMENT.CAPTURE.REVERSED', reversalId))).toEqual({
      type: 'capture-reversed',
      captureId: chargedBack.captureId,
      reversalId,
      amount: { amount: 4500, currency: 'USD' },
      totalRefunded: { amount: 4500, currency: 'USD' },
    });
  });

  it('is refused by PayPal when the event is re-encoded instead of sent as received', async () => {
    const { provider, providerOrderId } = await approvedOrder();
    const { body, headers } = paypal.webhook('CHECKOUT.ORDER.APPROVED', providerOrderId);
    expect(await provider.verifyWebhook(new Headers(headers), JSON.stringify(JSON.parse(body)))).toBeNull();
  });
});

describe('the PayPal adapter with cards and 3-D Secure', () => {
  /** A card order the buyer paid in the card fields with one of the stand-in's cards. */
  async function cardOrder(number: string) {
    const provider = createPaypalProvider(settings());
    const created = await provider.createPayment({ ...payment, method: 'card' }, requestId());
    paypal.payByCard(created.providerOrderId, number);
    return { provider, providerOrderId: created.providerOrderId };
  }

  it("captures only what PayPal's 3-D Secure response-parameters guide says to continue with", () => {
    const verdict = (liability_shift: string, enrollment_status?: string, authentication_status?: string) => {
      const { capture, liabilityShift } = authenticationVerdict({
        liability_shift,
        ...(enrollment_status ? { three_d_secure: { enrollment_status, authentication_status } } : {}),
      });
      return { capture, liabilityShift };
    };
    expect(authenticationVerdict(undefined)).toMatchObject({ capture: true, liabilityShift: null });
    // Authenticated, or attempted: liability may shift to the issuer.
    expect(verdict('POSSIBLE', 'Y', 'Y')).toEqual({ capture: true, liabilityShift: 'POSSIBLE' });
    expect(verdict('POSSIBLE', 'Y', 'A')).toEqual({ capture: true, liabilityShift: 'POSSIBLE' });
    expect(verdict('YES', 'Y', 'Y')).toEqual({ capture: true, liabilityShift: 'POSSIBLE' });
    // Failed, rejected or unable after the issuer took part: do not continue.
    for (const status of ['N', 'R', 'U', 'C'])
      expect(verdict('NO', 'Y', status)).toEqual({ capture: false, liabilityShift: 'NO' });
    expect(verdict('NO', 'Y')).toEqual({ capture: false, liabilityShift: 'NO' });
    // Not enrolled, unavailable or bypassed, no authentication: PayPal says continue (the shop bears the liability).
    for (const enrollment of ['N', 'U', 'B'])
      expect(verdict('NO', enrollment)).toEqual({ capture: true, liabilityShift: 'NO' });
    // The authentication system was not available: do not continue, the buyer may try again.
    expect(verdict('UNKNOWN', 'U')).toEqual({ capture: false, liabilityShift: 'UNKNOWN' });
    expect(verdict('UNKNOWN', 'Y', 'C')).toEqual({ capture: false, liabilityShift: 'UNKNOWN' });
    expect(verdict('UNKNOWN')).toEqual({ capture: false, liabilityShift: 'UNKNOWN' });
  });

  it('reads the authentication result from PayPal before capturing, and never captures a refused one', async () => {
    const authenticated = await cardOrder(STAND_IN_CARDS.authenticated);
    expect(await authenticated.provider.capture(authenticated.providerOrderId, requestId(), 'card')).toMatchObject({
      status: 'completed',
      liabilityShift: 'POSSIBLE',
    });

    const notEnrolled = await cardOrder(STAND_IN_CARDS.notEnrolled);
    expect(await notEnrolled.provider.capture(notEnrolled.providerOrderId, requestId(), 'card')).toMatchObject({
      status: 'completed',
      liabilityShift: 'NO',
    });

    const calls = paypal.stats.captureCalls;
    const failed = await cardOrder(STAND_IN_CARDS.authenticationFailed);
    expect(await failed.provider.capture(failed.providerOrderId, requestId(), 'card')).toEqual({
      status: 'declined',
      reason: '3-D Secure liability_shift NO (enrollment Y, authentication N)',
      liabilityShift: 'NO',
    });
    const unavailable = await cardOrder(STAND_IN_CARDS.authenticationUnavailable);
    expect(await unavailable.provider.capture(unavailable.providerOrderId, requestId(), 'card')).toMatchObject({
      status: 'declined',
      liabilityShift: 'UNKNOWN',
    });
    expect(paypal.stats.captureCalls).toBe(calls);
    expect(paypal.orders.get(failed.providerOrderId)!.capture).toBeUndefined();
  });

  it("sends the buyer to PayPal's 3-D Secure page when the order asks for it, and captures once they are back", async () => {
    const { provider, providerOrderId } = await cardOrder(STAND_IN_CARDS.authenticateAtPaypal);
    const waiting = await provider.capture(providerOrderId, requestId(), 'card');
    expect(waiting).toEqual({
      status: 'payer-action',
      approveUrl: `${paypal.url}/webapps/helios?action=verify&flow=3ds&cart_id=${providerOrderId}`,
    });
    expect(await paypal.authenticateAtPaypal(providerOrderId, 'authenticated')).toBe(
      `${payment.returnUrl}&token=${providerOrderId}`,
    );
    expect(await provider.capture(providerOrderId, requestId(), 'card')).toMatchObject({
      status: 'completed',
      liabilityShift: 'POSSIBLE',
    });
  });

  it('without a return URL PayPal cannot send the buyer back from 3-D Secure: RETURN_URL_REQUIRED', async () => {
    const provider = createPaypalProvider(settings());
    const created = await provider.createPayment({ ...payment, method: 'card' }, requestId());
    // As the card order was sent before: no payment source, so no return URL.
    delete paypal.orders.get(created.providerOrderId)!.request.payment_source;
    paypal.payByCard(created.providerOrderId, STAND_IN_CARDS.authenticateAtPaypal);
    expect(await provider.capture(created.providerOrderId, requestId(), 'card')).toEqual({
      status: 'declined',
      reason: 'RETURN_URL_REQUIRED',
    });
  });
});

describe("the stand-in, held to what PayPal's definitions document", () => {
  it('refuses answers without the fields the shop reads, or with fields PayPal never sends', () => {
    expect(schemaProblems('payments_payment_v2', 'capture-2', {})).not.toEqual([]);
    expect(schemaProblems('payments_payment_v2', 'refund', {})).not.toEqual([]);
    const capture = { id: '2GG279541U471931P', status: 'COMPLETED', amount: { currency_code: 'USD', value: '10.99' } };
    expect(schemaProblems('payments_payment_v2', 'capture-2', capture)).toEqual([]);
    expect(schemaProblems('payments_payment_v2', 'capture-2', { ...capture, captured_amount: '10.99' })).not.toEqual(
      [],
    );
    const getOrder = operation('checkout_orders_v2', 'GET', '/v2/checkout/orders/X');
    expect(answerProblems(getOrder, 200, {})).not.toEqual([]);
    expect(
      answerProblems(getOrder, 200, {
        id: 'X',
        status: 'APPROVED',
        payment_source: { card: { authentication_result: { liability_shift: 'NO' } } },
      }),
    ).toEqual([]);
    expect(
      answerProblems(getOrder, 200, {
        id: 'X',
        status: 'APPROVED',
        payment_source: { card: { authentication_result: { liabilityShift: 'NO' } } },
      }),
    ).not.toEqual([]);
  });

  it("holds the 3-D Secure request to PayPal's card_verification, a misspelt field included", () => {
    const create = operation('checkout_orders_v2', 'POST', '/v2/checkout/orders');
    const order = (card: unknown) => ({
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'USD', value: '1.00' } }],
      payment_source: { card },
    });
    const headers = { 'paypal-request-id': 'x', prefer: 'return=representation' };
    expect(requestProblems(create, headers, order({ attributes: { verification: { method: 'SCA_ALWAYS' } } }))).toEqual(
      [],
    );
    expect(
      requestProblems(create, headers, order({ attributes: { verification: { method: 'SOMETIMES' } } })),
    ).not.toEqual([]);
    expect(
      requestProblems(create, headers, order({ attributes: { verificaton: { method: 'SCA_ALWAYS' } } })),
    ).not.toEqual([]);
    expect(
      requestProblems(
        create,
        headers,
        order({
          experience_context: { return_url: 'https://shop.example/pay_result', cancelUrl: 'https://shop.example/' },
        }),
      ),
    ).not.toEqual([]);
  });
});
