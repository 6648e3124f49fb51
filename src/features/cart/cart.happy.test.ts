import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, signIn, signUp, type Customer } from '../../../tests/support/customers';
import type { Cart } from './cart.schema';
import type { CartSku } from './fixtures/cart-catalogue';
import { aShop } from '../../../tests/support/fixtures';
import { placeOrder } from '../../../tests/support/orders';
import { countStatements } from '../../../tests/support/sql-counter';
import { startJobs } from '@/app/jobs/scheduler';
import { createLogger } from '@/server/logger';

const shop = await aShop({ catalogue: 'small' });
const { ids } = shop;

const item = (sku: CartSku, goodsQuantity: number) => ({ goodsSpecificationId: ids[sku], goodsQuantity });
const as = (customer: Customer, init: { language?: string; currency?: string } = {}) => ({
  headers: customer.headers,
  ...init,
});
const quantities = (cart: Cart) =>
  Object.fromEntries(cart.list.map((line) => [line.goodsSpecificationId, line.goodsQuantity]));

describe("a visitor's browser cart", () => {
  it('is priced in the request language and currency, with a total count', async () => {
    const response = await shop.post<Cart>(
      '/shoppingcart/getShoppingCartList',
      [item('robe-s', 2), item('oil-usd-only', 1)],
      { language: 'ZH', currency: 'CNY' },
    );
    expect(response.body.code).toBe(1);
    const [robe, oil] = response.body.data.list;
    expect(robe).toEqual({
      goodsSpecificationId: ids['robe-s'],
      goodsId: expect.any(Number),
      goodsQuantity: 2,
      goodsName: '真丝睡袍',
      specificationName: 'S 码 · 玫瑰',
      picture: expect.stringMatching(/^\/api\/v1\/media\/goods\/silk-robe-0-[\w]+\.webp$/),
      pictureAlt: '真丝睡袍',
      currency: 'CNY',
      symbol: '￥',
      unitPrice: 39900,
      originalPrice: 39900,
      stock: 500,
      onSale: true,
    });
    expect(oil).toMatchObject({ goodsName: '按摩油', unitPrice: null, originalPrice: null });
    expect(response.body.data.total).toBe(3);
  });

  it('leaves out specifications that no longer exist, so a stale cart still opens', async () => {
    const response = await shop.post<Cart>('/shoppingcart/getShoppingCartList', [
      item('robe-s', 1),
      { goodsSpecificationId: 999_999, goodsQuantity: 4 },
    ]);
    expect(response.body.data.list.map((line) => line.goodsSpecificationId)).toEqual([ids['robe-s']]);
    expect(response.body.data.total).toBe(1);
  });

  it('shows lines that cannot be bought now, marked as such', async () => {
    const response = await shop.post<Cart>(
      '/shoppingcart/getShoppingCartList',
      [item('brief-retired', 1), item('mini-sold-out', 1)],
      { currency: 'MYR' },
    );
    expect(response.body.data.list).toMatchObject([
      { onSale: false, stock: 20, symbol: 'RM', unitPrice: 25900 },
      { onSale: true, stock: 0 },
    ]);
  });

  it('prices chosen specifications with getSpecData, folding repeats', async () => {
    const response = await shop.post<Cart>(
      '/shoppingcart/getSpecData',
      [item('robe-s', 1), item('robe-m', 1), item('robe-s', 2)],
      { language: 'MS' },
    );
    expect(response.body.data.list.map((line) => [line.specificationName, line.goodsQuantity])).toEqual([
      ['S · Mawar', 3],
      ['M · Mawar', 1],
    ]);
    expect(response.body.data.list[0]).toMatchObject({ symbol: '$', unitPrice: 5900, originalPrice: 7900 });
  });

  it('answers an empty cart for an empty list', async () => {
    expect((await shop.post<Cart>('/shoppingcart/getShoppingCartList', [])).body.data).toEqual({ list: [], total: 0 });
  });
});

