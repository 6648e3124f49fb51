import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '@/server/db/schema';
import { signUp, type Customer } from '../../../tests/support/customers';
import { createOrder, deliveryAddress, placeOrder, startPayment, stockOf } from '../../../tests/support/orders';
import { aShop } from '../../../tests/support/fixtures';
import type { CartSku } from '../cart/fixtures/cart-catalogue';
import type { Cart } from '../cart/cart.schema';
import { OrderStatus } from '@/lib/order-status';

/* "Buy now" buys beside the cart; the same checkout placed again answers the open unpaid order (docs/decisions/079). */

const shop = await aShop({ catalogue: 'small' });
const item = (sku: CartSku, goodsQuantity: number) => ({ goodsSpecificationId: shop.ids[sku], goodsQuantity });

const pendingOrdersOf = async (customer: Customer) =>
  shop.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, Number(customer.user.userId)), eq(orders.status, OrderStatus.PaymentPending)));
const cartOf = async (customer: Customer) =>
  (await shop.get<Cart>('/shoppingcart/queryShoppingCartList', { headers: customer.headers })).body.data.list.map(
    (line) => [line.goodsSpecificationId, line.goodsQuantity],
  );

describe('the same checkout placed again', () => {
  it('answers the open unpaid order whose payment was started and left, instead of adding another', async () => {
    const buyer = await signUp(shop);
    const first = await placeOrder(shop, buyer, [item('robe-s', 2)]);
    expect((await startPayment(shop, buyer, first.orderId)).body.code).toBe(1);

    // The storefront confirms the total it showed: the same as the open order's.
    const again = await placeOrder(shop, buyer, [item('robe-s', 2)], { expectedPayAmount: first.payAmount });
    expect(again.orderId).toBe(first.orderId);
    expect(again.orderNo).toBe(first.orderNo);
    expect(await pendingOrdersOf(buyer)).toEqual([{ id: first.orderId }]);
    // It can be paid again: a new attempt.
    expect((await startPayment(shop, buyer, again.orderId)).body.code).toBe(1);
  });

  it('answers the open order whose payment never started too, and takes its stock once', async () => {
    const buyer = await signUp(shop);
    const stockBefore = await stockOf(shop, shop.ids['robe-s']);
    const first = await placeOrder(shop, buyer, [item('robe-s', 1)]);
    const again = await placeOrder(shop, buyer, [item('robe-s', 1)], { expectedPayAmount: first.payAmount });
    expect(again.orderId).toBe(first.orderId);
    expect(await pendingOrdersOf(buyer)).toHaveLength(1);
    expect(await stockOf(shop, shop.ids['robe-s'])).toBe(stockBefore - 1);
  });

  it('places a new order when the checkout differs: another quantity, or another address', async () => {
    const buyer = await signUp(shop);
    const first = await placeOrder(shop, buyer, [item('robe-s', 1)]);
    expect((await startPayment(shop, buyer, first.orderId)).body.code).toBe(1);
    const otherQuantity = await placeOrder(shop, buyer, [item('robe-s', 2)], {
      expectedPayAmount: first.payAmount * 2,
    });
    expect(otherQuantity.orderId).not.toBe(first.orderId);
    const otherAddress = await placeOrder(shop, buyer, [item('robe-s', 1)], {
      deliveryAddress: { ...deliveryAddress, address: '2 Other Street' },
      expectedPayAmount: first.payAmount,
    });
    expect(otherAddress.orderId).not.toBe(first.orderId);
  });
});

describe('Buy now', () => {
  it('buys beside the cart: the cart keeps its lines, the same size included', async () => {
    const buyer = await signUp(shop);
    expect(
      (await shop.post('/shoppingcart/addShoppingCart', item('robe-s', 1), { headers: buyer.headers })).body.code,
    ).toBe(1);
    const bought = await createOrder(shop, buyer, { items: [item('robe-s', 2)], buyNow: true });
    expect(bought.body.code).toBe(1);
    expect(bought.body.data.lines.map((line) => [line.goodsSpecificationId, line.goodsQuantity])).toEqual([
      [shop.ids['robe-s'], 2],
    ]);
    expect(await cartOf(buyer)).toEqual([[shop.ids['robe-s'], 1]]);

    // A checkout of the cart takes its lines out of it, as before.
    await placeOrder(shop, buyer, [item('robe-s', 1)]);
    expect(await cartOf(buyer)).toEqual([]);
  });
});
