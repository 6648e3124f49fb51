// Over 300 lines: every PayPal outcome runs against one shop and one stand-in, started once for the file.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { orders, payments, productSizes } from '@/server/db/schema';
import { findOrders } from '@/features/backoffice/orders/orders-board.service';
import { aCustomer, aShop } from '../../../tests/support/fixtures';
import { deliveryAddress, startPayment } from '../../../tests/support/orders';
import { documentedIssues, operation } from '../../../tests/support/paypal-openapi';
import {
  STAND_IN_CARDS,
  startPaypalStandIn,
  type CaptureOutcome,
  type RefundOutcome,
} from '../../../tests/support/paypal-stand-in';
import { closeExpiredOrders } from '../orders/order-lifecycle';
import { orderCommands } from '../orders/orders.commands';
import { settleHeldCaptures } from './capture';
import { paymentCommands } from './payments.commands';
import type { OrderDetails, OrderStatusInfo } from '../orders/orders.schema';

/*
 * Every capture and refund outcome PayPal documents, walked through the stand-in (held to PayPal's
 * published API definitions): what the customer sees (the result page's status, the order) and what
 * the operator sees (the refund command's output). docs/decisions/033-paypal-outcomes-and-currencies.md
 */

const paypal = await startPaypalStandIn();
afterAll(() => paypal.close());
const shop = await aShop({
  catalogue: 'small',
  env: paypal.env({ PAYPAL_TIMEOUT_MS: '1000', RATE_LIMIT_PER_ACCOUNT: '10000', RATE_LIMIT_PER_IP: '10000' }),
});
const { ids } = shop;
const customer = await aCustomer(shop);
afterEach(() => {
  paypal.steer.captures = [];
  paypal.steer.refunds = [];
  paypal.steer.refuseDuplicateInvoiceIds = false;
  paypal.assertValid();
});

const PAID = 1;
const FAILED = 0;
const PENDING = 2;
const CLOSED = 3;

const callback = (orderId: number, token: string) =>
  shop.post<OrderStatusInfo>('/order/callback', { orderId, token }, { headers: customer.headers });
const poll = (orderId: number) =>
  shop.get<OrderStatusInfo>(`/order/checkOrderStatus?orderId=${orderId}`, { headers: customer.headers });
const details = async (orderId: number) =>
  (await shop.get<OrderDetails>(`/order/getOrderDetails?orderId=${orderId}`, { headers: customer.headers })).body.data;
const stock = async () =>
  (await shop.db.select({ stock: productSizes.stock }).from(productSizes).where(eq(productSizes.id, ids['robe-s'])))[0]!
    .stock;
const refundCommand = (orderNo: string) => paymentCommands.refund.execute([orderNo], shop.operator);
const postWebhook = async (webhook: { body: string; headers: Record<string, string> }) =>
  (
    await shop.app.request('/api/v1/pay/webhook/paypal', {
      method: 'POST',
      headers: webhook.headers,
      body: webhook.body,
    })
  ).status;

const shipCommand = (orderNo: string) =>
  orderCommands.ship.execute([orderNo, '--carrier', 'DHL', '--tracking', 'JD0001'], shop.operator);
/** The operator's orders board row of an order. */
const boardRow = async (orderNo: string) =>
  (await findOrders(shop.db, { q: orderNo, pageNum: 1, pageSize: 5 })).list.find((row) => row.orderNo === orderNo)!;
/** The order's time to pay runs out. */
const expire = (orderId: number) =>
  shop.db
    .update(orders)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(orders.id, orderId));
/** Past the capture lease: the sweeps may ask PayPal again. */
const afterLease = () => new Date(Date.now() + 5 * 60_000);

