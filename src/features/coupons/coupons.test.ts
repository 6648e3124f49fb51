import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balanceOf, checkLedger } from '@/features/energy/energy.ledger';
import type { OrderDetails } from '@/features/orders/orders.schema';
import { coupons, energyRecords } from '@/server/db/schema';
import { signUp, type Customer } from '../../../tests/support/customers';
import { deliveryAddress, stockOf } from '../../../tests/support/orders';
import type { Coupon, CouponPage, CouponProduct } from './coupons.schema';
import { expireCoupons } from './coupons.service';
import { aGift, aShop, grantPoints, idOf } from '../../../tests/support/fixtures';

const POINTS = 800;
const shop = await aShop({ catalogue: 'small', env: { COUPON_EXPIRY_DAYS: '30' } });
const { ids } = shop;
await aGift(shop, 'robe-s', POINTS);

const grant = (customer: Customer, points: number) => grantPoints(shop, customer, points);
const addCoupon = (customer: Customer, goodsSpecificationId = ids['robe-s']) =>
  shop.post<Coupon>('/coupon/addReceiveCoupon', { goodsSpecificationId }, { headers: customer.headers });
const redeem = (customer: Customer, code: string) =>
  shop.post<OrderDetails>('/order/createReceiveOrder', { code, deliveryAddress }, { headers: customer.headers });
const cancel = (customer: Customer, couponId: number) =>
  shop.post<Coupon>(`/coupon/cancel?couponId=${couponId}`, undefined, { headers: customer.headers });
const refundsOf = (couponId: number) =>
  shop.db
    .select()
    .from(energyRecords)
    .where(eq(energyRecords.reference, `refund:gift-coupon:${couponId}`));

async function ownerWithCoupon() {
  const owner = await signUp(shop);
  await grant(owner, POINTS);
  const added = await addCoupon(owner);
  expect(added.body.code).toBe(1);
  return { owner, coupon: added.body.data };
}