describe("a customer's cart", () => {
  it('adds to a line, sets it, removes it, and answers the cart each time', async () => {
    const customer = await signUp(shop);
    const added = await shop.post<Cart>('/shoppingcart/addShoppingCart', item('robe-s', 2), as(customer));
    expect(added.body.code).toBe(1);
    expect(quantities(added.body.data)).toEqual({ [ids['robe-s']]: 2 });

    const more = await shop.post<Cart>('/shoppingcart/addShoppingCart', item('robe-s', 3), as(customer));
    expect(quantities(more.body.data)).toEqual({ [ids['robe-s']]: 5 });

    await shop.post('/shoppingcart/addShoppingCart', item('oil-usd-only', 1), as(customer));
    const set = await shop.call<Cart>('PUT', '/shoppingcart/updateShoppingCart', {
      body: item('robe-s', 7),
      ...as(customer),
    });
    expect(set.body.data.total).toBe(8);

    const removed = await shop.call<Cart>(
      'DELETE',
      `/shoppingcart/deleteShoppingCart?goodsSpecificationId=${ids['robe-s']}`,
      as(customer),
    );
    expect(quantities(removed.body.data)).toEqual({ [ids['oil-usd-only']]: 1 });
    const again = await shop.call<Cart>(
      'DELETE',
      `/shoppingcart/deleteShoppingCart?goodsSpecificationId=${ids['robe-s']}`,
      as(customer),
    );
    expect(again.body.code).toBe(1);

    const listed = await shop.get<Cart>('/shoppingcart/queryShoppingCartList', as(customer, { language: 'ZH' }));
    expect(listed.body.data.list).toMatchObject([
      { goodsName: '按摩油', goodsQuantity: 1, symbol: '$', unitPrice: 1900 },
    ]);
  });

  it('caps a line at 100 when adding (the extra is dropped, not refused)', async () => {
    const customer = await signUp(shop);
    await shop.post('/shoppingcart/addShoppingCart', item('robe-s', 60), as(customer));
    const capped = await shop.post<Cart>('/shoppingcart/addShoppingCart', item('robe-s', 60), as(customer));
    expect(capped.body.code).toBe(1);
    expect(quantities(capped.body.data)).toEqual({ [ids['robe-s']]: 100 });
  });

  it('starts a line when updating a specification the cart does not have yet', async () => {
    const customer = await signUp(shop);
    const set = await shop.call<Cart>('PUT', '/shoppingcart/updateShoppingCart', {
      body: item('robe-m', 3),
      ...as(customer),
    });
    expect(quantities(set.body.data)).toEqual({ [ids['robe-m']]: 3 });
  });

  it('keeps lines it can no longer price in another currency, with no price', async () => {
    const customer = await signUp(shop);
    await shop.post('/shoppingcart/addShoppingCart', item('oil-usd-only', 2), as(customer));
    const inRinggit = await shop.get<Cart>('/shoppingcart/queryShoppingCartList', as(customer, { currency: 'MYR' }));
    expect(inRinggit.body.data.list).toMatchObject([{ goodsQuantity: 2, symbol: 'RM', unitPrice: null }]);
  });

  it('lists the lines in the order they were added, reading the session and the lines in one SQL statement once the products are kept (none while the embedded database is unwritten)', async () => {
    const customer = await signUp(shop);
    for (const sku of ['oil-usd-only', 'robe-m', 'robe-s'] as const)
      await shop.post('/shoppingcart/addShoppingCart', item(sku, 1), as(customer));
    await shop.get('/shoppingcart/queryShoppingCartList', as(customer));

    const counter = countStatements(shop);
    try {
      const cart = await shop.get<Cart>('/shoppingcart/queryShoppingCartList', as(customer));
      expect(cart.body.data.list.map((line) => line.goodsSpecificationId)).toEqual([
        ids['oil-usd-only'],
        ids['robe-m'],
        ids['robe-s'],
      ]);
      expect(counter.statements).toHaveLength(shop.databaseKind === 'pglite' ? 0 : 1);
    } finally {
      counter.stop();
    }
  });

  it('keeps the cart read through a round of the background jobs that found nothing due (docs/decisions/090)', async () => {
    const customer = await signUp(shop);
    await shop.post('/shoppingcart/addShoppingCart', item('robe-m', 1), as(customer));
    const roundOfJobs = () => startJobs({ ...shop.operator, logger: createLogger('silent') }).stop();
    await roundOfJobs();
    await shop.get('/shoppingcart/queryShoppingCartList', as(customer));

    await roundOfJobs();
    const counter = countStatements(shop);
    try {
      const cart = await shop.get<Cart>('/shoppingcart/queryShoppingCartList', as(customer));
      expect(quantities(cart.body.data)).toEqual({ [ids['robe-m']]: 1 });
      expect(counter.statements).toHaveLength(shop.databaseKind === 'pglite' ? 0 : 1);
    } finally {
      counter.stop();
    }
  });

  it('reads a kept cart again after any write: a line added, a sale elsewhere, a sign-out', async () => {
    const customer = await signUp(shop);
    const buyer = await signUp(shop);
    const cartOf = async (who = customer) =>
      (await shop.get<Cart>('/shoppingcart/queryShoppingCartList', as(who))).body;
    await shop.post('/shoppingcart/addShoppingCart', item('robe-m', 1), as(customer));
    const before = await cartOf();
    expect(quantities(before.data)).toEqual({ [ids['robe-m']]: 1 });
    await shop.post('/shoppingcart/addShoppingCart', item('robe-s', 2), as(customer));
    expect(quantities((await cartOf()).data)).toEqual({ [ids['robe-m']]: 1, [ids['robe-s']]: 2 });

    // Another customer's purchase takes stock the kept cart showed.
    const stockBefore = (await cartOf()).data.list.find((line) => line.goodsSpecificationId === ids['robe-s'])!.stock;
    await placeOrder(shop, buyer, [item('robe-s', 1)]);
    expect((await cartOf()).data.list.find((line) => line.goodsSpecificationId === ids['robe-s'])!.stock).toBe(
      stockBefore - 1,
    );

    await shop.get('/login/loginOut', as(customer));
    expect((await cartOf()).code).toBe(-212);
  });

  it('shows the stock left after other customers bought, while the product itself stays kept', async () => {
    const customer = await signUp(shop);
    const buyer = await signUp(shop);
    await shop.post('/shoppingcart/addShoppingCart', item('robe-m', 1), as(customer));
    const before = await shop.get<Cart>('/shoppingcart/queryShoppingCartList', as(customer));
    const stock = before.body.data.list[0]!.stock;
    await shop.post('/shoppingcart/getShoppingCartList', [item('robe-m', 1)]);

    // An order takes stock without emptying the kept products (docs/decisions/068).
    await placeOrder(shop, buyer, [item('robe-m', 2)]);

    const signedIn = await shop.get<Cart>('/shoppingcart/queryShoppingCartList', as(customer));
    expect(signedIn.body.data.list[0]).toMatchObject({ goodsSpecificationId: ids['robe-m'], stock: stock - 2 });
    const browser = await shop.post<Cart>('/shoppingcart/getShoppingCartList', [item('robe-m', 1)]);
    expect(browser.body.data.list[0]).toMatchObject({ stock: stock - 2 });
    // More than is left cannot go into the cart, whatever the kept product said.
    const tooMany = await shop.call<Cart>('PUT', '/shoppingcart/updateShoppingCart', {
      body: item('robe-m', stock - 1),
      ...as(customer),
    });
    expect(tooMany.body.code).toBe(-231);
  });

  it('refuses a signed-out session with -212, whatever its cart holds', async () => {
    const customer = await signUp(shop);
    await shop.post('/shoppingcart/addShoppingCart', item('robe-s', 1), as(customer));
    await shop.get('/login/loginOut', as(customer));
    const cart = await shop.get<Cart>('/shoppingcart/queryShoppingCartList', as(customer));
    expect(cart.status).toBe(401);
    expect(cart.body).toMatchObject({ code: -212, data: null });
  });
});