/** An order the buyer approved at PayPal (with a card's fields, or in PayPal's own checkout), not yet captured. */
async function approvedOrder(payMethod: 'paypal' | 'card' = 'paypal') {
  const created = await shop.post<OrderDetails>(
    '/order/createOrder',
    { items: [{ goodsSpecificationId: ids['robe-s'], goodsQuantity: 1 }], payMethod, deliveryAddress },
    { headers: customer.headers },
  );
  if (created.body.code !== 1) throw new Error(JSON.stringify(created.body));
  const started = await startPayment(shop, customer, created.body.data.orderId, payMethod);
  const providerOrderId = started.body.data.providerOrderId!;
  paypal.approve(providerOrderId);
  return { order: created.body.data, providerOrderId };
}

/** A paid order, its capture id and the stock after paying. */
async function paidOrder() {
  const { order, providerOrderId } = await approvedOrder();
  const returned = await callback(order.orderId, providerOrderId);
  expect(returned.body.data.status).toBe(PAID);
  return {
    order,
    providerOrderId,
    captureId: paypal.orders.get(providerOrderId)!.capture!.id,
    stockPaid: await stock(),
  };
}

const captureOperation = operation('checkout_orders_v2', 'POST', '/v2/checkout/orders/X/capture');
const refundOperation = operation('payments_payment_v2', 'POST', '/v2/payments/captures/X/refund');
/** Capture issues that are not a refusal: each has its own case below. */
const notRefusals = new Set([
  'ORDER_NOT_APPROVED',
  'ORDER_ALREADY_CAPTURED',
  'PAYER_ACTION_REQUIRED',
  'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING',
  'ORDER_COMPLETION_IN_PROGRESS',
  'INSTRUMENT_DECLINED',
]);
const refusedCaptures: [string, CaptureOutcome][] = [
  ...[...documentedIssues(captureOperation, 422).keys()]
    .filter((issue) => !notRefusals.has(issue))
    .map((issue): [string, CaptureOutcome] => [`422 ${issue}`, { http: 422, issue }]),
  ...[...documentedIssues(captureOperation, 403).keys()].map((issue): [string, CaptureOutcome] => [
    `403 ${issue}`,
    { http: 403, issue },
  ]),
  ...[...documentedIssues(captureOperation, 404).keys()].map((issue): [string, CaptureOutcome] => [
    `404 ${issue}`,
    { http: 404, issue },
  ]),
  ['capture DECLINED', { capture: 'DECLINED' }],
  ['capture FAILED', { capture: 'FAILED' }],
];

describe('a capture PayPal refuses for good', () => {
  it('covers the issues the customer would otherwise wait on (the ones the issue report names among them)', () => {
    const names = refusedCaptures.map(([name]) => name);
    for (const issue of [
      'PAYER_CANNOT_PAY',
      'TRANSACTION_BLOCKED_BY_PAYEE',
      'MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED',
      'COMPLIANCE_VIOLATION',
      'DUPLICATE_INVOICE_ID',
    ]) {
      expect(names).toContain(`422 ${issue}`);
    }
    expect(names).toContain('403 PERMISSION_DENIED');
    expect(names).toContain('404 INVALID_RESOURCE_ID');
  });

  it.each(refusedCaptures)(
    '%s: the customer sees "payment failed" at once, and no poll asks PayPal again',
    async (_name, outcome) => {
      const { order, providerOrderId } = await approvedOrder();
      paypal.steer.captures = [outcome];
      const calls = paypal.stats.captureCalls;
      expect((await callback(order.orderId, providerOrderId)).body.data.status).toBe(FAILED);
      expect((await poll(order.orderId)).body.data.status).toBe(FAILED);
      expect(paypal.stats.captureCalls - calls).toBe(1);
      expect((await details(order.orderId)).status).toBe(FAILED);
    },
  );
});

