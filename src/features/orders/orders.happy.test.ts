// Over 300 lines: reading orders and their lifecycle share one shop and its orders.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products, orders, testGatewayPayments, users } from '@/server/db/schema';
import { sessionTokenOf, signUp, uniqueEmail, type Customer } from '../../../tests/support/customers';
import { sentMail } from '../../../tests/support/mail';
import { deliveryAddress, payWithTestGateway, placeOrder, stockOf } from '../../../tests/support/orders';
import { encodePassword } from '../auth/auth';
import type { Cart } from '../cart/cart.schema';
import type { CartSku } from '../cart/fixtures/cart-catalogue';
import type { OrderDetails, OrderPage, OrderStatusInfo } from './orders.schema';
import { aShop, anOrder } from '../../../tests/support/fixtures';

const ORIGIN = 'https://shop.example';

const shop = await aShop({ catalogue: 'small', env: { PUBLIC_ORIGIN: ORIGIN } });
const { ids } = shop;

const item = (sku: CartSku, goodsQuantity: number) => ({ goodsSpecificationId: ids[sku], goodsQuantity });
const as = (customer: Customer, language?: string) => ({ headers: customer.headers, language });
const details = async (customer: Customer, orderId: number, language?: string) =>
  (await shop.get<OrderDetails>(`/order/getOrderDetails?orderId=${orderId}`, as(customer, language))).body.data;
const mailsTo = async (email: string) =>
  (await sentMail(shop)).filter((mail) => mail.to && JSON.stringify(mail.to).includes(email));
const soldCountOf = async (sku: CartSku) => {
  const [row] = await shop.db
    .select({ soldCount: products.soldCount })
    .from(products)
    .where(eq(products.slug, sku === 'oil-usd-only' ? 'massage-oil' : 'silk-robe'));
  return row!.soldCount;
};