describe('merging the browser cart', () => {
  it('at registration', async () => {
    const customer = await signUp(shop, {
      cart: [item('robe-s', 2), { goodsSpecificationId: 999_999, goodsQuantity: 1 }],
    });
    const cart = await shop.get<Cart>('/shoppingcart/queryShoppingCartList', as(customer));
    expect(quantities(cart.body.data)).toEqual({ [ids['robe-s']]: 2 });
  });

  it('at sign-in: quantities add, capped at 100; unknown specifications are skipped', async () => {
    const customer = await signUp(shop);
    await shop.post('/shoppingcart/addShoppingCart', item('robe-s', 95), as(customer));
    const response = await signIn(shop, customer.email, DEFAULT_PASSWORD, {
      cart: [item('robe-s', 10), item('brief-retired', 1), { goodsSpecificationId: 999_999, goodsQuantity: 1 }],
    });
    expect(response.body.code).toBe(1);
    const cart = await shop.get<Cart>('/shoppingcart/queryShoppingCartList', as(customer));
    expect(quantities(cart.body.data)).toEqual({ [ids['robe-s']]: 100, [ids['brief-retired']]: 1 });
  });

  it('with mergeShoppingCart, answering the merged cart', async () => {
    const customer = await signUp(shop);
    await shop.post('/shoppingcart/addShoppingCart', item('robe-m', 1), as(customer));
    const merged = await shop.post<Cart>(
      '/shoppingcart/mergeShoppingCart',
      [item('robe-m', 1), item('robe-s', 4), item('robe-s', 4)],
      as(customer),
    );
    expect(quantities(merged.body.data)).toEqual({ [ids['robe-m']]: 2, [ids['robe-s']]: 8 });
    expect(merged.body.data.total).toBe(10);
  });
});
