import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '@/server/db/schema';
import { signUp, uniqueEmail } from '../../../tests/support/customers';
import { createOrder, deliveryAddress, placeOrder, startPayment, stockOf } from '../../../tests/support/orders';
import { encodePassword } from '../auth/auth';
import type { CartSku } from '../cart/fixtures/cart-catalogue';
import { aCustomer, aShop, anOrder, idOf } from '../../../tests/support/fixtures';
import { rowsOf } from '@/server/db/client';

const shop = await aShop({ catalogue: 'small' });
const { ids } = shop;
const customer = await aCustomer(shop);

const item = (sku: CartSku, goodsQuantity: number) => ({ goodsSpecificationId: ids[sku], goodsQuantity });
const order = (body: Record<string, unknown>, init?: { currency?: string; language?: string }) =>
  createOrder(shop, customer, { items: [item('robe-s', 1)], ...body }, init);

describe('checkout refuses', () => {
  it('an unknown specification with -210', async () => {
    const answer = await order({ items: [{ goodsSpecificationId: 999_999, goodsQuantity: 1 }] });
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe(-210);
  });

  it.each([
    ['a taken-down product', 'brief-retired', 1],
    ['a sold-out size', 'mini-sold-out', 1],
    ['more than the stock', 'robe-m', 4],
  ] as const)('%s with -231', async (_case, sku, quantity) => {
    expect((await order({ items: [item(sku, quantity)] })).body.code).toBe(-231);
  });

  it('a size without a price in the request currency with -222, and keeps its stock', async () => {
    const before = await stockOf(shop, ids['oil-usd-only']);
    expect((await order({ items: [item('oil-usd-only', 1)] }, { currency: 'CNY' })).body.code).toBe(-222);
    expect(await stockOf(shop, ids['oil-usd-only'])).toBe(before);
    expect((await order({ items: [item('oil-usd-only', 1)] }, { currency: 'USD' })).body.code).toBe(1);
  });

  it.each([
    ['no items', () => ({ items: [] }), 'items'],
    ['a quantity over 100', () => ({ items: [item('robe-s', 101)] }), 'items.0.goodsQuantity'],
    ['no address', () => ({ deliveryAddress: undefined }), 'deliveryAddress'],
    ['an empty city', () => ({ deliveryAddress: { ...deliveryAddress, city: ' ' } }), 'deliveryAddress.city'],
    [
      'a country the shop does not deliver to',
      () => ({ deliveryAddress: { ...deliveryAddress, country: 'FR' } }),
      'deliveryAddress.country',
    ],
    [
      'a ZIP code of another country',
      () => ({ deliveryAddress: { ...deliveryAddress, zipCode: '100020' } }),
      'deliveryAddress.zipCode',
    ],
    [
      'an invalid phone',
      () => ({ deliveryAddress: { ...deliveryAddress, phone: 'call me' } }),
      'deliveryAddress.phone',
    ],
    ['an unknown payment method', () => ({ payMethod: 'bitcoin' }), 'payMethod'],
  ])('%s with -218 naming the field', async (_case, body, field) => {
    const answer = await order(body());
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: -218, message: `Invalid value for ${field}` });
  });

  it("someone else's saved address like a missing one (-218 addressId, HTTP 404)", async () => {
    const other = await signUp(shop);
    const saved = await shop.post<{ addressId: number }>('/delivery/addAddress', deliveryAddress, {
      headers: other.headers,
    });
    const answer = await order({ deliveryAddress: undefined, addressId: saved.body.data.addressId });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: -218, message: 'Invalid value for addressId' });
  });

  it('the customer’s own discount code with a clear message', async () => {
    const answer = await order({ discountCode: customer.user.shareCode.toLowerCase() });
    expect(answer.body).toEqual({
      code: -218,
      data: { field: 'discountCode', reason: 'own-code' },
      message: 'You cannot use your own discount code; share it with friends instead',
    });
    expect((await order({ discountCode: customer.user.shareCode }, { language: 'ZH' })).body.message).toBe(
      '不能使用自己的折扣码，请分享给好友使用',
    );
  });

  it('an unknown discount code, and a personal code that is not a share code', async () => {
    for (const discountCode of ['NOPE2345', customer.user.userCode]) {
      expect((await order({ discountCode })).body).toMatchObject({
        code: -218,
        data: { field: 'discountCode', reason: 'unknown-code' },
        message: 'This discount code does not exist',
      });
    }
  });
});

