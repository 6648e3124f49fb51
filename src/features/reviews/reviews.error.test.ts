import { describe, expect, it } from 'vitest';
import { markSignedFor, shipOrder } from '@/features/orders/order-lifecycle';
import { comments } from '@/server/db/schema';
import { aCustomer, aLine, anOrder, aShop } from '../../../tests/support/fixtures';
import type { OwnReview } from './reviews.schema';

/* Reviews are refused, and nothing is written, unless the customer received the size in an order of hers. */

const shop = await aShop({ catalogue: 'small', env: { RATE_LIMIT_PER_ACCOUNT: '5', RATE_LIMIT_PER_IP: '1000' } });
const content = 'Soft silk, true to size and arrived in a plain box.';
const reviewCount = async () => (await shop.db.select().from(comments)).length;

async function aReceivedOrder() {
  const customer = await aCustomer(shop);
  const order = await anOrder(shop, customer, [aLine(shop, 'robe-s')], { paid: true });
  await shipOrder(shop.operator, order.orderNo, { carrier: 'DHL', trackingNumber: 'R1' });
  await markSignedFor(shop.db, order.orderNo);
  return { customer, order };
}

describe('refused reviews', () => {
  it('refuses a review of a product the customer never bought (-250)', async () => {
    const { customer, order } = await aReceivedOrder();
    const before = await reviewCount();
    const answer = await shop.post(
      '/reviews/write',
      { orderId: order.orderId, goodsSpecificationId: shop.ids['oil-usd-only'], rating: 5, content },
      { headers: customer.headers },
    );
    expect(answer.body.code).toBe(-250);
    expect(await reviewCount()).toBe(before);
  });

  it("refuses a review through someone else's order, and of an order not yet received (-250)", async () => {
    const { order } = await aReceivedOrder();
    const stranger = await aCustomer(shop);
    expect(
      (
        await shop.post(
          '/reviews/write',
          { orderId: order.orderId, goodsSpecificationId: shop.ids['robe-s'], rating: 5, content },
          { headers: stranger.headers },
        )
      ).body.code,
    ).toBe(-250);
    expect((await shop.get(`/reviews/order?orderId=${order.orderId}`, { headers: stranger.headers })).body.code).toBe(
      -218,
    );

    const paidOnly = await anOrder(shop, stranger, [aLine(shop, 'robe-s')], { paid: true });
    expect(
      (
        await shop.post(
          '/reviews/write',
          { orderId: paidOnly.orderId, goodsSpecificationId: shop.ids['robe-s'], rating: 5, content },
          { headers: stranger.headers },
        )
      ).body.code,
    ).toBe(-250);
  });

  it('takes one review per size bought (-251), and edits or withdraws only her own (-218)', async () => {
    const { customer, order } = await aReceivedOrder();
    const body = { orderId: order.orderId, goodsSpecificationId: shop.ids['robe-s'], rating: 5, content };
    const first = await shop.post<OwnReview>('/reviews/write', body, { headers: customer.headers });
    expect(first.body.code).toBe(1);
    expect((await shop.post('/reviews/write', body, { headers: customer.headers })).body.code).toBe(-251);

    const other = await aCustomer(shop);
    expect(
      (
        await shop.post(
          '/reviews/edit',
          { commentId: first.body.data.commentId, rating: 1, content },
          { headers: other.headers },
        )
      ).body.code,
    ).toBe(-218);
    expect(
      (await shop.post('/reviews/withdraw', { commentId: first.body.data.commentId }, { headers: other.headers })).body
        .code,
    ).toBe(-218);
  });

  it('refuses bad input naming the field, and a signed-out caller (-212)', async () => {
    const { customer, order } = await aReceivedOrder();
    const base = { orderId: order.orderId, goodsSpecificationId: shop.ids['robe-s'], rating: 5, content };
    const before = await reviewCount();
    for (const [field, value] of [
      ['rating', 0],
      ['rating', 6],
      ['rating', 4.5],
      ['content', 'Too short.'],
      ['content', 'x'.repeat(2001)],
      ['title', 'x'.repeat(121)],
      ['shownAs', 'full-name'],
    ] as const) {
      const answer = await shop.post('/reviews/write', { ...base, [field]: value }, { headers: customer.headers });
      expect(answer.body.code).toBe(-218);
      expect(answer.body.message).toContain(field);
    }
    expect((await shop.post('/reviews/write', base)).body.code).toBe(-212);
    expect(await reviewCount()).toBe(before);
  });

  it('limits how often an account writes (-9999)', async () => {
    const { customer, order } = await aReceivedOrder();
    const codes: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      codes.push(
        (
          await shop.post(
            '/reviews/write',
            { orderId: order.orderId, goodsSpecificationId: shop.ids['robe-s'], rating: 5, content },
            { headers: customer.headers },
          )
        ).body.code,
      );
    }
    expect(codes.slice(0, 2)).toEqual([1, -251]);
    expect(codes.at(-1)).toBe(-9999);
  });
});