describe('a capture that is not final', () => {
  it.each<[string, CaptureOutcome]>([
    ['HTTP 500', { http: 500 }],
    ['an answer that comes too late', { late: true }],
  ])('%s: the customer sees "pending", and the next poll captures once with the same key', async (_name, outcome) => {
    const { order, providerOrderId } = await approvedOrder();
    paypal.steer.captures = [outcome];
    const created = paypal.stats.capturesCreated;
    expect((await callback(order.orderId, providerOrderId)).body.data.status).toBe(PENDING);
    await paypal.idle();
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
      expect(returned).toMatchObject({
        status: PENDING,
        continueUrl: `https://www.sandbox.paypal.com/checkoutnow?token=${providerOrderId}`,
      });
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
    expect([
      paypal.stats.captureCalls,
      paypal.stats.captureReads,
      paypal.stats.orderReads,
      paypal.stats.tokenRequests,
    ]).toEqual([before.captureCalls, before.captureReads, before.orderReads, before.tokenRequests]);

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
    expect(await refundCommand(order.orderNo)).toMatch(
      new RegExp(
        `^Order ${order.orderNo} is closed; the payment provider is still processing the refund of \\$59\\.00`,
      ),
    );
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
    await expect(refundCommand(order.orderNo)).rejects.toThrow(
      `The payment provider refused to refund order ${order.orderNo} (FAILED).`,
    );
    expect(await details(order.orderId)).toMatchObject({ status: PAID, refundTime: null, cancelTime: null });
    expect(await stock()).toBe(stockPaid);
  });

  it.each(refusedRefunds)(
    '%s: the operator reads why; the order stays paid and nothing else changes',
    async (_name, outcome, reason) => {
      const { order, stockPaid } = await paidOrder();
      paypal.steer.refunds = [outcome];
      await expect(refundCommand(order.orderNo)).rejects.toThrow(
        `The payment provider refused to refund order ${order.orderNo} (${reason}). Nothing changed in the shop`,
      );
      expect(await details(order.orderId)).toMatchObject({ status: PAID, refundTime: null });
      expect(await stock()).toBe(stockPaid);
    },
  );

  it('FAILED, then asked again: the new attempt has its own request id, so PayPal refunds instead of replaying the failure', async () => {
    const { order, stockPaid } = await paidOrder();
    paypal.steer.refunds = [{ refund: 'FAILED' }];
    const sent = paypal.refundRequestIds.length;
    await expect(refundCommand(order.orderNo)).rejects.toThrow('(FAILED)');
    expect(await refundCommand(order.orderNo)).toBe(`Order ${order.orderNo} refunded ($59.00) and closed.`);
    expect(await stock()).toBe(stockPaid + 1);
    const [first, second] = paypal.refundRequestIds.slice(sent);
    expect(first).not.toBe(second);
    // Unique to this shop, not a serial number another shop on the same PayPal account also counts.
    expect(second).toMatch(/^refund-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('a customer cancelling a paid order whose refund PayPal refuses keeps the order and reads why in their language', async () => {
    const { order } = await paidOrder();
    paypal.steer.refunds = [{ refund: 'FAILED' }];
    const cancelled = await shop.call('PUT', `/order/cancel?orderId=${order.orderId}`, {
      headers: customer.headers,
      language: 'ZH',
    });
    expect(cancelled.body).toMatchObject({
      code: -1,
      message: '支付服务商未能退回此笔付款。您的订单未作更改，请联系我们。',
    });
    expect((await details(order.orderId)).status).toBe(PAID);
  });
});

describe('a refund whose answer was lost', () => {
  const lostAnswer = (orderNo: string) =>
    `The payment provider did not answer the refund of order ${orderNo}, and may have made it. The order is closed and must not ship`;

  it.each<[string, RefundOutcome]>([
    ['HTTP 500', { http: 500 }],
    ['HTTP 409', { http: 409 }],
    ['an answer that comes too late', { late: true }],
  ])(
    '%s: "refund unknown", closed and not shippable; asking again (same request id) settles it, refunding once',
    async (_name, outcome) => {
      const { order, stockPaid } = await paidOrder();
      paypal.steer.refunds = [outcome];
      const sent = paypal.refundRequestIds.length;
      const refundsBefore = paypal.stats.refunds;
      await expect(refundCommand(order.orderNo)).rejects.toThrow(lostAnswer(order.orderNo));
      expect(await details(order.orderId)).toMatchObject({ status: CLOSED, refundTime: null });
      expect((await boardRow(order.orderNo)).paymentNote).toMatch(/^refund unknown/);
      await expect(shipCommand(order.orderNo)).rejects.toThrow(/only paid orders can be shipped/);
      expect(await stock()).toBe(stockPaid);
      await paypal.idle();

      expect(await refundCommand(order.orderNo)).toBe(`Order ${order.orderNo} refunded ($59.00) and closed.`);
      expect(await details(order.orderId)).toMatchObject({ status: CLOSED, refundTime: expect.any(String) });
      expect(await stock()).toBe(stockPaid + 1);
      expect(paypal.stats.refunds - refundsBefore).toBe(1);
      const [first, again] = paypal.refundRequestIds.slice(sent);
      expect(again).toBe(first);
    },
  );

  it('PayPal refunded, its answer was lost, and PAYMENT.CAPTURE.REFUNDED tells: refunded, stock returns', async () => {
    const { order, captureId, stockPaid } = await paidOrder();
    paypal.steer.refunds = [{ late: true }];
    await expect(refundCommand(order.orderNo)).rejects.toThrow(lostAnswer(order.orderNo));
    await paypal.idle();
    expect(await postWebhook(paypal.webhook('PAYMENT.CAPTURE.REFUNDED', captureId))).toBe(200);
    expect(await details(order.orderId)).toMatchObject({ status: CLOSED, refundTime: expect.any(String) });
    expect(await stock()).toBe(stockPaid + 1);
  });

  it('a customer cancelling whose refund answer is lost reads that the refund is on its way, and the order is closed', async () => {
    const { order } = await paidOrder();
    paypal.steer.refunds = [{ http: 500 }];
    const cancelled = await shop.call('PUT', `/order/cancel?orderId=${order.orderId}`, { headers: customer.headers });
    expect(cancelled.body).toMatchObject({ code: -1, message: expect.stringContaining('refund is on its way') });
    expect((await details(order.orderId)).status).toBe(CLOSED);
  });
});

describe('money that went back outside the shop', () => {
  it("a refund made in PayPal's dashboard closes the order: refunded, stock returns, the operator sees it", async () => {
    const { order, captureId, stockPaid } = await paidOrder();
    const refundId = paypal.refundByHand(captureId);
    expect(await postWebhook(paypal.webhook('PAYMENT.CAPTURE.REFUNDED', refundId))).toBe(200);
    expect(await details(order.orderId)).toMatchObject({ status: CLOSED, refundTime: expect.any(String) });
    expect(await stock()).toBe(stockPaid + 1);
    await expect(shipCommand(order.orderNo)).rejects.toThrow(/only paid orders can be shipped/);
    const [payment] = await shop.db.select().from(payments).where(eq(payments.captureId, captureId));
    expect(payment).toMatchObject({ status: 'refunded', refundId });
  });

  it('a partial refund made in the dashboard leaves the order as it is, partly refunded on the board', async () => {
    const { order, captureId, stockPaid } = await paidOrder();
    const refundId = paypal.refundByHand(captureId, '10.00');
    expect(await postWebhook(paypal.webhook('PAYMENT.CAPTURE.REFUNDED', refundId))).toBe(200);
    expect(await details(order.orderId)).toMatchObject({ status: PAID, refundTime: null });
    expect(await stock()).toBe(stockPaid);
    expect((await boardRow(order.orderNo)).paymentNote).toBe('partly refunded: 10.00 of 59.00 USD back');
  });

  it('PAYMENT.CAPTURE.REVERSED (a chargeback) of a shipped order: closed, reversed on the board, nothing returns to stock', async () => {
    const { order, captureId, stockPaid } = await paidOrder();
    await shipCommand(order.orderNo);
    const webhook = paypal.webhook('PAYMENT.CAPTURE.REVERSED', captureId);
    expect(await postWebhook(webhook)).toBe(200);
    expect(await postWebhook(webhook)).toBe(200);
    expect(await details(order.orderId)).toMatchObject({ status: CLOSED, refundTime: expect.any(String) });
    expect(await stock()).toBe(stockPaid);
    expect((await boardRow(order.orderNo)).paymentNote).toBe('reversed by PayPal (a chargeback)');
  });
});

describe('a capture of another amount or currency than the order', () => {
  it.each<[string, { currency_code: string; value: string }]>([
    ['10.99 USD for a 59.00 USD order', { currency_code: 'USD', value: '10.99' }],
    ['59.00 EUR for a 59.00 USD order', { currency_code: 'EUR', value: '59.00' }],
  ])('%s: not paid, held for the operator past the sweep, who refunds what was captured', async (_name, amount) => {
    const { order, providerOrderId } = await approvedOrder();
    const stockHeld = await stock();
    paypal.steer.captures = [{ capture: 'COMPLETED', amount }];
    expect((await callback(order.orderId, providerOrderId)).body.data.status).toBe(PENDING);
    expect((await details(order.orderId)).status).toBe(PENDING);
    expect((await boardRow(order.orderNo)).paymentNote).toBe(
      `PayPal captured ${amount.value} ${amount.currency_code}, not the order's amount: not paid, held for you (refund gives it back)`,
    );
    await expect(shipCommand(order.orderNo)).rejects.toThrow(/only paid orders can be shipped/);

    await expire(order.orderId);
    await closeExpiredOrders(shop.db, new Date());
    expect((await details(order.orderId)).status).toBe(PENDING);

    expect(await refundCommand(order.orderNo)).toBe(`Order ${order.orderNo} refunded ($59.00) and closed.`);
    const captured = paypal.orders.get(providerOrderId)!.capture!;
    expect(captured.refunds.map((refund) => refund.amount)).toEqual([amount]);
    expect(await details(order.orderId)).toMatchObject({ status: CLOSED });
    expect(await stock()).toBe(stockHeld + 1);
  });

  it('reported by PAYMENT.CAPTURE.COMPLETED: not paid either', async () => {
    const { order, providerOrderId } = await approvedOrder();
    paypal.steer.captures = [{ capture: 'PENDING', amount: { currency_code: 'USD', value: '10.99' } }];
    await callback(order.orderId, providerOrderId);
    paypal.settleCapture(paypal.orders.get(providerOrderId)!.capture!.id, 'COMPLETED');
    expect(await postWebhook(paypal.webhook('PAYMENT.CAPTURE.COMPLETED', providerOrderId))).toBe(200);
    expect((await details(order.orderId)).status).toBe(PENDING);
    expect((await boardRow(order.orderNo)).paymentNote).toMatch(/^PayPal captured 10\.99 USD/);
  });
});

describe("a capture PayPal holds past the order's time to pay", () => {
  it('the sweep keeps the order ("payment held by PayPal" on the board), asks PayPal, and the completed capture pays it', async () => {
    const { order, providerOrderId } = await approvedOrder();
    paypal.steer.captures = [{ capture: 'PENDING' }];
    expect((await callback(order.orderId, providerOrderId)).body.data.status).toBe(PENDING);
    await expire(order.orderId);
    await closeExpiredOrders(shop.db, afterLease());
    expect((await details(order.orderId)).status).toBe(PENDING);
    expect((await boardRow(order.orderNo)).paymentNote).toBe('payment held by PayPal');

    paypal.settleCapture(paypal.orders.get(providerOrderId)!.capture!.id, 'COMPLETED');
    expect(await settleHeldCaptures(shop.operator, afterLease())).toBeGreaterThan(0);
    await closeExpiredOrders(shop.db, afterLease());
    expect(await details(order.orderId)).toMatchObject({ status: PAID, refundTime: null });
    expect(paypal.captures.get(paypal.orders.get(providerOrderId)!.capture!.id)!.refunds).toEqual([]);
  });

  it('a capture whose answer was lost keeps the order too, until PayPal is asked', async () => {
    const { order, providerOrderId } = await approvedOrder();
    paypal.steer.captures = [{ http: 500 }];
    expect((await callback(order.orderId, providerOrderId)).body.data.status).toBe(PENDING);
    await expire(order.orderId);
    await closeExpiredOrders(shop.db, afterLease());
    expect((await details(order.orderId)).status).toBe(PENDING);
    await settleHeldCaptures(shop.operator, afterLease());
    expect((await details(order.orderId)).status).toBe(PAID);
  });

  it('PayPal declines the held capture: the next sweep closes the order', async () => {
    const { order, providerOrderId } = await approvedOrder();
    paypal.steer.captures = [{ capture: 'PENDING' }];
    await callback(order.orderId, providerOrderId);
    await expire(order.orderId);
    paypal.settleCapture(paypal.orders.get(providerOrderId)!.capture!.id, 'DECLINED');
    await settleHeldCaptures(shop.operator, afterLease());
    await closeExpiredOrders(shop.db, afterLease());
    expect((await details(order.orderId)).status).toBe(CLOSED);
  });
});

describe('a second attempt after a decline', () => {
  it('carries its own invoice id, so an account refusing duplicate invoice ids captures it', async () => {
    paypal.steer.refuseDuplicateInvoiceIds = true;
    const { order, providerOrderId } = await approvedOrder();
    paypal.steer.captures = [{ http: 422, issue: 'PAYER_CANNOT_PAY' }];
    expect((await callback(order.orderId, providerOrderId)).body.data.status).toBe(FAILED);
    const again = await startPayment(shop, customer, order.orderId, 'paypal');
    paypal.approve(again.body.data.providerOrderId!);
    expect((await callback(order.orderId, again.body.data.providerOrderId!)).body.data.status).toBe(PAID);
    const units = [providerOrderId, again.body.data.providerOrderId!].map(
      (id) => (paypal.orders.get(id)!.request.purchase_units as { invoice_id: string; custom_id: string }[])[0]!,
    );
    expect(units[0]!.invoice_id).not.toBe(units[1]!.invoice_id);
    expect(units.map((unit) => unit.custom_id)).toEqual([order.orderNo, order.orderNo]);
  });
});

describe('a declined funding source', () => {
  it("INSTRUMENT_DECLINED in PayPal's checkout sends the buyer back to choose another; their return captures", async () => {
    const { order, providerOrderId } = await approvedOrder();
    paypal.steer.captures = [{ http: 422, issue: 'INSTRUMENT_DECLINED' }];
    expect((await callback(order.orderId, providerOrderId)).body.data).toMatchObject({
      status: PENDING,
      continueUrl: `https://www.sandbox.paypal.com/checkoutnow?token=${providerOrderId}`,
    });
    const calls = paypal.stats.captureCalls;
    expect((await poll(order.orderId)).body.data.status).toBe(PENDING);
    expect(paypal.stats.captureCalls).toBe(calls);
    paypal.approve(providerOrderId);
    expect((await callback(order.orderId, providerOrderId)).body.data.status).toBe(PAID);
  });

  it('INSTRUMENT_DECLINED for a card is the card refused: "payment failed"', async () => {
    const { order, providerOrderId } = await approvedOrder('card');
    paypal.steer.captures = [{ http: 422, issue: 'INSTRUMENT_DECLINED' }];
    expect((await callback(order.orderId, providerOrderId)).body.data.status).toBe(FAILED);
  });
});

describe('a buyer who cancels at PayPal', () => {
  it('comes back to the cancel URL ("payment cancelled"), nothing is captured, and "Pay again" starts a new attempt that pays', async () => {
    const created = await shop.post<OrderDetails>(
      '/order/createOrder',
      { items: [{ goodsSpecificationId: ids['robe-s'], goodsQuantity: 1 }], payMethod: 'paypal', deliveryAddress },
      { headers: customer.headers },
    );
    const order = created.body.data;
    const started = await startPayment(shop, customer, order.orderId, 'paypal');
    const cancelled = started.body.data.providerOrderId!;
    expect(paypal.orders.get(cancelled)!.request).toMatchObject({
      payment_source: {
        paypal: {
          experience_context: {
            cancel_url: `${shop.config.publicOrigin}/pay_result?orderId=${order.orderId}&cancelled=1`,
          },
        },
      },
    });
    // It still awaits payment: the cancel URL's page shows "payment cancelled" for it (tests/e2e/checkout.test.ts).
    expect((await details(order.orderId)).status).toBe(PENDING);

    const again = await startPayment(shop, customer, order.orderId, 'paypal');
    const providerOrderId = again.body.data.providerOrderId!;
    expect(providerOrderId).not.toBe(cancelled);
    paypal.approve(providerOrderId);
    expect((await callback(order.orderId, providerOrderId)).body.data.status).toBe(PAID);
    expect(paypal.orders.get(cancelled)!.capture).toBeUndefined();
    // The cancelled attempt is superseded: approving it late captures nothing.
    paypal.approve(cancelled);
    expect((await callback(order.orderId, cancelled)).body.data.status).toBe(PAID);
    expect(paypal.orders.get(cancelled)!.capture).toBeUndefined();
  });
});

describe('a card and 3-D Secure', () => {
  /** An order the buyer paid in the card fields with one of the stand-in's cards (3-D Secure as that card goes). */
  async function cardOrder(number: string) {
    const created = await shop.post<OrderDetails>(
      '/order/createOrder',
      { items: [{ goodsSpecificationId: ids['robe-s'], goodsQuantity: 1 }], payMethod: 'card', deliveryAddress },
      { headers: customer.headers },
    );
    if (created.body.code !== 1) throw new Error(JSON.stringify(created.body));
    const started = await startPayment(shop, customer, created.body.data.orderId, 'card');
    const providerOrderId = started.body.data.providerOrderId!;
    paypal.payByCard(providerOrderId, number);
    return { order: created.body.data, providerOrderId };
  }
  const liabilityOf = async (providerOrderId: string) =>
    (
      await shop.db
        .select({ liabilityShift: payments.liabilityShift })
        .from(payments)
        .where(eq(payments.providerOrderId, providerOrderId))
    )[0]!.liabilityShift;

  it("asks PayPal for 3-D Secure with return and cancel URLs on the shop's origin", async () => {
    const { order, providerOrderId } = await cardOrder(STAND_IN_CARDS.authenticated);
    const back = `${shop.config.publicOrigin}/pay_result?orderId=${order.orderId}`;
    expect(paypal.orders.get(providerOrderId)!.request.payment_source).toEqual({
      card: {
        attributes: { verification: { method: 'SCA_WHEN_REQUIRED' } },
        experience_context: { return_url: back, cancel_url: `${back}&cancelled=1` },
      },
    });
  });

  it('authenticated (liability POSSIBLE): captured and paid, the outcome kept with the payment', async () => {
    const { order, providerOrderId } = await cardOrder(STAND_IN_CARDS.authenticated);
    expect((await callback(order.orderId, providerOrderId)).body.data.status).toBe(PAID);
    expect(await liabilityOf(providerOrderId)).toBe('POSSIBLE');
    expect((await boardRow(order.orderNo)).paymentNote).toBeNull();
  });

  it('authentication failed (NO after the issuer\'s challenge): not captured, "payment failed", and another card pays', async () => {
    const { order, providerOrderId } = await cardOrder(STAND_IN_CARDS.authenticationFailed);
    const stockBefore = await stock();
    expect((await callback(order.orderId, providerOrderId)).body.data.status).toBe(FAILED);
    expect(paypal.orders.get(providerOrderId)!.capture).toBeUndefined();
    expect(await liabilityOf(providerOrderId)).toBe('NO');
    expect(await stock()).toBe(stockBefore);

    const again = await startPayment(shop, customer, order.orderId, 'card');
    paypal.payByCard(again.body.data.providerOrderId!, STAND_IN_CARDS.authenticated);
    expect((await callback(order.orderId, again.body.data.providerOrderId!)).body.data.status).toBe(PAID);
  });

  it('authentication unavailable (UNKNOWN): not captured, "payment failed", the buyer may try again', async () => {
    const { order, providerOrderId } = await cardOrder(STAND_IN_CARDS.authenticationUnavailable);
    expect((await callback(order.orderId, providerOrderId)).body.data.status).toBe(FAILED);
    expect(paypal.orders.get(providerOrderId)!.capture).toBeUndefined();
    expect(await liabilityOf(providerOrderId)).toBe('UNKNOWN');
  });

  it("a card not enrolled (NO, no authentication): captured as PayPal's guide says, and the board says the liability is the shop's", async () => {
    const { order, providerOrderId } = await cardOrder(STAND_IN_CARDS.notEnrolled);
    expect((await callback(order.orderId, providerOrderId)).body.data.status).toBe(PAID);
    expect(await liabilityOf(providerOrderId)).toBe('NO');
    expect((await boardRow(order.orderNo)).paymentNote).toBe(
      'card paid without 3-D Secure (not enrolled): a fraud chargeback is yours',
    );
  });

  it('3-D Secure on PayPal\'s page: "continue" with its link, polls ask nothing, and the return URL brings the buyer back to pay', async () => {
    const { order, providerOrderId } = await cardOrder(STAND_IN_CARDS.authenticateAtPaypal);
    const continueUrl = `${paypal.url}/webapps/helios?action=verify&flow=3ds&cart_id=${providerOrderId}`;
    expect((await callback(order.orderId, providerOrderId)).body.data).toMatchObject({ status: PENDING, continueUrl });
    const calls = paypal.stats.captureCalls;
    expect((await poll(order.orderId)).body.data).toMatchObject({ status: PENDING, continueUrl });
    expect(paypal.stats.captureCalls).toBe(calls);

    const back = new URL((await paypal.authenticateAtPaypal(providerOrderId, 'authenticated'))!);
    expect(`${back.origin}${back.pathname}`).toBe(`${shop.config.publicOrigin}/pay_result`);
    expect(back.searchParams.get('orderId')).toBe(String(order.orderId));
    expect((await callback(order.orderId, back.searchParams.get('token')!)).body.data.status).toBe(PAID);
    expect(await liabilityOf(providerOrderId)).toBe('POSSIBLE');
  });

  it("3-D Secure cancelled on PayPal's page: back to the shop's cancel URL, nothing captured", async () => {
    const { order, providerOrderId } = await cardOrder(STAND_IN_CARDS.authenticateAtPaypal);
    await callback(order.orderId, providerOrderId);
    expect(await paypal.authenticateAtPaypal(providerOrderId, 'cancelled')).toBe(
      `${shop.config.publicOrigin}/pay_result?orderId=${order.orderId}&cancelled=1`,
    );
    expect(paypal.orders.get(providerOrderId)!.capture).toBeUndefined();
    expect((await details(order.orderId)).status).toBe(PENDING);
  });
});

describe('goods and where they ship', () => {
  it("PayPal is given the order's delivery address to show the buyer (SET_PROVIDED_ADDRESS)", async () => {
    const { providerOrderId } = await approvedOrder();
    expect(paypal.orders.get(providerOrderId)!.request).toMatchObject({
      purchase_units: [
        {
          shipping: {
            name: { full_name: `${deliveryAddress.firstName} ${deliveryAddress.lastName}` },
            address: { address_line_1: deliveryAddress.address, country_code: deliveryAddress.country },
          },
        },
      ],
      payment_source: { paypal: { experience_context: { shipping_preference: 'SET_PROVIDED_ADDRESS' } } },
    });
  });
});

describe('webhooks the shop does not act on', () => {
  it('are acknowledged and change nothing', async () => {
    const { order, providerOrderId } = await paidOrder();
    expect(await postWebhook(paypal.webhook('CHECKOUT.ORDER.COMPLETED', providerOrderId))).toBe(200);
    expect((await details(order.orderId)).status).toBe(PAID);
  });
});
