import { eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { specifications } from '@/server/db/schema';
import { aCustomer, aShop } from '../../../tests/support/fixtures';
import { deliveryAddress, startPayment } from '../../../tests/support/orders';
import { documentedIssues, operation } from '../../../tests/support/paypal-openapi';
import { startPaypalStandIn, type CaptureOutcome, type RefundOutcome } from '../../../tests/support/paypal-stand-in';
import { orderCommands } from './orders.commands';
import type { OrderDetails, OrderStatusInfo } from './orders.schema';

/*
 * Every capture and refund outcome PayPal documents, walked through the stand-in (held to PayPal's
 * published API definitions): what the customer sees (the result page's status, the order) and what
 * the operator sees (the refund command's output). docs/decisions/033-paypal-outcomes-and-currencies.md
 */

const paypal = await startPaypalStandIn();
afterAll(() => paypal.close());
const shop = await aShop({ catalog: 'small', env: paypal.env({ PAYPAL_TIMEOUT_MS: '1000', RATE_LIMIT_PER_ACCOUNT: '10000', RATE_LIMIT_PER_IP: '10000' }) });
const { ids } = shop;
const customer = await aCustomer(shop);
afterEach(() => {
  paypal.steer.captures = [];
  paypal.steer.refunds = [];
  paypal.assertValid();
});

const PAID = 1;
const FAILED = 0;
const PENDING = 2;
const CLOSED = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const callback = (orderId: number, token: string) => shop.post<OrderStatusInfo>('/order/callback', { orderId, token }, { headers: customer.headers });
const poll = (orderId: number) => shop.get<OrderStatusInfo>(`/order/checkOrderStatus?orderId=${orderId}`, { headers: customer.headers });
const details = async (orderId: number) => (await shop.get<OrderDetails>(`/order/getOrderDetails?orderId=${orderId}`, { headers: customer.headers })).body.data;
const stock = async () => (await shop.db.select({ stock: specifications.stock }).from(specifications).where(eq(specifications.id, ids['robe-s'])))[0]!.stock;
const refundCommand = (orderNo: string) => orderCommands.refund.execute([orderNo], shop.operator);
const postWebhook = async (webhook: { body: string; headers: Record<string, string> }) =>
  (await shop.app.request('/api/v1/pay/webhook/paypal', { method: 'POST', headers: webhook.headers, body: webhook.body })).status;

/** An order the buyer approved at PayPal, not yet captured. */
async function approvedOrder() {
  const created = await shop.post<OrderDetails>(
    '/order/createOrder',
    { items: [{ goodsSpecificationId: ids['robe-s'], goodsQuantity: 1 }], payMethod: 'paypal', deliveryAddress },
    { headers: customer.headers },
  );
  if (created.body.code !== 1) throw new Error(JSON.stringify(created.body));
  const started = await startPayment(shop, customer, created.body.data.orderId, 'paypal');
  const providerOrderId = started.body.data.providerOrderId!;
  paypal.approve(providerOrderId);
  return { order: created.body.data, providerOrderId };
}

/** A paid order, its capture id and the stock after paying. */
async function paidOrder() {
  const { order, providerOrderId } = await approvedOrder();
  const returned = await callback(order.orderId, providerOrderId);
  expect(returned.body.data.status).toBe(PAID);
  return { order, providerOrderId, captureId: paypal.orders.get(providerOrderId)!.capture!.id, stockPaid: await stock() };
}

const captureOperation = operation('checkout_orders_v2', 'POST', '/v2/checkout/orders/X/capture');
const refundOperation = operation('payments_payment_v2', 'POST', '/v2/payments/captures/X/refund');
/** Capture issues that are not a refusal: each has its own case below. */
const notRefusals = new Set(['ORDER_NOT_APPROVED', 'ORDER_ALREADY_CAPTURED', 'PAYER_ACTION_REQUIRED', 'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING', 'ORDER_COMPLETION_IN_PROGRESS']);
const refusedCaptures: [string, CaptureOutcome][] = [
  ...[...documentedIssues(captureOperation, 422).keys()].filter((issue) => !notRefusals.has(issue)).map((issue): [string, CaptureOutcome] => [`422 ${issue}`, { http: 422, issue }]),
  ...[...documentedIssues(captureOperation, 403).keys()].map((issue): [string, CaptureOutcome] => [`403 ${issue}`, { http: 403, issue }]),
  ...[...documentedIssues(captureOperation, 404).keys()].map((issue): [string, CaptureOutcome] => [`404 ${issue}`, { http: 404, issue }]),
  ['capture DECLINED', { capture: 'DECLINED' }],
  ['capture FAILED', { capture: 'FAILED' }],
];

describe('a capture PayPal refuses for good', () => {
  it('covers the issues the customer would otherwise wait on (the ones the issue report names among them)', () => {
    const names = refusedCaptures.map(([name]) => name);
    for (const issue of ['PAYER_CANNOT_PAY', 'TRANSACTION_BLOCKED_BY_PAYEE', 'MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED', 'COMPLIANCE_VIOLATION', 'DUPLICATE_INVOICE_ID', 'INSTRUMENT_DECLINED']) {
      expect(names).toContain(`422 ${issue}`);
    }
    expect(names).toContain('403 PERMISSION_DENIED');
    expect(names).toContain('404 INVALID_RESOURCE_ID');
  });

  it.each(refusedCaptures)('%s: the customer sees "payment failed" at once, and no poll asks PayPal again', async (_name, outcome) => {
    const { order, providerOrderId } = await approvedOrder();
    paypal.steer.captures = [outcome];
    const calls = paypal.stats.captureCalls;
    expect((await callback(order.orderId, providerOrderId)).body.data.status).toBe(FAILED);
    expect((await poll(order.orderId)).body.data.status).toBe(FAILED);
    expect(paypal.stats.captureCalls - calls).toBe(1);
    expect((await details(order.orderId)).status).toBe(FAILED);
  });
});

describe('a capture that is not final', () => {
  it.each<[string, CaptureOutcome]>([
    ['HTTP 500', { http: 500 }],
    ['an answer that comes too late', { late: 1500 }],
  ])('%s: the customer sees "pending", and the next poll captures once with the same key', async (_name, outcome) => {
    const { order, providerOrderId } = await approvedOrder();
    paypal.steer.captures = [outcome];
    const created = paypal.stats.capturesCreated;
    expect((await callback(order.orderId, providerOrderId)).body.data.status).toBe(PENDING);
    await sleep(1000);
    expect((await poll(order.orderId)).body.data.status).toBe(PAID);
    expect(paypal.stats.capturesCreated - created).toBe(1);
  });

  it('422 ORDER_COMPLETION_IN_PROGRESS: pending, and the next poll captures', async () => {
    const { order, providerOrderId } = await approvedOrder();
    paypal.steer.captures = [{ http: 422, issue: 'ORDER_COMPLETION_IN_PROGRESS' }];
    expect((await callback(order.orderId, providerOrderId)).body.data.status).toBe(PENDING);
    expect((await poll(order.orderId)).body.data.status).toBe(PAID);
  });

  it.each(['PAYER_ACTION_REQUIRED', 'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING'])(
    '422 %s: the customer is sent back to PayPal; polls ask nothing until they return, then it captures',
    async (issue) => {
      const { order, providerOrderId } = await approvedOrder();
      paypal.steer.captures = [{ http: 422, issue }];
      const returned = (await callback(order.orderId, providerOrderId)).body.data;
      expect(returned).toMatchObject({ status: PENDING, continueUrl: `https://www.sandbox.paypal.com/checkoutnow?token=${providerOrderId}` });
      const calls = paypal.stats.captureCalls;
      expect((await poll(order.orderId)).body.data).toMatchObject({ status: PENDING, continueUrl: expect.any(String) });
      expect(paypal.stats.captureCalls).toBe(calls);

      paypal.approve(providerOrderId);
      expect((await callback(order.orderId, providerOrderId)).body.data).toMatchObject({ status: PAID });
    },
  );

  it('capture PENDING: "pending" to the customer, polls cost PayPal nothing until the webhook settles it', async () => {
    const { order, providerOrderId } = await approvedOrder();
    paypal.steer.captures = [{ capture: 'PENDING' }];
    expect((await callback(order.orderId, providerOrderId)).body.data.status).toBe(PENDING);
    const before = { ...paypal.stats };
    for (let times = 0; times < 5; times++) expect((await poll(order.orderId)).body.data.status).toBe(PENDING);
    expect([paypal.stats.captureCalls, paypal.stats.captureReads, paypal.stats.orderReads, paypal.stats.tokenRequests]).toEqual([before.captureCalls, before.captureReads, before.orderReads, before.tokenRequests]);

    const captureId = paypal.orders.get(providerOrderId)!.capture!.id;
    expect(await postWebhook(paypal.webhook('PAYMENT.CAPTURE.PENDING', providerOrderId))).toBe(200);
    paypal.settleCapture(captureId, 'COMPLETED');
    expect(await postWebhook(paypal.webhook('PAYMENT.CAPTURE.COMPLETED', providerOrderId))).toBe(200);
    expect(await details(order.orderId)).toMatchObject({ status: PAID, paymentNumber: captureId });
  });

  it('capture PENDING that PayPal then declines: "payment failed" once the webhook says so', async () => {
    const { order, providerOrderId } = await approvedOrder();
    paypal.steer.captures = [{ capture: 'PENDING' }];
    await callback(order.orderId, providerOrderId);
    paypal.settleCapture(paypal.orders.get(providerOrderId)!.capture!.id, 'DECLINED');
    expect(await postWebhook(paypal.webhook('PAYMENT.CAPTURE.DECLINED', providerOrderId))).toBe(200);
    expect((await details(order.orderId)).status).toBe(FAILED);
  });

  it('CHECKOUT.ORDER.APPROVED: the shop captures without waiting for the customer to come back', async () => {
    const { order, providerOrderId } = await approvedOrder();
    expect(await postWebhook(paypal.webhook('CHECKOUT.ORDER.APPROVED', providerOrderId))).toBe(200);
    expect((await details(order.orderId)).status).toBe(PAID);
  });
});

const refusedRefunds: [string, RefundOutcome, string][] = [
  ['refund FAILED', { refund: 'FAILED' }, 'FAILED'],
  ['refund CANCELLED', { refund: 'CANCELLED' }, 'CANCELLED'],
  ...[...documentedIssues(refundOperation, 422).keys()]
    .filter((issue) => issue !== 'CAPTURE_FULLY_REFUNDED')
    .map((issue): [string, RefundOutcome, string] => [`422 ${issue}`, { http: 422, issue }, issue]),
  ['403', { http: 403 }, 'HTTP 403'],
  ['404', { http: 404 }, 'HTTP 404'],
];

describe('a refund', () => {
  it('COMPLETED: the operator reads "refunded"; the order is closed with its refund time, stock returns', async () => {
    const { order, stockPaid } = await paidOrder();
    expect(await refundCommand(order.orderNo)).toBe(`Order ${order.orderNo} refunded ($59.00) and closed.`);
    expect(await details(order.orderId)).toMatchObject({ status: CLOSED, refundTime: expect.any(String) });
    expect(await stock()).toBe(stockPaid + 1);
  });

  it('PENDING: the order closes at once; stock returns only when PAYMENT.CAPTURE.REFUNDED says COMPLETED', async () => {
    const { order, captureId, stockPaid } = await paidOrder();
    paypal.steer.refunds = [{ refund: 'PENDING' }];
    expect(await refundCommand(order.orderNo)).toMatch(new RegExp(`^Order ${order.orderNo} is closed; the payment provider is still processing the refund of \\$59\\.00`));
    expect(await details(order.orderId)).toMatchObject({ status: CLOSED, refundTime: null });
    expect(await stock()).toBe(stockPaid);

    const refund = paypal.captures.get(captureId)!.refunds[0]!;
    paypal.settleRefund(refund.id, 'COMPLETED');
    const webhook = paypal.webhook('PAYMENT.CAPTURE.REFUNDED', refund.id);
    expect(await postWebhook(webhook)).toBe(200);
    expect(await postWebhook(webhook)).toBe(200);
    expect(await details(order.orderId)).toMatchObject({ status: CLOSED, refundTime: expect.any(String) });
    expect(await stock()).toBe(stockPaid + 1);
  });

  it('PENDING, then asked about by the operator: the command reports it still pending, then refunded', async () => {
    const { order, captureId, stockPaid } = await paidOrder();
    paypal.steer.refunds = [{ refund: 'PENDING' }];
    await refundCommand(order.orderNo);
    expect(await refundCommand(order.orderNo)).toMatch(/still processing the refund/);
    paypal.settleRefund(paypal.captures.get(captureId)!.refunds[0]!.id, 'COMPLETED');
    expect(await refundCommand(order.orderNo)).toBe(`Order ${order.orderNo} refunded ($59.00) and closed.`);
    expect(await stock()).toBe(stockPaid + 1);
  });

  it('PENDING, then FAILED at PayPal: the operator reads the refusal and the order is paid again, nothing returned', async () => {
    const { order, captureId, stockPaid } = await paidOrder();
    paypal.steer.refunds = [{ refund: 'PENDING' }];
    await refundCommand(order.orderNo);
    paypal.settleRefund(paypal.captures.get(captureId)!.refunds[0]!.id, 'FAILED');
    await expect(refundCommand(order.orderNo)).rejects.toThrow(`The payment provider refused to refund order ${order.orderNo} (FAILED).`);
    expect(await details(order.orderId)).toMatchObject({ status: PAID, refundTime: null, cancelTime: null });
    expect(await stock()).toBe(stockPaid);
  });

  it.each(refusedRefunds)('%s: the operator reads why; the order stays paid and nothing else changes', async (_name, outcome, reason) => {
    const { order, stockPaid } = await paidOrder();
    paypal.steer.refunds = [outcome];
    await expect(refundCommand(order.orderNo)).rejects.toThrow(`The payment provider refused to refund order ${order.orderNo} (${reason}). Nothing changed in the shop`);
    expect(await details(order.orderId)).toMatchObject({ status: PAID, refundTime: null });
    expect(await stock()).toBe(stockPaid);
  });

  it.each<[string, RefundOutcome]>([
    ['HTTP 500', { http: 500 }],
    ['an answer that comes too late', { late: 1500 }],
  ])('%s: the operator is told to try again; the order stays paid', async (_name, outcome) => {
    const { order, stockPaid } = await paidOrder();
    paypal.steer.refunds = [outcome];
    await expect(refundCommand(order.orderNo)).rejects.toThrow(`The payment provider did not refund order ${order.orderNo}; it is unchanged, try again later.`);
    expect((await details(order.orderId)).status).toBe(PAID);
    expect(await stock()).toBe(stockPaid);
    await sleep(1000);
  });

  it('a customer cancelling a paid order whose refund PayPal refuses keeps the order and reads why in their language', async () => {
    const { order } = await paidOrder();
    paypal.steer.refunds = [{ refund: 'FAILED' }];
    const cancelled = await shop.call('PUT', `/order/cancel?orderId=${order.orderId}`, { headers: customer.headers, language: 'ZH' });
    expect(cancelled.body).toMatchObject({ code: -1, message: '支付服务商未能退回此笔付款。您的订单未作更改，请联系我们。' });
    expect((await details(order.orderId)).status).toBe(PAID);
  });
});

describe('webhooks the shop does not act on', () => {
  it('are acknowledged and change nothing', async () => {
    const { order, providerOrderId } = await paidOrder();
    expect(await postWebhook(paypal.webhook('PAYMENT.CAPTURE.REVERSED', providerOrderId))).toBe(200);
    expect((await details(order.orderId)).status).toBe(PAID);
  });
});
