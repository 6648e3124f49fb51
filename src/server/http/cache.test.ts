import { describe, expect, it } from 'vitest';
import type { ProductPage } from '@/features/catalogue/catalogue.schema';
import { signUp } from '../../../tests/support/customers';
import { aShop } from '../../../tests/support/fixtures';

const shop = await aShop({ catalogue: 'demo' });
const goodsId = (await shop.get<ProductPage>('/goods/queryProductList?pageSize=1')).body.data.list[0]!.goodsId;

describe('public reads', () => {
  const reads = () => [
    '/goods/queryProductList?pageSize=12',
    `/goods/getProductDetails?goodsId=${goodsId}`,
    `/goods/comment/getProductCommentList?goodsId=${goodsId}`,
    '/advertising/getAdvertisingList?position=home-banner',
    '/site/getSiteInfo',
  ];

  it('may be kept by a CDN briefly, served stale while it asks again, and vary by language and currency', async () => {
    for (const path of reads()) {
      const answer = await shop.get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('Cache-Control'), path).toBe('public, max-age=60, stale-while-revalidate=600');
      expect(answer.headers.get('Vary'), path).toContain('Language');
      expect(answer.headers.get('Vary'), path).toContain('Currency');
      expect(answer.headers.get('ETag'), path).toMatch(/^"[0-9a-f]+"$/);
    }
  });

  it('answer 304 without a body when the copy a client holds is still current', async () => {
    for (const path of reads()) {
      const first = await shop.get(path);
      const again = await shop.get(path, { headers: { 'If-None-Match': first.headers.get('ETag')! } });
      expect(again.status, path).toBe(304);
      expect(await again.response.text(), path).toBe('');
      expect(again.headers.get('Cache-Control'), path).toContain('public');
    }
  });

  it('answer in full once the content changed, or for another language', async () => {
    const path = `/goods/getProductDetails?goodsId=${goodsId}`;
    const before = await shop.get(path);
    const chinese = await shop.get(path, { language: 'ZH', headers: { 'If-None-Match': before.headers.get('ETag')! } });
    expect(chinese.status).toBe(200);
    await shop.db.execute(
      `update goods_texts set name = 'Renamed robe' where goods_id = ${goodsId} and language = 'EN'`,
    );
    const after = await shop.get<{ goodsName: string }>(path, {
      headers: { 'If-None-Match': before.headers.get('ETag')! },
    });
    expect(after.status).toBe(200);
    expect(after.body.data.goodsName).toBe('Renamed robe');
    expect(after.headers.get('ETag')).not.toBe(before.headers.get('ETag'));
  });

  it('are not cached when they fail', async () => {
    const missing = await shop.get('/goods/getProductDetails?goodsId=999999');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('Cache-Control')).toBe('no-store');
  });
});

describe('personal reads', () => {
  it('stay no-store, signed in or not', async () => {
    const customer = await signUp(shop);
    const cart = await shop.get('/shoppingcart/queryShoppingCartList', { headers: customer.headers });
    expect(cart.status).toBe(200);
    expect(cart.headers.get('Cache-Control')).toBe('no-store');
    expect(cart.headers.get('ETag')).toBeNull();
    const anonymous = await shop.get('/shoppingcart/queryShoppingCartList');
    expect(anonymous.headers.get('Cache-Control')).toBe('no-store');
  });
});
