import { describe, expect, it } from 'vitest';
import { signUp, type Customer } from '../../../tests/support/customers';
import type { Cart } from './cart.schema';
import type { CartSku } from './fixtures/cart-catalogue';
import { aShop } from '../../../tests/support/fixtures';

const shop = await aShop({ catalogue: 'small' });
const { ids } = shop;

const item = (sku: CartSku, goodsQuantity: number) => ({ goodsSpecificationId: ids[sku], goodsQuantity });
const cartOf = async (customer: Customer) =>
  (await shop.get<Cart>('/shoppingcart/queryShoppingCartList', { headers: customer.headers })).body.data;
const add = (customer: Customer, body: unknown) =>
  shop.post<Cart>('/shoppingcart/addShoppingCart', body, { headers: customer.headers });

describe('parallel adds to one line', () => {
  it('never take it past 100', async () => {
    const customer = await signUp(shop);
    const responses = await Promise.all(Array.from({ length: 20 }, () => add(customer, item('robe-s', 10))));
    expect(responses.every((response) => response.body.code === 1)).toBe(true);
    expect((await cartOf(customer)).list).toMatchObject([{ goodsSpecificationId: ids['robe-s'], goodsQuantity: 100 }]);
  });

  it('lose no quantity below the cap', async () => {
    const customer = await signUp(shop);
    await Promise.all(Array.from({ length: 20 }, () => add(customer, item('robe-s', 3))));
    expect((await cartOf(customer)).total).toBe(60);
  });
});

describe("one customer's cart", () => {
  it("is invisible to and untouchable by another customer's session", async () => {
    const alice = await signUp(shop);
    const bob = await signUp(shop);
    await add(alice, item('robe-s', 2));
    await add(bob, item('robe-s', 5));
    await add(bob, item('robe-m', 1));

    expect((await cartOf(alice)).list.map((line) => line.goodsQuantity)).toEqual([2]);
    await shop.call('DELETE', `/shoppingcart/deleteShoppingCart?goodsSpecificationId=${ids['robe-m']}`, {
      headers: alice.headers,
    });
    await shop.call('PUT', '/shoppingcart/updateShoppingCart', { body: item('robe-s', 9), headers: alice.headers });
    expect((await cartOf(bob)).list.map((line) => [line.goodsSpecificationId, line.goodsQuantity])).toEqual([
      [ids['robe-s'], 5],
      [ids['robe-m'], 1],
    ]);
  });

  it('cannot be reached by naming another customer in the body', async () => {
    const alice = await signUp(shop);
    const bob = await signUp(shop);
    const response = await add(alice, {
      ...item('robe-s', 1),
      userId: Number(bob.user.userId),
      user_id: Number(bob.user.userId),
    });
    expect(response.body.code).toBe(1);
    expect((await cartOf(bob)).list).toEqual([]);
    expect((await cartOf(alice)).total).toBe(1);
  });
});
