import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { completeOrder, markSignedFor, shipOrder } from '@/features/orders/order-lifecycle';
import type { OrderDetails, OrderStatusInfo, PaymentStart } from '@/features/orders/orders.schema';
import { recordCapture } from '@/features/payments/capture';
import { pointsToPay, rebatePoints } from '@/lib/money';
import { energyRecords, orders, payments } from '@/server/db/schema';
import { signUp, type Customer } from '../../../tests/support/customers';
import { sentMail } from '../../../tests/support/mail';
import {
  decideOnTestGateway,
  payWithTestGateway,
  placeOrder,
  startPayment,
  stockOf,
} from '../../../tests/support/orders';
import type { CartSku } from '../cart/fixtures/cart-catalogue';
import { creditRebates } from './energy.hooks';
import { balanceOf, checkLedger, postEnergy } from './energy.ledger';
import { aShop, anOrder, idOf } from '../../../tests/support/fixtures';

const shop = await aShop({ catalogue: 'small', env: { REBATE_RATE_PERCENT: '10' } });
const { ids } = shop;

const item = (sku: CartSku, goodsQuantity: number) => ({ goodsSpecificationId: ids[sku], goodsQuantity });
const grant = (customer: Customer, points: number) =>
  shop.db.transaction((tx) =>
    postEnergy(tx, {
      userId: idOf(customer),
      type: 'adjustment',
      points,
      reference: `test:grant:${customer.user.userId}:${points}:${Math.random()}`,
    }),
  );
