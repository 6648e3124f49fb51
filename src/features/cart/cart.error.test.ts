import { describe, expect, it } from 'vitest';
import type { Cart } from './cart.schema';
import type { CartSku } from './fixtures/cart-catalogue';
import { aShop, aCustomer } from '../../../tests/support/fixtures';

const shop = await aShop({ catalogue: 'small' });
const { ids } = shop;
const customer = await aCustomer(shop);

const item = (sku: CartSku, goodsQuantity: number) => ({ goodsSpecificationId: ids[sku], goodsQuantity });
const add = (body: unknown, init: { language?: string; currency?: string } = {}) =>
  shop.post<Cart>('/shoppingcart/addShoppingCart', body, { headers: customer.headers, ...init });
const update = (body: unknown, init: { language?: string; currency?: string } = {}) =>
  shop.call<Cart>('PUT', '/shoppingcart/updateShoppingCart', { body, headers: customer.headers, ...init });
const cart = async () =>
  (await shop.get<Cart>('/shoppingcart/queryShoppingCartList', { headers: customer.headers })).body.data;

describe('adding and updating refuse', () => {
  it('an unknown specification with -210', async () => {
    for (const call of [add, update]) {
      const response = await call({ goodsSpecificationId: 999_999, goodsQuantity: 1 }, { language: 'ZH' });
      expect(response.body).toMatchObject({ code: -210, message: '该商品不存在' });
      expect(response.status).toBe(404);
    }
  });

  it('a product taken down, or sold out, with -231', async () => {
    for (const call of [add, update]) {
      expect((await call(item('brief-retired', 1))).body.code).toBe(-231);
      expect((await call(item('mini-sold-out', 1))).body.code).toBe(-231);
    }
  });

  it('more than the stock with -231, leaving the line as it was', async () => {
    expect((await add(item('robe-m', 4))).body.code).toBe(-231);
    expect((await add(item('robe-m', 2))).body.code).toBe(1);
    expect((await add(item('robe-m', 2))).body.code).toBe(-231);
    expect((await update(item('robe-m', 4))).body.code).toBe(-231);
    expect((await cart()).list.find((line) => line.goodsSpecificationId === ids['robe-m'])?.goodsQuantity).toBe(2);
    expect((await update(item('robe-m', 3))).body.code).toBe(1);
  });

  it('a specification without a price in the request currency with -222, in the request language', async () => {
    const inYuan = await add(item('oil-usd-only', 1), { currency: 'CNY', language: 'MS' });
    expect(inYuan.body).toMatchObject({ code: -222, message: 'Produk ini tidak boleh dibayar dalam mata wang semasa' });
    expect((await update(item('oil-usd-only', 1), { currency: 'MYR' })).body.code).toBe(-222);
    expect((await add(item('oil-usd-only', 1), { currency: 'USD' })).body.code).toBe(1);
  });

  it.each([
    ['zero', 0],
    ['negative', -1],
    ['over 100', 101],
    ['fractional', 1.5],
    ['text', '2'],
    ['missing', undefined],
  ])('a %s quantity with -218 naming goodsQuantity', async (_case, goodsQuantity) => {
    for (const call of [add, update]) {
      const response = await call({ goodsSpecificationId: ids['robe-s'], goodsQuantity });
      expect(response.body.code).toBe(-218);
      expect(response.body.message).toContain('goodsQuantity');
    }
  });

  it('a malformed specification id with -218', async () => {
    expect((await add({ goodsSpecificationId: 'robe', goodsQuantity: 1 })).body.message).toContain(
      'goodsSpecificationId',
    );
    const remove = await shop.call('DELETE', '/shoppingcart/deleteShoppingCart?goodsSpecificationId=abc', {
      headers: customer.headers,
    });
    expect(remove.body.code).toBe(-218);
  });
});

describe('pricing a browser cart refuses', () => {
  it('an unknown specification in getSpecData with -210', async () => {
    const response = await shop.post('/shoppingcart/getSpecData', [
      item('robe-s', 1),
      { goodsSpecificationId: 999_999, goodsQuantity: 1 },
    ]);
    expect(response.body.code).toBe(-210);
  });

  it('quantities outside 1–100, a body that is not a list, and more than 100 lines, with -218', async () => {
    expect((await shop.post('/shoppingcart/getShoppingCartList', [item('robe-s', 0)])).body.code).toBe(-218);
    expect((await shop.post('/shoppingcart/getShoppingCartList', { list: [] })).body.code).toBe(-218);
    const tooMany = Array.from({ length: 101 }, () => item('robe-s', 1));
    expect((await shop.post('/shoppingcart/getShoppingCartList', tooMany)).body.code).toBe(-218);
    expect((await shop.post('/shoppingcart/mergeShoppingCart', tooMany, { headers: customer.headers })).body.code).toBe(
      -218,
    );
  });
});
