import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeOrder, markSignedFor, shipOrder } from '@/features/orders/order-lifecycle';
import { convertForDisplay, rebatePoints } from '@/lib/money';
import { users } from '@/server/db/schema';
import { createTestApi, testPicture, type TestApi } from '../../../tests/support/api';
import { cookieFor, signUp, type Customer } from '../../../tests/support/customers';
import { payWithTestGateway, placeOrder } from '../../../tests/support/orders';
import { seedCartCatalog, type CartSku } from '../cart/fixtures/cart-catalog';
import type { FriendPage, MyShare } from './referral.schema';

let shop: TestApi;
let ids: Record<CartSku, number>;
beforeAll(async () => {
  shop = await createTestApi({ seed: false });
  ids = await seedCartCatalog(shop, () => testPicture());
});
afterAll(() => shop.close());

const item = (sku: CartSku, goodsQuantity: number) => ({ goodsSpecificationId: ids[sku], goodsQuantity });

async function completedOrder(buyer: Customer, currency: string) {
  const order = await placeOrder(shop, buyer, [item('robe-s', 1)], {}, { currency });
  await payWithTestGateway(shop, buyer, order.orderId);
  await shipOrder(shop.operator, order.orderNo, { carrier: 'DHL', trackingNumber: 'T' });
  await markSignedFor(shop.db, order.orderNo);
  await completeOrder(shop.db, shop.config.referenceRates, order.orderNo);
  return order;
}

describe('friends', () => {
  it('lists who registered with my code: masked, with consumption in my currency and the rebate I earned', async () => {
    const me = await signUp(shop);
    const stranger = await signUp(shop);
    const buyer = await signUp(shop, { email: 'joanna@mail.example', refereeCode: me.user.shareCode, firstName: 'Joanna', lastName: 'Lim' });
    const quiet = await signUp(shop, { email: 'bobby@mail.example', refereeCode: me.user.userCode });
    await shop.db.update(users).set({ firstName: '', lastName: '' }).where(eq(users.id, Number(quiet.user.userId)));
    await signUp(shop, { refereeCode: stranger.user.shareCode });

    const usd = await completedOrder(buyer, 'USD');
    const myr = await completedOrder(buyer, 'MYR');
    await placeOrder(shop, buyer, [item('robe-s', 1)]); // not completed: not consumption

    const page = await shop.get<FriendPage>('/share/queryUserShareList', { headers: me.headers, currency: 'CNY' });
    expect(page.body.code).toBe(1);
    expect(page.body.data.total).toBe(2);
    const rates = shop.config.referenceRates;
    const rebate = rebatePoints(usd.payAmount, 'USD', 5, rates) + rebatePoints(myr.payAmount, 'MYR', 5, rates);
    expect(page.body.data.list).toEqual([
      { name: 'bo***@mail.example', email: 'bo***@mail.example', registerTime: expect.any(String), consumption: 0, currency: 'CNY', symbol: '￥', rebate: 0 },
      {
        name: 'Joanna Lim',
        email: 'jo***@mail.example',
        registerTime: expect.any(String),
        consumption: convertForDisplay(usd.payAmount, 'USD', 'CNY', rates) + convertForDisplay(myr.payAmount, 'MYR', 'CNY', rates),
        currency: 'CNY',
        symbol: '￥',
        rebate,
      },
    ]);
    expect(rebate).toBeGreaterThan(0);

    const second = await shop.get<FriendPage>('/share/queryUserShareList?pageNum=2&pageSize=1', { headers: me.headers });
    expect(second.body.data.list.map((friend) => friend.email)).toEqual(['jo***@mail.example']);
    expect((await shop.get('/share/queryUserShareList')).body.code).toBe(-212);
  });
});

describe('share-link visits', () => {
  it('count once per browser and code, never the owner or an unknown code, and show in getMyShare', async () => {
    const sharer = await signUp(shop);
    const visit = (code: string, headers: Record<string, string> = {}) => shop.get(`/login/getUserInfo?refereeCode=${code}`, { headers });
    const visitsOf = async () => (await shop.get<MyShare>('/share/getMyShare', { headers: sharer.headers })).body.data.visits;

    const first = await visit(sharer.user.shareCode.toLowerCase());
    expect(first.body.code).toBe(1);
    const remembered = /share_visit=([^;]+)/.exec(first.headers.get('Set-Cookie') ?? '')?.[1];
    expect(remembered).toBe(sharer.user.shareCode);
    await visit(sharer.user.shareCode, { Cookie: `share_visit=${remembered}` });
    await visit(sharer.user.shareCode);
    await visit(sharer.user.shareCode, cookieFor(sharer.token));
    await visit('NOSUCHCODE');
    expect(await visitsOf()).toBe(2);
  });
});