const orderRow = async (orderId: number) => (await shop.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const recordsOf = (customer: Customer, type: 'recharge' | 'rebate' | 'order-payment' | 'refund') =>
  shop.db
    .select()
    .from(energyRecords)
    .where(and(eq(energyRecords.userId, idOf(customer)), eq(energyRecords.type, type)));
const recharge = (customer: Customer, body: Record<string, unknown>, currency?: string) =>
  shop.post<OrderDetails>('/energy/recharge', body, { headers: customer.headers, currency });

describe('recharging', () => {
  it('creates a recharge order priced in the request currency, and credits the points once it is paid', async () => {
    const customer = await signUp(shop);
    const created = await recharge(customer, { points: 700, payMethod: 'test' }, 'MYR');
    // 700 points at 22 per ringgit: 31.818… ringgit, rounded up to the sen.
    expect(created.body).toMatchObject({
      code: 1,
      data: {
        kind: 'recharge',
        status: 2,
        currency: 'MYR',
        goodsTotal: 3182,
        payAmount: 3182,
        lines: [],
        delivery: { address: null },
      },
    });
    const orderId = created.body.data.orderId;
    expect(await balanceOf(shop.db, idOf(customer))).toBe(0);

    const paid = await payWithTestGateway(shop, customer, orderId);
    expect(paid.body).toMatchObject({ code: 1, data: { status: 6 } });
    expect(await balanceOf(shop.db, idOf(customer))).toBe(700);
    const records = await recordsOf(customer, 'recharge');
    expect(records).toMatchObject([{ points: 700, balanceAfter: 700, reference: `recharge:order:${orderId}` }]);
    const [mail] = (await sentMail(shop)).filter((sent) => JSON.stringify(sent.to).includes(customer.email));
    expect(mail).toMatchObject({
      subject: 'Your 700 energy points have arrived',
      text: expect.stringContaining('/order/energy'),
    });
    expect(mail!.text).toContain('700 energy points have been added to your balance');

    // The capture reported again (a webhook, a second return), even at once: still one credit.
    const [payment] = await shop.db.select().from(payments).where(eq(payments.orderId, orderId));
    await Promise.all([
      recordCapture(shop.operator, payment!, {
        captureId: payment!.captureId!,
        captured: { amount: payment!.amount, currency: payment!.currency },
      }),
      recordCapture(shop.operator, payment!, {
        captureId: payment!.captureId!,
        captured: { amount: payment!.amount, currency: payment!.currency },
      }),
    ]);
    expect(await recordsOf(customer, 'recharge')).toHaveLength(1);
    expect(await balanceOf(shop.db, idOf(customer))).toBe(700);

    // Nothing is left to ship, so the money cannot come back while the points stay.
    const cancel = await shop.call('PUT', `/order/cancel?orderId=${orderId}`, { headers: customer.headers });
    expect(cancel.body.code).toBe(-217);
  });

  it('credits nothing for a declined recharge', async () => {
    const customer = await signUp(shop);
    const orderId = (await recharge(customer, { points: 100, payMethod: 'test' })).body.data.orderId;
    await payWithTestGateway(shop, customer, orderId, 'decline');
    expect((await orderRow(orderId)).status).toBe(0);
    expect(await balanceOf(shop.db, idOf(customer))).toBe(0);
  });

  it('refuses energy points, amounts off the steps, and visitors', async () => {
    const customer = await signUp(shop);
    expect((await recharge(customer, { points: 100, payMethod: 'ep' })).body).toMatchObject({ code: -218 });
    expect((await recharge(customer, { points: 250, payMethod: 'test' })).body).toMatchObject({
      code: -218,
      message: expect.stringContaining('points'),
    });
    expect((await recharge(customer, { points: 100_100, payMethod: 'test' })).body.code).toBe(-218);
    const orderId = (await recharge(customer, { points: 100, payMethod: 'test' })).body.data.orderId;
    expect((await startPayment(shop, customer, orderId, 'ep')).body).toMatchObject({
      code: -218,
      message: expect.stringContaining('payMethod'),
    });
    expect((await shop.post('/energy/recharge', { points: 100, payMethod: 'test' })).body.code).toBe(-212);
  });
});

describe('paying with energy points', () => {
  it('debits pointsToPay and pays the order in one step; too few points change nothing', async () => {
    const customer = await signUp(shop);
    const order = await placeOrder(shop, customer, [item('robe-s', 2)], { payMethod: 'ep' });
    const points = pointsToPay(order.payAmount, 'USD', shop.config.referenceRates);
    expect(points).toBe(11_800);
    await grant(customer, points - 1);
    const stock = await stockOf(shop, ids['robe-s']);

    const refused = await startPayment(shop, customer, order.orderId, 'ep');
    expect(refused.body).toMatchObject({
      code: -218,
      data: { field: 'points', reason: 'insufficient-points', balance: points - 1, required: points },
    });
    expect(refused.body.message).toBe('You do not have enough energy points for this');
    expect((await orderRow(order.orderId)).status).toBe(2);
    expect(await balanceOf(shop.db, idOf(customer))).toBe(points - 1);

    await grant(customer, 1);
    const paid = await startPayment(shop, customer, order.orderId, 'ep');
    expect(paid.body).toMatchObject({
      code: 1,
      data: { orderId: order.orderId, payMethod: 'ep', paid: true, approveUrl: null },
    });
    const row = await orderRow(order.orderId);
    const [debit] = await recordsOf(customer, 'order-payment');
    expect(row).toMatchObject({ status: 1, payMethod: 'ep', paymentNumber: debit!.transactionNo });
    expect(debit).toMatchObject({
      points: -points,
      balanceAfter: 0,
      reference: `order-payment:order:${order.orderId}`,
    });
    expect(await stockOf(shop, ids['robe-s'])).toBe(stock);

    expect((await startPayment(shop, customer, order.orderId, 'ep')).body).toMatchObject({
      code: -217,
      data: { status: 1 },
    });
    expect(await balanceOf(shop.db, idOf(customer))).toBe(0);
  });

  it('pays only one of two orders racing for the same points', async () => {
    const customer = await signUp(shop);
    const first = await placeOrder(shop, customer, [item('robe-s', 1)]);
    const second = await placeOrder(shop, customer, [item('robe-m', 1)]);
    await grant(customer, pointsToPay(first.payAmount, 'USD', shop.config.referenceRates));
    const answers = await Promise.all(
      [first, second].map((order) => startPayment(shop, customer, order.orderId, 'ep')),
    );
    expect(answers.map((answer) => answer.body.code).sort()).toEqual([-218, 1]);
    expect(
      (await Promise.all([first, second].map((order) => orderRow(order.orderId)))).map((row) => row.status).sort(),
    ).toEqual([1, 2]);
    expect(await balanceOf(shop.db, idOf(customer))).toBe(0);
  });

  it('gives the points back once when the paid order is cancelled', async () => {
    const customer = await signUp(shop);
    const order = await placeOrder(shop, customer, [item('robe-s', 1)]);
    await grant(customer, 10_000);
    await startPayment(shop, customer, order.orderId, 'ep');
    const cancelled = await shop.call<OrderDetails>('PUT', `/order/cancel?orderId=${order.orderId}`, {
      headers: customer.headers,
    });
    expect(cancelled.body).toMatchObject({ code: 1, data: { status: 3 } });
    expect(await recordsOf(customer, 'refund')).toMatchObject([
      { points: 5900, reference: `refund:order:${order.orderId}` },
    ]);
    expect(await balanceOf(shop.db, idOf(customer))).toBe(10_000);
  });

  it('supersedes an open provider attempt: its late capture is refunded, the order stays paid once', async () => {
    const customer = await signUp(shop);
    const order = await placeOrder(shop, customer, [item('robe-s', 1)]);
    const started = await startPayment(shop, customer, order.orderId, 'test');
    await grant(customer, 5900);
    expect((await startPayment(shop, customer, order.orderId, 'ep')).body.data).toMatchObject({
      paid: true,
    } satisfies Partial<PaymentStart>);
    const decided = await decideOnTestGateway(shop, started.body.data.providerOrderId!, { decision: 'approve' });
    const token = new URL(decided.headers.get('Location')!).searchParams.get('token')!;
    const back = await shop.post<OrderStatusInfo>(
      '/order/callback',
      { orderId: order.orderId, token },
      { headers: customer.headers },
    );
    expect(back.body.data).toMatchObject({ status: 1 });
    expect((await orderRow(order.orderId)).payMethod).toBe('ep');
  });

  it('is not among the methods offered for provider payments', async () => {
    const options = await shop.get<{ payMethod: string }[]>('/pay/getNotEpPayMethodOptionList');
    expect(options.body.data.map((option) => option.payMethod)).not.toContain('ep');
  });
});

describe('rebates', () => {
  const completeAfterPaying = async (buyer: Customer, body: Record<string, unknown> = {}) => {
    const order = await anOrder(shop, buyer, [item('robe-s', 3)], { paid: true, body: body });
    await shipOrder(shop.operator, order.orderNo, { carrier: 'DHL', trackingNumber: 'T1' });
    await markSignedFor(shop.db, order.orderNo);
    await completeOrder(shop.db, shop.config.referenceRates, order.orderNo);
    return order;
  };

  it('credit the referrer their rate of the goods total after discount, once, when the order completes', async () => {
    const referrer = await signUp(shop);
    const friend = await signUp(shop, { refereeCode: referrer.user.shareCode });
    const order = await completeAfterPaying(friend);
    const expected = rebatePoints(order.goodsTotal - order.discountAmount, 'USD', 10, shop.config.referenceRates);
    expect(expected).toBe(1770);
    expect(await recordsOf(referrer, 'rebate')).toMatchObject([
      { points: expected, reference: `rebate:order:${order.orderId}` },
    ]);
    expect(await recordsOf(friend, 'rebate')).toEqual([]);

    await shop.db.transaction((tx) => creditRebates(tx, [order.orderId], shop.config.referenceRates, new Date()));
    expect(await recordsOf(referrer, 'rebate')).toHaveLength(1);
  });

  it("go to the discount code's owner, after the friend discount", async () => {
    const owner = await signUp(shop);
    const buyer = await signUp(shop);
    const order = await completeAfterPaying(buyer, { discountCode: owner.user.shareCode });
    expect(order.discountAmount).toBeGreaterThan(0);
    expect(await recordsOf(owner, 'rebate')).toMatchObject([
      { points: rebatePoints(order.payAmount, 'USD', 10, shop.config.referenceRates) },
    ]);
  });

  it('never go to the buyer, nor come from closed orders', async () => {
    const buyer = await signUp(shop);
    const own = await placeOrder(shop, buyer, [item('robe-s', 1)]);
    await shop.db
      .update(orders)
      .set({ rebateBeneficiaryId: idOf(buyer), status: 6 })
      .where(eq(orders.id, own.orderId));
    const referrer = await signUp(shop);
    const friend = await signUp(shop, { refereeCode: referrer.user.shareCode });
    const closed = await placeOrder(shop, friend, [item('robe-s', 1)]);
    await shop.call('PUT', `/order/cancel?orderId=${closed.orderId}`, { headers: friend.headers });

    await shop.db.transaction((tx) =>
      creditRebates(tx, [own.orderId, closed.orderId], shop.config.referenceRates, new Date()),
    );
    expect(await recordsOf(buyer, 'rebate')).toEqual([]);
    expect(await recordsOf(referrer, 'rebate')).toEqual([]);
    expect((await checkLedger(shop.db)).problems).toEqual([]);
  });
});