describe('checkout', () => {
  it('prices the items on the server in the request currency, reserves stock, empties those cart lines and waits for payment', async () => {
    const customer = await signUp(shop);
    await shop.post('/shoppingcart/addShoppingCart', item('robe-s', 2), as(customer));
    await shop.post('/shoppingcart/addShoppingCart', item('oil-usd-only', 1), as(customer));
    const stockBefore = await stockOf(shop, ids['robe-s']);
    const before = Date.now();

    const order = await placeOrder(shop, customer, [item('robe-s', 2)], {}, { currency: 'MYR', language: 'ZH' });

    expect(order).toMatchObject({
      status: 2,
      kind: 'goods',
      currency: 'MYR',
      symbol: 'RM',
      goodsTotal: 2 * 25900,
      discountAmount: 0,
      payAmount: 2 * 25900,
      payMethod: 'test',
      paymentNumber: null,
      discountCode: null,
      coupons: [],
      email: customer.email,
      lines: [
        {
          goodsSpecificationId: ids['robe-s'],
          goodsName: '真丝睡袍',
          specificationName: 'S 码 · 玫瑰',
          unitPrice: 25900,
          goodsQuantity: 2,
        },
      ],
      delivery: {
        address: { ...deliveryAddress, countryName: '美国', stateName: 'California' },
        carrier: null,
        trackingNumber: null,
        events: [],
      },
    });
    expect(order.orderNo).toMatch(/^\d{6}[A-Z2-9]{6}$/);
    expect(order.lines[0]!.picture).toMatch(/^\/api\/v1\/media\/goods\/silk-robe-0-\w+\.webp$/);
    const expiresIn = new Date(order.expireTime).getTime() - before;
    expect(expiresIn).toBeGreaterThan(29 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(30 * 60_000 + 5_000);

    expect(await stockOf(shop, ids['robe-s'])).toBe(stockBefore - 2);
    const cart = (await shop.get<Cart>('/shoppingcart/queryShoppingCartList', as(customer))).body.data;
    expect(cart.list.map((line) => line.goodsSpecificationId)).toEqual([ids['oil-usd-only']]);
  });

  it("ships to one of the customer's saved addresses by addressId", async () => {
    const customer = await signUp(shop);
    const saved = await shop.post<{ addressId: number }>(
      '/delivery/addAddress',
      { ...deliveryAddress, city: 'Oakland' },
      as(customer),
    );
    const order = await placeOrder(shop, customer, [item('robe-s', 1)], {
      deliveryAddress: undefined,
      addressId: saved.body.data.addressId,
    });
    expect(order.delivery.address).toMatchObject({ city: 'Oakland', address: deliveryAddress.address });
  });

  it("takes another customer's share code in any letter case: the friend discount, and the code's owner earns the rebate", async () => {
    const friend = await signUp(shop);
    const customer = await signUp(shop);
    const order = await placeOrder(shop, customer, [item('robe-s', 3)], {
      discountCode: ` ${friend.user.shareCode.toLowerCase()} `,
    });
    // 5 % of $177.00 = $8.85
    expect(order).toMatchObject({
      goodsTotal: 17700,
      discountAmount: 885,
      payAmount: 16815,
      discountCode: friend.user.shareCode,
    });
    const [row] = await shop.db
      .select({ beneficiary: orders.rebateBeneficiaryId })
      .from(orders)
      .where(eq(orders.id, order.orderId));
    expect(row!.beneficiary).toBe(Number(friend.user.userId));
  });

  it("without a discount code, records the buyer's referrer as the rebate beneficiary, never the buyer", async () => {
    const referrer = await signUp(shop);
    const customer = await signUp(shop, { refereeCode: referrer.user.shareCode });
    const loner = await signUp(shop);
    const referred = await placeOrder(shop, customer, [item('robe-s', 1)]);
    const alone = await placeOrder(shop, loner, [item('robe-s', 1)]);
    const beneficiaries = await shop.db.select({ id: orders.id, beneficiary: orders.rebateBeneficiaryId }).from(orders);
    expect(beneficiaries.find((row) => row.id === referred.orderId)?.beneficiary).toBe(Number(referrer.user.userId));
    expect(beneficiaries.find((row) => row.id === alone.orderId)?.beneficiary).toBeNull();
  });

  it('lets a guest check out with an email and a new password: the account is created with the order and signed in', async () => {
    const referrer = await signUp(shop);
    const email = uniqueEmail('guest');
    const response = await shop.post<OrderDetails>(
      '/order/createOrder',
      {
        items: [item('robe-s', 1)],
        deliveryAddress,
        payMethod: 'test',
        email,
        password: encodePassword('guest-pass-1'),
        refereeCode: referrer.user.userCode,
      },
      { language: 'MS' },
    );
    expect(response.body).toMatchObject({ code: 1, data: { status: 2, email } });
    const token = sessionTokenOf(response)!;
    expect(token).toBeTruthy();

    const guest = { headers: { Cookie: `token=${token}` } };
    const info = await shop.get<{ email: string; firstName: string; language: string }>('/login/getUserInfo', guest);
    expect(info.body.data).toMatchObject({ email, firstName: deliveryAddress.firstName, language: 'MS' });
    const list = await shop.get<OrderPage>('/order/queryOrderList', guest);
    expect(list.body.data.list.map((order) => order.orderId)).toEqual([response.body.data.orderId]);
    const [account] = await shop.db.select().from(users).where(eq(users.email, email));
    const [order] = await shop.db.select().from(orders).where(eq(orders.id, response.body.data.orderId));
    expect(account!.referrerId).toBe(Number(referrer.user.userId));
    expect(order).toMatchObject({
      userId: account!.id,
      rebateBeneficiaryId: Number(referrer.user.userId),
      language: 'MS',
    });
  });
});

describe('paying with the test gateway', () => {
  it('pays the order once approved: status 1, payment number, sold count, and a confirmation mail in the customer language', async () => {
    const customer = await signUp(shop, { firstName: 'Lin' }, { language: 'ZH' });
    const order = await placeOrder(shop, customer, [item('robe-s', 2)], {}, { currency: 'CNY', language: 'ZH' });
    const soldBefore = await soldCountOf('robe-s');

    const paid = await payWithTestGateway(shop, customer, order.orderId);

    expect(paid.body).toMatchObject({
      code: 1,
      data: { orderId: order.orderId, status: 1, paymentNumber: expect.stringMatching(/^CAPTURE-/) },
    });
    const after = await details(customer, order.orderId);
    expect(after).toMatchObject({
      status: 1,
      payMethod: 'test',
      paymentNumber: paid.body.data.paymentNumber,
      payTime: expect.any(String),
    });
    expect(await soldCountOf('robe-s')).toBe(soldBefore + 2);

    const [mail] = await mailsTo(customer.email);
    expect(mail!.subject).toBe(`您的订单 ${order.orderNo} 已确认`);
    expect(mail!.text).toContain('Lin，您好：');
    expect(mail!.text).toContain('本订单共 2 件商品');
    expect(mail!.text).not.toContain('真丝睡袍');
    expect(mail!.text).toContain(`${ORIGIN}/my/order/details?orderId=${order.orderId}`);
  });

  it('marks a declined payment as failed, and a new attempt can still pay the order', async () => {
    const customer = await signUp(shop);
    const order = await placeOrder(shop, customer, [item('robe-s', 1)]);

    const declined = await payWithTestGateway(shop, customer, order.orderId, 'decline');
    expect(declined.body.data.status).toBe(0);
    const retried = await payWithTestGateway(shop, customer, order.orderId, 'approve');
    expect(retried.body.data.status).toBe(1);
    expect((await mailsTo(customer.email)).map((mail) => mail.subject)).toEqual([
      `Your order ${order.orderNo} is confirmed`,
    ]);
  });
});

describe('orders of a customer', () => {
  it('are listed newest first, paged and filtered by status', async () => {
    const customer = await signUp(shop);
    const first = await placeOrder(shop, customer, [item('robe-s', 1)]);
    const second = await anOrder(shop, customer, [item('robe-m', 1)], { paid: true });

    const all = (await shop.get<OrderPage>('/order/queryOrderList', as(customer))).body.data;
    expect(all.list.map((order) => [order.orderId, order.status])).toEqual([
      [second.orderId, 1],
      [first.orderId, 2],
    ]);
    expect(all.total).toBe(2);
    const paged = (await shop.get<OrderPage>('/order/queryOrderList?pageNum=2&pageSize=1', as(customer))).body.data;
    expect(paged).toMatchObject({ total: 2, pageNum: 2, pageSize: 1, list: [{ orderId: first.orderId }] });
    const pending = (await shop.get<OrderPage>('/order/queryOrderList?status=2', as(customer))).body.data;
    expect(pending.list.map((order) => order.orderId)).toEqual([first.orderId]);
  });

  it('answer their status, and checkOrderStatus settles a payment the customer approved but never returned from', async () => {
    const customer = await signUp(shop);
    const order = await placeOrder(shop, customer, [item('robe-s', 1)]);
    const started = await shop.post<{ providerOrderId: string }>(
      '/pay/payment',
      { orderId: order.orderId, payMethod: 'test' },
      as(customer),
    );
    await shop.db
      .update(testGatewayPayments)
      .set({ status: 'approved' })
      .where(eq(testGatewayPayments.id, started.body.data.providerOrderId));

    expect(
      (await shop.get<OrderStatusInfo>(`/order/getOrderStatus?orderId=${order.orderId}`, as(customer))).body.data
        .status,
    ).toBe(2);
    expect(
      (await shop.get<OrderStatusInfo>(`/order/checkOrderStatus?orderId=${order.orderId}`, as(customer))).body.data
        .status,
    ).toBe(1);
  });
});

describe('cancelling', () => {
  it('closes an unpaid order and returns its stock', async () => {
    const customer = await signUp(shop);
    const before = await stockOf(shop, ids['robe-m']);
    const order = await placeOrder(shop, customer, [item('robe-m', 2)]);
    expect(await stockOf(shop, ids['robe-m'])).toBe(before - 2);

    const cancelled = await shop.call<OrderDetails>('PUT', `/order/cancel?orderId=${order.orderId}`, as(customer));
    expect(cancelled.body).toMatchObject({
      code: 1,
      data: { status: 3, cancelTime: expect.any(String), refundTime: null },
    });
    expect(await stockOf(shop, ids['robe-m'])).toBe(before);
  });

  it('refunds a paid order that has not shipped, closes it and returns its stock', async () => {
    const customer = await signUp(shop);
    const before = await stockOf(shop, ids['robe-s']);
    const soldBefore = await soldCountOf('robe-s');
    const order = await placeOrder(shop, customer, [item('robe-s', 4)]);
    const paid = await payWithTestGateway(shop, customer, order.orderId);

    const cancelled = await shop.call<OrderDetails>('PUT', `/order/cancel?orderId=${order.orderId}`, as(customer));
    expect(cancelled.body).toMatchObject({ code: 1, data: { status: 3, refundTime: expect.any(String) } });
    expect(await stockOf(shop, ids['robe-s'])).toBe(before);
    expect(await soldCountOf('robe-s')).toBe(soldBefore);
    const [gateway] = await shop.db
      .select()
      .from(testGatewayPayments)
      .where(eq(testGatewayPayments.captureId, paid.body.data.paymentNumber!));
    expect(gateway!.status).toBe('refunded');
  });
});

describe('the contract', () => {
  it('is published in the OpenAPI document', async () => {
    const document = (await (await shop.app.request('/api/v1/openapi.json')).json()) as {
      paths: Record<string, unknown>;
    };
    for (const path of [
      'createOrder',
      'getOrderStatus',
      'checkOrderStatus',
      'getOrderDetails',
      'queryOrderList',
      'cancel',
      'callback',
    ]) {
      expect(Object.keys(document.paths)).toContain(`/order/${path}`);
    }
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/pay/payment', '/pay/getNotEpPayMethodOptionList']),
    );
  });
});

