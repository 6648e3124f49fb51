// Over 300 lines: PayPal checkout's cases share one shop and one stand-in.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { products, payments } from '@/server/db/schema';
import { createTestApi, testPicture, type TestApi } from '../../../tests/support/api';
import { signUp, type Customer } from '../../../tests/support/customers';
import { sentMail } from '../../../tests/support/mail';
import { loadConfig } from '@/server/config';
import { deliveryAddress, placeOrder, startPayment } from '../../../tests/support/orders';
import { startPaypalStandIn, type PaypalStandIn } from '../../../tests/support/paypal-stand-in';
import { seedCartCatalogue, type CartSku } from '../cart/fixtures/cart-catalogue';
import type { OrderDetails, OrderStatusInfo } from '../orders/orders.schema';

/* Checkout paid through PayPal, against the local stand-in that speaks PayPal's REST API. */

const ORIGIN = 'https://shop.example';

let paypal: PaypalStandIn;
let shop: TestApi;
let ids: Record<CartSku, number>;
beforeAll(async () => {
  paypal = await startPaypalStandIn();
  shop = await createTestApi({ seed: false, env: paypal.env({ PUBLIC_ORIGIN: ORIGIN, PAYPAL_TIMEOUT_MS: '1500' }) });
  ids = await seedCartCatalogue(shop, () => testPicture());
});
afterAll(async () => {
  await shop.close();
  await paypal.close();
});
beforeEach(() => {
  paypal.steer.slow = null;
  paypal.steer.tooLate = null;
  paypal.steer.captures = [];
  paypal.steer.refunds = [];
  paypal.steer.webhookVerification = 'SUCCESS';
});
afterEach(() => paypal.assertValid());

const item = (sku: CartSku, goodsQuantity: number) => ({ goodsSpecificationId: ids[sku], goodsQuantity });
const callback = (customer: Customer, orderId: number, token: string) =>
  shop.post<OrderStatusInfo>('/order/callback', { orderId, token }, { headers: customer.headers });
const checkStatus = (customer: Customer, orderId: number) =>
  shop.get<OrderStatusInfo>(`/order/checkOrderStatus?orderId=${orderId}`, { headers: customer.headers });
const details = async (customer: Customer, orderId: number) =>
  (await shop.get<OrderDetails>(`/order/getOrderDetails?orderId=${orderId}`, { headers: customer.headers })).body.data;
const mailsTo = async (email: string) =>
  (await sentMail(shop)).filter((mail) => JSON.stringify(mail.to).includes(email));
const soldCount = async () =>
  (await shop.db.select({ soldCount: products.soldCount }).from(products).where(eq(products.slug, 'silk-robe')))[0]!
    .soldCount;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function postWebhook(webhook: { body: string; headers: Record<string, string> }) {
  const response = await shop.app.request('/api/v1/pay/webhook/paypal', {
    method: 'POST',
    headers: webhook.headers,
    body: webhook.body,
  });
  return { status: response.status, body: (await response.json()) as { code: number } };
}

/** A customer with an order whose PayPal payment the buyer has approved. */
async function approvedPayment(payMethod: 'paypal' | 'card' = 'paypal', quantity = 1) {
  const customer = await signUp(shop);
  const order = await placeOrder(shop, customer, [item('robe-s', quantity)], { payMethod });
  const started = await startPayment(shop, customer, order.orderId, payMethod);
  const providerOrderId = started.body.data.providerOrderId!;
  paypal.approve(providerOrderId);
  return { customer, order, started: started.body.data, providerOrderId };
}

