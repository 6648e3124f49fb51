import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productTexts, users } from '@/server/db/schema';
import { sessionTokenOf, signUp, uniqueEmail, type Customer } from '../../../tests/support/customers';
import { createOrder, deliveryAddress, placeOrder } from '../../../tests/support/orders';
import { encodePassword } from '../auth/auth';
import type { CartSku } from '../cart/fixtures/cart-catalogue';
import type { Address } from '../delivery/delivery.schema';
import type { OrderDetails, OrderPage, OrderQuote, ReferralDiscount } from '../orders/orders.schema';
import { aShop } from '../../../tests/support/fixtures';

/* What checkout starts with and checks before the order exists: the price, the discount code, the address. */

const shop = await aShop({ catalogue: 'small' });
const { ids } = shop;

const item = (sku: CartSku, goodsQuantity: number) => ({ goodsSpecificationId: ids[sku], goodsQuantity });
const quote = (
  body: Record<string, unknown>,
  caller: { headers?: Record<string, string> } = {},
  init: { language?: string; currency?: string } = {},
) => shop.post<OrderQuote>('/order/quoteOrder', body, { headers: caller.headers ?? {}, ...init });
const referralCode = async (caller: { headers?: Record<string, string> }, refereeCode?: string) =>
  (
    await shop.get<ReferralDiscount>(
      `/order/getReferralDiscountCode${refereeCode ? `?refereeCode=${refereeCode}` : ''}`,
      { headers: caller.headers ?? {} },
    )
  ).body;

describe('pricing a checkout before placing it', () => {
  it("prices a friend's share code exactly as the order then charges it", async () => {
    const friend = await signUp(shop);
    const buyer = await signUp(shop);
    const body = { items: [item('robe-s', 3)], discountCode: friend.user.shareCode.toLowerCase() };

    const priced = await quote(body, buyer);
    const order = await placeOrder(shop, buyer, body.items, { discountCode: body.discountCode });

    // 5 % of $177.00 = $8.85
    expect(priced.body).toMatchObject({
      code: 1,
      data: {
        currency: 'USD',
        symbol: '$',
        goodsTotal: 17700,
        discountAmount: 885,
        payAmount: 16815,
        discountCode: friend.user.shareCode,
      },
    });
    expect({ goodsTotal: order.goodsTotal, discountAmount: order.discountAmount, payAmount: order.payAmount }).toEqual({
      goodsTotal: 17700,
      discountAmount: 885,
      payAmount: 16815,
    });
  });

  it('prices a guest in the request currency, without a discount when no code is given', async () => {
    const priced = await quote({ items: [item('robe-s', 2)] }, {}, { currency: 'MYR' });
    expect(priced.body).toMatchObject({
      code: 1,
      data: {
        currency: 'MYR',
        symbol: 'RM',
        goodsTotal: 51800,
        discountAmount: 0,
        payAmount: 51800,
        discountCode: null,
      },
    });
  });

  it('refuses an unknown code and the buyer’s own code with the answer the order would give, in the reader’s language', async () => {
    const buyer = await signUp(shop);
    const unknown = await quote({ items: [item('robe-s', 1)], discountCode: 'NOPE123' }, buyer);
    const own = await quote({ items: [item('robe-s', 1)], discountCode: buyer.user.shareCode }, buyer, {
      language: 'MS',
    });
    const ordered = await createOrder(shop, buyer, { items: [item('robe-s', 1)], discountCode: 'NOPE123' });

    expect(unknown.body).toEqual({
      code: -218,
      data: { field: 'discountCode', reason: 'unknown-code' },
      message: 'This discount code does not exist',
    });
    expect(ordered.body).toEqual(unknown.body);
    expect(own.body).toMatchObject({
      code: -218,
      data: { field: 'discountCode', reason: 'own-code' },
      message: 'Anda tidak boleh menggunakan kod diskaun sendiri; kongsikannya dengan rakan',
    });
  });

  it("refuses a disabled customer's code, and items the order would refuse", async () => {
    const gone = await signUp(shop);
    await shop.db
      .update(users)
      .set({ disabledAt: new Date() })
      .where(eq(users.id, Number(gone.user.userId)));
    expect((await quote({ items: [item('robe-s', 1)], discountCode: gone.user.shareCode })).body).toMatchObject({
      code: -218,
      data: { reason: 'unknown-code' },
    });
    expect((await quote({ items: [item('mini-sold-out', 1)] })).body.code).toBe(-231);
    expect((await quote({ items: [item('oil-usd-only', 1)] }, {}, { currency: 'CNY' })).body.code).toBe(-222);
  });
});