describe('payment methods', () => {
  it('are PayPal and card, plus the test payment while the test gateway is active, named in the request language', async () => {
    const response = await shop.get('/pay/getNotEpPayMethodOptionList', { language: 'ZH', currency: 'MYR' });
    const testNote = '测试模式：将进入测试支付页面，不会产生真实扣款。';
    expect(response.body.data).toEqual([
      { payMethod: 'paypal', name: 'PayPal', available: true, note: testNote, clientId: null, sdkUrl: null },
      { payMethod: 'card', name: '信用卡或借记卡', available: true, note: testNote, clientId: null, sdkUrl: null },
      { payMethod: 'test', name: '测试支付', available: true, note: testNote, clientId: null, sdkUrl: null },
    ]);
  });

  it('each say plainly, in the three languages, that the test provider moves no real money', async () => {
    const notes = await Promise.all(
      ['EN', 'ZH', 'MS'].map(async (language) =>
        (await shop.get<{ note: string }[]>('/pay/getNotEpPayMethodOptionList', { language })).body.data.map(
          (option) => option.note,
        ),
      ),
    );
    expect(notes.map((list) => new Set(list).size)).toEqual([1, 1, 1]);
    expect(notes.map((list) => list[0])).toEqual([
      'Test mode: leads to the test payment page; no real money moves.',
      '测试模式：将进入测试支付页面，不会产生真实扣款。',
      'Mod ujian: membawa ke halaman pembayaran ujian; tiada wang sebenar berpindah.',
    ]);
  });
});