describe('paying with PayPal', () => {
  it('sends the customer to PayPal and back to the result page, where the return captures the payment', async () => {
    const { customer, order, started, providerOrderId } = await approvedPayment();
    expect(started).toMatchObject({
      orderId: order.orderId,
      payMethod: 'paypal',
      paid: false,
      approveUrl: `https://www.sandbox.paypal.com/checkoutnow?token=${providerOrderId}`,
    });
    const request = paypal.orders.get(providerOrderId)!.request;
    expect(request).toMatchObject({
      purchase_units: [{ reference_id: order.orderNo, amount: { currency_code: 'USD', value: '59.00' } }],
      payment_source: {
        paypal: { experience_context: { return_url: `${ORIGIN}/pay_result?orderId=${order.orderId}` } },
      },
    });

    const returned = await callback(customer, order.orderId, providerOrderId);
    const captureId = paypal.orders.get(providerOrderId)!.capture!.id;
    expect(returned.body).toMatchObject({ code: 1, data: { status: 1, paymentNumber: captureId } });
    expect(await details(customer, order.orderId)).toMatchObject({
      status: 1,
      payMethod: 'paypal',
      paymentNumber: captureId,
    });
  });

  it('offers PayPal and card, with the client id and SDK address the card fields load with', async () => {
    const options = await shop.get('/pay/getNotEpPayMethodOptionList');
    const sdk = { clientId: 'shop-client', sdkUrl: `${paypal.url}/sdk/js` };
    expect(options.body.data).toEqual([
      { payMethod: 'paypal', name: 'PayPal', available: true, note: null, ...sdk },
      { payMethod: 'card', name: 'Credit or debit card', available: true, note: null, ...sdk },
    ]);
  });

  it("offers in CNY and MYR only what the merchant's account takes there, and says why the rest is missing", async () => {
    const names = async (currency: string, language = 'EN') =>
      (
        await shop.get<{ payMethod: string; available: boolean; note: string | null }[]>(
          '/pay/getNotEpPayMethodOptionList',
          { currency, language },
        )
      ).body.data.map(({ payMethod, available, note }) => ({ payMethod, available, note }));
    expect(await names('MYR')).toEqual([
      {
        payMethod: 'paypal',
        available: false,
        note: 'Not available for payments in MYR: this shop takes it in USD only.',
      },
      {
        payMethod: 'card',
        available: false,
        note: 'Not available for payments in MYR: this shop takes it in USD only.',
      },
    ]);
    expect((await names('CNY', 'ZH'))[0]).toEqual({
      payMethod: 'paypal',
      available: false,
      note: '不支持以 CNY 付款：本店仅以 USD 收取此方式的付款。',
    });

    // A method that cannot succeed is refused before an order or a PayPal call exists.
    const customer = await signUp(shop);
    const calls = paypal.stats.captureCalls;
    const refused = await shop.post(
      '/order/createOrder',
      { items: [item('robe-s', 1)], payMethod: 'paypal', deliveryAddress },
      { headers: customer.headers, currency: 'MYR' },
    );
    expect(refused.body).toMatchObject({ code: -218 });
    expect(paypal.stats.captureCalls).toBe(calls);

    // A Malaysian merchant account takes PayPal payments in MYR; PayPal's card fields still do not.
    const malaysian = await createTestApi({ seed: false, env: paypal.env({ PAYPAL_CURRENCIES: 'USD,MYR' }) });
    try {
      const options = (
        await malaysian.get<{ payMethod: string; available: boolean }[]>('/pay/getNotEpPayMethodOptionList', {
          currency: 'MYR',
        })
      ).body.data;
      expect(options.map(({ payMethod, available }) => ({ payMethod, available }))).toEqual([
        { payMethod: 'paypal', available: true },
        { payMethod: 'card', available: false },
      ]);
    } finally {
      await malaysian.close();
    }
    expect(() => loadConfig(paypal.env({ PAYPAL_CARD_CURRENCIES: 'USD,MYR' }))).toThrow(/PAYPAL_CARD_CURRENCIES/);
  });

  it('MYR and CNY reach PayPal only from an account in Malaysia or China, as PayPal takes them for in-country accounts only', async () => {
    const malaysian = await createTestApi({ seed: false, env: paypal.env({ PAYPAL_CURRENCIES: 'USD,MYR,CNY' }) });
    try {
      const myIds = await seedCartCatalogue(malaysian, () => testPicture());
      const buyer = await signUp(malaysian);
      const payInMyr = async (currency: 'MYR' | 'CNY') => {
        const order = await placeOrder(
          malaysian,
          buyer,
          [{ goodsSpecificationId: myIds['robe-s'], goodsQuantity: 1 }],
          { payMethod: 'paypal' },
          { currency },
        );
        return startPayment(malaysian, buyer, order.orderId, 'paypal');
      };
      // A shop listing MYR for an account PayPal does not hold in Malaysia: PayPal refuses the order (422 INVALID_CURRENCY_CODE).
      paypal.steer.accountCountry = 'US';
      expect((await payInMyr('MYR')).body).toMatchObject({ code: -1 });
      // An account in Malaysia takes MYR, and still not CNY.
      paypal.steer.accountCountry = 'MY';
      const started = await payInMyr('MYR');
      expect(started.body.code).toBe(1);
      expect(paypal.orders.get(started.body.data.providerOrderId!)!.amount.currency_code).toBe('MYR');
      expect((await payInMyr('CNY')).body).toMatchObject({ code: -1 });
      paypal.steer.accountCountry = 'CN';
      expect((await payInMyr('CNY')).body.code).toBe(1);
    } finally {
      paypal.steer.accountCountry = 'US';
      await malaysian.close();
    }
  });

  it('pays by card through the same order API: the page gets the PayPal order id for its card fields', async () => {
    const { customer, order, started, providerOrderId } = await approvedPayment('card');
    expect(started).toMatchObject({ payMethod: 'card', approveUrl: null, providerOrderId: expect.any(String) });
    // 3-D Secure brings the buyer back to the shop's one public origin.
    expect(paypal.orders.get(providerOrderId)!.request.payment_source).toMatchObject({
      card: {
        experience_context: {
          return_url: `${ORIGIN}/pay_result?orderId=${order.orderId}`,
          cancel_url: `${ORIGIN}/pay_result?orderId=${order.orderId}&cancelled=1`,
        },
      },
    });
    expect((await callback(customer, order.orderId, providerOrderId)).body.data.status).toBe(1);
    expect((await details(customer, order.orderId)).payMethod).toBe('card');
  });

  it('pays the order once and captures once when 20 returns, polls and webhooks arrive together', async () => {
    const { customer, order, providerOrderId } = await approvedPayment('paypal', 3);
    const capturesBefore = paypal.stats.capturesCreated;
    const callsBefore = paypal.stats.captureCalls;
    const soldBefore = await soldCount();
    paypal.steer.slow = { path: /\/capture$/, ms: 150 };

    const webhookOnceCaptured = async () => {
      while (!paypal.orders.get(providerOrderId)!.capture) await sleep(5);
      return postWebhook(paypal.webhook('PAYMENT.CAPTURE.COMPLETED', providerOrderId));
    };
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => callback(customer, order.orderId, providerOrderId)),
      ...Array.from({ length: 5 }, () => checkStatus(customer, order.orderId)),
      ...Array.from({ length: 5 }, webhookOnceCaptured),
    ]);

    expect(answers.map((answer) => answer.body.code)).toEqual(Array(20).fill(1));
    expect(paypal.stats.capturesCreated - capturesBefore).toBe(1);
    expect(paypal.stats.captureCalls - callsBefore).toBe(1);
    expect((await details(customer, order.orderId)).status).toBe(1);
    expect(await soldCount()).toBe(soldBefore + 3);
    expect(await mailsTo(customer.email)).toHaveLength(1);
    const rows = await shop.db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.orderId, order.orderId));
    expect(rows).toEqual([{ status: 'captured' }]);
  });

  it('marks the order failed when PayPal declines the capture; paying again uses a new PayPal order', async () => {
    const { customer, order, providerOrderId } = await approvedPayment();
    paypal.steer.captures = [{ http: 422, issue: 'PAYER_CANNOT_PAY' }];
    expect((await callback(customer, order.orderId, providerOrderId)).body.data.status).toBe(0);

    const again = await startPayment(shop, customer, order.orderId, 'paypal');
    expect(again.body.data.providerOrderId).not.toBe(providerOrderId);
    paypal.approve(again.body.data.providerOrderId!);
    expect((await callback(customer, order.orderId, again.body.data.providerOrderId!)).body.data.status).toBe(1);
  });

  it('keeps the order pending when the capture times out, and the next poll finds the one capture', async () => {
    const { customer, order, providerOrderId } = await approvedPayment();
    const capturesBefore = paypal.stats.capturesCreated;
    paypal.steer.tooLate = /\/capture$/;
    expect((await callback(customer, order.orderId, providerOrderId)).body).toMatchObject({
      code: 1,
      data: { status: 2 },
    });
    paypal.steer.tooLate = null;
    await paypal.idle(); // PayPal finishes the capture it was asked for

    expect((await checkStatus(customer, order.orderId)).body.data.status).toBe(1);
    expect(paypal.stats.capturesCreated - capturesBefore).toBe(1);
  });

  it('answers -1 (HTTP 502) when PayPal cannot create the payment, and the customer can try again', async () => {
    const customer = await signUp(shop);
    const order = await placeOrder(shop, customer, [item('robe-s', 1)], { payMethod: 'paypal' });
    paypal.steer.failNext = [/^\/v2\/checkout\/orders$/];
    const failed = await startPayment(shop, customer, order.orderId, 'paypal');
    expect(failed.status).toBe(502);
    expect(failed.body.code).toBe(-1);
    expect((await startPayment(shop, customer, order.orderId, 'paypal')).body.code).toBe(1);
  });

  it('refunds at PayPal when the customer cancels a paid order', async () => {
    const { customer, order, providerOrderId } = await approvedPayment();
    await callback(customer, order.orderId, providerOrderId);
    const refundsBefore = paypal.stats.refunds;
    const cancelled = await shop.call<OrderDetails>('PUT', `/order/cancel?orderId=${order.orderId}`, {
      headers: customer.headers,
    });
    expect(cancelled.body).toMatchObject({ code: 1, data: { status: 3, refundTime: expect.any(String) } });
    expect(paypal.stats.refunds - refundsBefore).toBe(1);
    expect(paypal.orders.get(providerOrderId)!.capture!.status).toBe('REFUNDED');
  });

  it('does not cancel an order while its capture is on its way, and refunds it when cancelled once paid', async () => {
    const { customer, order, providerOrderId } = await approvedPayment();
    const capturing = paypal.hold(/\/capture$/);
    const returning = callback(customer, order.orderId, providerOrderId);
    await capturing.arrived;
    // The shop asked PayPal for the money and has no answer yet: it asks PayPal first, and while the
    // money is in doubt the order stays as it is (docs/decisions/076).
    const early = await shop.call('PUT', `/order/cancel?orderId=${order.orderId}`, { headers: customer.headers });
    expect(early.body).toMatchObject({ code: -1, data: { reason: 'payment-in-doubt' } });
    capturing.release();

    expect((await returning).body.data.status).toBe(1);
    expect(
      (await shop.call('PUT', `/order/cancel?orderId=${order.orderId}`, { headers: customer.headers })).body.code,
    ).toBe(1);
    expect(paypal.orders.get(providerOrderId)!.capture!.status).toBe('REFUNDED');
    expect(
      await shop.db.select({ status: payments.status }).from(payments).where(eq(payments.orderId, order.orderId)),
    ).toEqual([{ status: 'refunded' }]);
  });
});