describe('a visitor checking out', () => {
  it('without an email and password must sign in first (-212)', async () => {
    expect((await createOrder(shop, {}, { items: [item('robe-s', 1)] })).body.code).toBe(-212);
  });

  it('gets the registration refusals: -201 email format, -204 password rule', async () => {
    const guest = { items: [item('robe-s', 1)] };
    expect(
      (await createOrder(shop, {}, { ...guest, email: 'not-an-email', password: encodePassword('guest-pass-1') })).body
        .code,
    ).toBe(-201);
    expect(
      (await createOrder(shop, {}, { ...guest, email: uniqueEmail(), password: encodePassword('short') })).body.code,
    ).toBe(-204);
  });
});

describe('paying', () => {
  it('a closed or expired order answers -217 with its status', async () => {
    const closed = await placeOrder(shop, customer, [item('robe-s', 1)]);
    await shop.call('PUT', `/order/cancel?orderId=${closed.orderId}`, { headers: customer.headers });
    expect((await startPayment(shop, customer, closed.orderId)).body).toMatchObject({
      code: -217,
      data: { status: 3 },
    });

    const expired = await placeOrder(shop, customer, [item('robe-s', 1)]);
    await shop.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, expired.orderId));
    expect((await startPayment(shop, customer, expired.orderId)).body).toMatchObject({
      code: -217,
      data: { status: 2 },
    });
  });

  it('returning with a token that is not one of the order’s payments answers -214', async () => {
    const placed = await placeOrder(shop, customer, [item('robe-s', 1)]);
    const answer = await shop.post(
      '/order/callback',
      { orderId: placed.orderId, token: 'TEST-forged' },
      { headers: customer.headers },
    );
    expect(answer.body.code).toBe(-214);
  });
});

describe('cancelling', () => {
  it('a closed order, or one already shipped, answers -217', async () => {
    const placed = await placeOrder(shop, customer, [item('robe-s', 1)]);
    const cancel = () => shop.call('PUT', `/order/cancel?orderId=${placed.orderId}`, { headers: customer.headers });
    expect((await cancel()).body.code).toBe(1);
    expect((await cancel()).body).toMatchObject({ code: -217, data: { status: 3 } });

    const shipped = await anOrder(shop, customer, [item('robe-s', 1)], { paid: true });
    await shop.db.update(orders).set({ status: 4 }).where(eq(orders.id, shipped.orderId));
    const refused = await shop.call('PUT', `/order/cancel?orderId=${shipped.orderId}`, { headers: customer.headers });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: -217, data: { status: 4 } });
  });
});

describe('checkout after a deadlock', () => {
  it('runs its statement again: the customer gets one order, and the stock moves once', async () => {
    const buyer = await aCustomer(shop);
    const stock = await stockOf(shop, ids['robe-s']);
    // PostgreSQL's own refusal, once: the sequence counts across the failed statement's rollback.
    const setup = [
      'create sequence checkout_deadlocks',
      `create function deadlock_once() returns trigger language plpgsql as $$ begin
         if nextval('checkout_deadlocks') = 1 then raise exception 'deadlock detected' using errcode = '40P01'; end if;
         return null; end $$`,
      'create trigger deadlock_once before insert on order_lines for each statement execute function deadlock_once()',
    ];
    for (const statement of setup) await shop.db.execute(sql.raw(statement));
    try {
      const placed = await createOrder(shop, buyer, { items: [item('robe-s', 1)] });
      expect(placed.body.code).toBe(1);
      // Refused once, then placed.
      expect(
        Number(
          rowsOf<{ calls: string | number }>(
            await shop.db.execute(sql`select last_value as calls from checkout_deadlocks`),
          )[0]!.calls,
        ),
      ).toBe(2);
      expect(
        await shop.db
          .select({ id: orders.id })
          .from(orders)
          .where(eq(orders.userId, idOf(buyer))),
      ).toHaveLength(1);
      expect(await stockOf(shop, ids['robe-s'])).toBe(stock - 1);
    } finally {
      for (const statement of [
        'drop trigger deadlock_once on order_lines',
        'drop function deadlock_once()',
        'drop sequence checkout_deadlocks',
      ])
        await shop.db.execute(sql.raw(statement));
    }
  });
});