describe('gift coupons', () => {
  it("spend the size's points on a coupon with its own code, listed among my share records", async () => {
    const { owner, coupon } = await ownerWithCoupon();
    expect(coupon).toMatchObject({
      status: 'unused',
      points: POINTS,
      cancellable: true,
      activatedBy: null,
      product: { goodsSpecificationId: ids['robe-s'], goodsName: 'Silk robe', goodsQuantity: 1 },
    });
    expect(coupon.code).toMatch(/^[A-Z2-9]{10}$/);
    expect(new Date(coupon.expireTime).getTime() - new Date(coupon.createTime).getTime()).toBe(
      30 * 24 * 60 * 60 * 1000,
    );
    expect(await balanceOf(shop.db, idOf(owner))).toBe(0);
    const list = await shop.get<CouponPage>('/coupon/queryReceiveCouponList', { headers: owner.headers });
    expect(list.body.data).toMatchObject({ total: 1, list: [{ couponId: coupon.couponId }] });

    const status = await shop.get(`/coupon/checkCouponStatus?code=${coupon.code.toLowerCase()}`);
    expect(status.body).toMatchObject({
      code: 1,
      data: { code: coupon.code, status: 'unused', giverShareCode: owner.user.shareCode },
    });
    const products = await shop.get<CouponProduct[]>(`/coupon/getReceiveCouponProductList?code=${coupon.code}`, {
      language: 'ZH',
    });
    expect(products.body.data).toMatchObject([
      { goodsName: '真丝睡袍', specificationName: 'S 码 · 玫瑰', points: POINTS },
    ]);
  });

  it('are refused without enough points, for sizes without a points price, and for visitors', async () => {
    const poor = await signUp(shop);
    await grant(poor, POINTS - 1);
    expect((await addCoupon(poor)).body).toMatchObject({
      code: -218,
      data: { field: 'points', reason: 'insufficient-points' },
    });
    expect(
      await shop.db
        .select()
        .from(coupons)
        .where(eq(coupons.ownerId, idOf(poor))),
    ).toEqual([]);
    expect((await addCoupon(poor, ids['robe-m'])).body).toMatchObject({ code: -218 });
    expect((await addCoupon(poor, 999_999)).body.code).toBe(-210);
    expect((await shop.post('/coupon/addReceiveCoupon', { goodsSpecificationId: ids['robe-s'] })).body.code).toBe(-212);
    expect((await shop.get('/coupon/checkCouponStatus?code=NOSUCHCODE')).body.code).toBe(-218);
  });

  it('redeem once as a free order in status 1 that reserves stock; a second activation answers -228', async () => {
    const { owner, coupon } = await ownerWithCoupon();
    const friend = await signUp(shop);
    const stock = await stockOf(shop, ids['robe-s']);
    const order = await redeem(friend, coupon.code);
    expect(order.body).toMatchObject({
      code: 1,
      data: {
        kind: 'gift',
        status: 1,
        payAmount: 0,
        lines: [{ goodsSpecificationId: ids['robe-s'], unitPrice: 0, goodsQuantity: 1 }],
      },
    });
    expect(await stockOf(shop, ids['robe-s'])).toBe(stock - 1);
    expect((await redeem(await signUp(shop), coupon.code)).body.code).toBe(-228);
    expect((await shop.get(`/coupon/checkCouponStatus?code=${coupon.code}`)).body.code).toBe(-228);
    expect((await cancel(owner, coupon.couponId)).body.code).toBe(-228);
    const [listed] = (await shop.get<CouponPage>('/coupon/queryReceiveCouponList', { headers: owner.headers })).body
      .data.list;
    expect(listed).toMatchObject({
      status: 'activated',
      cancellable: false,
      activatedBy: expect.stringContaining('***@'),
    });
  });

  it('give the points back to the giver, once, when the friend cancels the gift order before it ships', async () => {
    const { owner, coupon } = await ownerWithCoupon();
    const friend = await signUp(shop);
    const stock = await stockOf(shop, ids['robe-s']);
    const order = await redeem(friend, coupon.code);
    const cancelOrder = () =>
      shop.call('PUT', `/order/cancel?orderId=${order.body.data.orderId}`, { headers: friend.headers });
    expect((await cancelOrder()).body.code).toBe(1);
    expect(await balanceOf(shop.db, idOf(owner))).toBe(POINTS);
    expect(await stockOf(shop, ids['robe-s'])).toBe(stock);
    expect((await cancelOrder()).body.code).toBe(-217);
    expect((await cancel(owner, coupon.couponId)).body.code).toBe(-228);
    expect(await refundsOf(coupon.couponId)).toHaveLength(1);
    expect(await balanceOf(shop.db, idOf(owner))).toBe(POINTS);
  });

  it('cancel an unused coupon with one refund; a second cancel answers -229, and so does redeeming it', async () => {
    const { owner, coupon } = await ownerWithCoupon();
    expect((await cancel(owner, coupon.couponId)).body).toMatchObject({ code: 1, data: { status: 'cancelled' } });
    expect(await balanceOf(shop.db, idOf(owner))).toBe(POINTS);
    expect((await cancel(owner, coupon.couponId)).body.code).toBe(-229);
    expect((await redeem(await signUp(shop), coupon.code)).body.code).toBe(-229);
    // A returned gift on the energy page, not a refund of money.
    expect(await refundsOf(coupon.couponId)).toMatchObject([{ type: 'gift-returned', points: POINTS }]);
    const stranger = await signUp(shop);
    expect((await cancel(stranger, coupon.couponId)).body).toMatchObject({ code: -218 });
  });

  it('let one of an activation and a cancellation racing win', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { owner, coupon } = await ownerWithCoupon();
      const friend = await signUp(shop);
      const [redeemed, cancelled] = await Promise.all([redeem(friend, coupon.code), cancel(owner, coupon.couponId)]);
      const codes = [redeemed.body.code, cancelled.body.code].sort();
      expect([
        [-229, 1],
        [-228, 1],
      ]).toContainEqual(codes);
      const [row] = await shop.db.select().from(coupons).where(eq(coupons.id, coupon.couponId));
      expect(await refundsOf(coupon.couponId)).toHaveLength(row!.status === 'cancelled' ? 1 : 0);
      expect(await balanceOf(shop.db, idOf(owner))).toBe(row!.status === 'cancelled' ? POINTS : 0);
    }
  });

  it('expire unused after COUPON_EXPIRY_DAYS with the points back once; an expired code answers -219', async () => {
    const { owner, coupon } = await ownerWithCoupon();
    const later = new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);
    expect(await expireCoupons(shop.db, later)).toBeGreaterThanOrEqual(1);
    expect(await expireCoupons(shop.db, later)).toBe(0);
    const [row] = await shop.db
      .select()
      .from(coupons)
      .where(and(eq(coupons.id, coupon.couponId)));
    expect(row!.status).toBe('expired');
    expect(await refundsOf(coupon.couponId)).toMatchObject([{ type: 'expiry', points: POINTS }]);
    expect(await balanceOf(shop.db, idOf(owner))).toBe(POINTS);
    expect((await redeem(await signUp(shop), coupon.code)).body.code).toBe(-219);
    expect((await cancel(owner, coupon.couponId)).body.code).toBe(-219);
    expect((await checkLedger(shop.db)).problems).toEqual([]);
  });
});