describe("PayPal's webhooks", () => {
  it('pay an order whose capture answer was lost, once', async () => {
    const { customer, order, providerOrderId } = await approvedPayment();
    paypal.steer.tooLate = /\/capture$/;
    expect((await callback(customer, order.orderId, providerOrderId)).body.data.status).toBe(2);
    await paypal.idle();
    const webhook = paypal.webhook('PAYMENT.CAPTURE.COMPLETED', providerOrderId);
    expect(await postWebhook(webhook)).toMatchObject({ status: 200, body: { code: 1 } });
    expect(await postWebhook(webhook)).toMatchObject({ status: 200, body: { code: 1 } });
    expect(await details(customer, order.orderId)).toMatchObject({
      status: 1,
      paymentNumber: paypal.orders.get(providerOrderId)!.capture!.id,
    });
    expect(await mailsTo(customer.email)).toHaveLength(1);
  });

  it('mark the payment failed on PAYMENT.CAPTURE.DECLINED', async () => {
    const { customer, order, providerOrderId } = await approvedPayment();
    paypal.steer.captures = [{ capture: 'PENDING' }];
    expect((await callback(customer, order.orderId, providerOrderId)).body.data.status).toBe(2);
    paypal.settleCapture(paypal.orders.get(providerOrderId)!.capture!.id, 'DECLINED');
    expect((await postWebhook(paypal.webhook('PAYMENT.CAPTURE.DECLINED', providerOrderId))).status).toBe(200);
    expect((await details(customer, order.orderId)).status).toBe(0);
  });

  it('are refused (-218, HTTP 400) and change nothing when PayPal does not verify the signature', async () => {
    const { customer, order, providerOrderId } = await approvedPayment();
    paypal.steer.webhookVerification = 'FAILURE';
    const refused = await postWebhook(paypal.webhook('CHECKOUT.ORDER.APPROVED', providerOrderId));
    expect(refused).toMatchObject({ status: 400, body: { code: -218 } });
    expect((await details(customer, order.orderId)).status).toBe(2);
  });

  it('of another provider are not found', async () => {
    const response = await shop.app.request('/api/v1/pay/webhook/stripe', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(404);
  });
});
