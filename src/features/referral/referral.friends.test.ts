import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { completeOrder, markSignedFor, shipOrder } from '@/features/orders/order-lifecycle';
import { convertForDisplay, rebatePoints } from '@/lib/money';
import { users } from '@/server/db/schema';
import { cookieFor, signUp, type Customer } from '../../../tests/support/customers';
import { payWithTestGateway, placeOrder } from '../../../tests/support/orders';
import type { CartSku } from '../cart/fixtures/cart-catalogue';
import type { FriendPage, MyShare, ShareVisit } from './referral.schema';
import { aShop } from '../../../tests/support/fixtures';

const shop = await aShop({ catalogue: 'small' });
const { ids } = shop;

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
    const buyer = await signUp(shop, {
      email: 'joanna@mail.example',
      refereeCode: me.user.shareCode,
      firstName: 'Joanna',
      lastName: 'Lim',
    });
    await signUp(shop, {
      email: 'wang@mail.example',
      refereeCode: me.user.shareCode,
      firstName: '小明',
      lastName: '王',
    });
    const quiet = await signUp(shop, { email: 'bobby@mail.example', refereeCode: me.user.userCode });
    await shop.db
      .update(users)
      .set({ firstName: '', lastName: '' })
      .where(eq(users.id, Number(quiet.user.userId)));
    await signUp(shop, { refereeCode: stranger.user.shareCode });

    const usd = await completedOrder(buyer, 'USD');
    const myr = await completedOrder(buyer, 'MYR');
    await placeOrder(shop, buyer, [item('robe-s', 1)]); // not completed: not consumption

    const page = await shop.get<FriendPage>('/share/queryUserShareList', { headers: me.headers, currency: 'CNY' });
    expect(page.body.code).toBe(1);
    expect(page.body.data.total).toBe(3);
    const rates = shop.config.referenceRates;
    const rebate = rebatePoints(usd.payAmount, 'USD', 5, rates) + rebatePoints(myr.payAmount, 'MYR', 5, rates);
    expect(page.body.data.list).toEqual([
      {
        name: 'bo***@mail.example',
        email: 'bo***@mail.example',
        registerTime: expect.any(String),
        consumption: 0,
        currency: 'CNY',
        symbol: '￥',
        rebate: 0,
      },
      {
        name: '小***',
        email: 'wa***@mail.example',
        registerTime: expect.any(String),
        consumption: 0,
        currency: 'CNY',
        symbol: '￥',
        rebate: 0,
      },
      {
        name: 'J***',
        email: 'jo***@mail.example',
        registerTime: expect.any(String),
        consumption:
          convertForDisplay(usd.payAmount, 'USD', 'CNY', rates) + convertForDisplay(myr.payAmount, 'MYR', 'CNY', rates),
        currency: 'CNY',
        symbol: '￥',
        rebate,
      },
    ]);
    expect(rebate).toBeGreaterThan(0);

    const second = await shop.get<FriendPage>('/share/queryUserShareList?pageNum=2&pageSize=1', {
      headers: me.headers,
    });
    expect(second.body.data.list.map((friend) => friend.email)).toEqual(['wa***@mail.example']);
    // Nothing in the answer undoes the masking.
    expect(JSON.stringify(page.body.data)).not.toMatch(/Joanna|Lim|小明|joanna@|wang@/);
    expect((await shop.get('/share/queryUserShareList')).body.code).toBe(-212);
  });
});

describe('share-link visits', () => {
  it('count once per browser and code within a day, never the owner or an unknown code, and show in getMyShare', async () => {
    const sharer = await signUp(shop);
    const visit = (code: string, headers: Record<string, string> = {}) =>
      shop.post<ShareVisit>('/share/visit', { code }, { headers });
    const visitsOf = async () =>
      (await shop.get<MyShare>('/share/getMyShare', { headers: sharer.headers })).body.data.visits;

    const first = await visit(sharer.user.shareCode.toLowerCase());
    expect(first.body).toMatchObject({ code: 1, data: { known: true } });
    const setCookie = first.headers.get('Set-Cookie') ?? '';
    const remembered = /share_visit=([^;]+)/.exec(setCookie)?.[1];
    expect(remembered).toBe(sharer.user.shareCode);
    expect(setCookie).toMatch(/Max-Age=86400/);
    expect(setCookie).toMatch(/HttpOnly/);
    // A reload by the same browser: known, not counted again.
    await expect(
      visit(sharer.user.shareCode, { Cookie: `share_visit=${remembered}` }).then((answer) => answer.body.data),
    ).resolves.toEqual({ known: true });
    await visit(sharer.user.shareCode);
    await visit(sharer.user.shareCode, cookieFor(sharer.token));
    await expect(visit('NOSUCHCODE').then((answer) => answer.body.data)).resolves.toEqual({ known: false });
    expect(await visitsOf()).toBe(2);
  });

  it('are no longer counted by the user info the page loads on every page', async () => {
    const sharer = await signUp(shop);
    await shop.get(`/login/getUserInfo?refereeCode=${sharer.user.shareCode}`);
    await shop.get(`/login/getUserInfo?refereeCode=${sharer.user.shareCode}`);
    expect((await shop.get<MyShare>('/share/getMyShare', { headers: sharer.headers })).body.data.visits).toBe(0);
  });
});

describe('share code lookup', () => {
  it('answers whether a code belongs to an enabled customer, share or personal code, in any letter case', async () => {
    const owner = await signUp(shop);
    const gone = await signUp(shop);
    await shop.db
      .update(users)
      .set({ disabledAt: new Date() })
      .where(eq(users.id, Number(gone.user.userId)));
    const exists = async (code: string) => {
      const answer = await shop.get<{ exists: boolean }>(`/share/checkCode?code=${code}`);
      expect(answer.headers.get('Cache-Control')).toBe('public, max-age=60');
      return answer.body.data.exists;
    };
    await expect(exists(owner.user.shareCode.toLowerCase())).resolves.toBe(true);
    await expect(exists(owner.user.userCode)).resolves.toBe(true);
    await expect(exists(gone.user.shareCode)).resolves.toBe(false);
    await expect(exists('ABCDEFGH')).resolves.toBe(false);
    expect((await shop.get('/share/checkCode')).body.code).toBe(-218);
  });
});