describe('the discount code checkout starts with', () => {
  it('is the share code behind the code a visitor arrived with, a share code or a personal code', async () => {
    const sharer = await signUp(shop);
    expect(await referralCode({}, sharer.user.shareCode.toLowerCase())).toMatchObject({
      code: 1,
      data: { discountCode: sharer.user.shareCode },
    });
    expect(await referralCode({}, sharer.user.userCode)).toMatchObject({
      code: 1,
      data: { discountCode: sharer.user.shareCode },
    });
    expect(await referralCode({}, 'NOPE123')).toMatchObject({ code: 1, data: { discountCode: null } });
    expect(await referralCode({})).toMatchObject({ code: 1, data: { discountCode: null } });
  });

  it('is, for a customer who registered through a link, the share code of the friend who referred them', async () => {
    const referrer = await signUp(shop);
    const friend = await signUp(shop, { refereeCode: referrer.user.shareCode });
    const loner = await signUp(shop);
    expect((await referralCode(friend)).data.discountCode).toBe(referrer.user.shareCode);
    expect((await referralCode(loner)).data.discountCode).toBeNull();
  });

  it('is never the buyer’s own code nor a disabled customer’s', async () => {
    const referrer = await signUp(shop);
    const friend = await signUp(shop, { refereeCode: referrer.user.shareCode });
    expect((await referralCode(friend, friend.user.shareCode)).data.discountCode).toBe(referrer.user.shareCode);
    await shop.db
      .update(users)
      .set({ disabledAt: new Date() })
      .where(eq(users.id, Number(referrer.user.userId)));
    expect((await referralCode(friend)).data.discountCode).toBeNull();
    expect((await referralCode({}, referrer.user.shareCode)).data.discountCode).toBeNull();
  });
});

describe('the address typed at checkout', () => {
  const addressesOf = async (customer: { headers: Record<string, string> }) =>
    (await shop.get<Address[]>('/delivery/queryAddressList', customer)).body.data;

  it("becomes a new guest's default address, so the next checkout starts with it", async () => {
    const response = await createOrder(
      shop,
      {},
      { items: [item('robe-s', 1)], email: uniqueEmail('guest'), password: encodePassword('guest-pass-1') },
    );
    expect(response.body.code).toBe(1);
    const guest = { headers: { Cookie: `token=${sessionTokenOf(response)}` } };

    const saved = await shop.get<Address | null>('/delivery/getDefaultAddress', guest);
    expect(saved.body.data).toMatchObject({ ...deliveryAddress, isDefault: true });
    expect(await addressesOf(guest)).toHaveLength(1);
  });

  it('is kept for a customer without addresses, and otherwise only when asked to be the default', async () => {
    const customer: Customer = await signUp(shop);
    await placeOrder(shop, customer, [item('robe-s', 1)]);
    await placeOrder(shop, customer, [item('robe-s', 1)], { deliveryAddress: { ...deliveryAddress, city: 'Oakland' } });
    expect((await addressesOf(customer)).map((address) => [address.city, address.isDefault])).toEqual([
      [deliveryAddress.city, true],
    ]);

    await placeOrder(shop, customer, [item('robe-s', 1)], {
      deliveryAddress: { ...deliveryAddress, city: 'Berkeley', isDefault: true },
    });
    expect((await addressesOf(customer)).map((address) => [address.city, address.isDefault])).toEqual([
      ['Berkeley', true],
      [deliveryAddress.city, false],
    ]);
  });

  it('is not kept when the order is refused', async () => {
    const customer = await signUp(shop);
    expect((await createOrder(shop, customer, { items: [item('mini-sold-out', 1)] })).body.code).toBe(-231);
    expect(await addressesOf(customer)).toEqual([]);
  });
});

describe('order lines under another interface language', () => {
  it('are named in the reader’s language while the product has texts in it; the stored snapshot names the rest', async () => {
    const customer = await signUp(shop);
    const order = await placeOrder(
      shop,
      customer,
      [item('robe-s', 1), item('oil-usd-only', 1)],
      {},
      { language: 'EN' },
    );
    const read = async (language: string) => {
      const details = await shop.get<OrderDetails>(`/order/getOrderDetails?orderId=${order.orderId}`, {
        headers: customer.headers,
        language,
      });
      const list = await shop.get<OrderPage>('/order/queryOrderList', { headers: customer.headers, language });
      const listed = list.body.data.list.find((entry) => entry.orderId === order.orderId)!;
      expect(listed.lines).toEqual(details.body.data.lines);
      return details.body.data.lines.map((line) => [line.goodsName, line.specificationName, line.unitPrice]);
    };

    expect(await read('ZH')).toEqual([
      ['真丝睡袍', 'S 码 · 玫瑰', 5900],
      ['按摩油', '50 毫升', 1900],
    ]);
    const [oil] = await shop.db
      .select({ goodsId: productTexts.goodsId })
      .from(productTexts)
      .where(eq(productTexts.name, 'Massage oil'));
    await shop.db.delete(productTexts).where(eq(productTexts.goodsId, oil!.goodsId));
    expect(await read('MS')).toEqual([
      ['Jubah sutera', 'S · Mawar', 5900],
      ['Massage oil', '50 ml', 1900],
    ]);
  });
});
