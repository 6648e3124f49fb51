import { describe, expect, it } from 'vitest';
import { demoCatalogue } from '@/features/catalogue/demo/demo-catalogue';
import type { ProductDetails, ProductPage } from './catalogue.schema';
import { aShop } from '../../../tests/support/fixtures';

const shop = await aShop({ catalogue: 'demo' });

describe('goods: errors and bad input', () => {
  it('answers -210 for a product that does not exist, in the request language', async () => {
    const missing = await shop.get('/goods/getProductDetails?goodsId=999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: -210, data: null, message: 'This product does not exist' });
    const chinese = await shop.get('/goods/getProductDetails?goodsId=999999', { language: 'ZH' });
    expect(chinese.body.message).toBe('该商品不存在');
    expect((await shop.get('/goods/recommendations?goodsId=999999')).body.code).toBe(-210);
    expect((await shop.get('/goods/comment/getProductCommentList?goodsId=999999')).body.code).toBe(-210);
    expect((await shop.get('/goods/getProductSpecPoints?goodsSpecificationId=999999')).body.code).toBe(-210);
  });

  it.each([
    ['/goods/getProductDetails', 'goodsId'],
    ['/goods/getProductDetails?goodsId=abc', 'goodsId'],
    ['/goods/getProductDetails?goodsId=-3', 'goodsId'],
    ['/goods/queryProductList?category=weapons', 'category'],
    ['/goods/queryProductList?sort=random', 'sort'],
    ['/goods/queryProductList?pageSize=1000', 'pageSize'],
    ['/goods/queryProductList?pageNum=0', 'pageNum'],
    ['/goods/newArrivals?size=0', 'size'],
    [`/goods/queryProductList?q=${'a'.repeat(61)}`, 'q'],
    ['/goods/queryProductStock', 'goodsIds'],
    ['/goods/queryProductStock?goodsIds=1,,2', 'goodsIds'],
    ['/goods/queryProductStock?goodsIds=1;drop', 'goodsIds'],
    [`/goods/queryProductStock?goodsIds=${Array.from({ length: 49 }, (_, index) => index + 1).join(',')}`, 'goodsIds'],
  ])('answers -218 naming the field for %s', async (path, field) => {
    const response = await shop.get(path);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(-218);
    expect(response.body.message).toContain(field);
  });

  it('keeps a taken-down product out of lists but answers its details as not on sale', async () => {
    const takenDown = demoCatalogue.products!.find((product) => product.onSale === false)!;
    expect(takenDown).toBeDefined();
    const list = await shop.get<ProductPage>('/goods/queryProductList?pageSize=48');
    expect(list.body.data.list.map((product) => product.slug)).not.toContain(takenDown.slug);
    const ids = Array.from({ length: demoCatalogue.products!.length }, (_, index) => index + 1);
    const all = await Promise.all(ids.map((id) => shop.get<ProductDetails>(`/goods/getProductDetails?goodsId=${id}`)));
    const details = all.find((response) => response.body.data?.slug === takenDown.slug);
    expect(details?.body.data.onSale).toBe(false);
  });

  it('answers an unknown path with -218, never a stack', async () => {
    const response = await shop.get('/goods/doesNotExist');
    expect(response.status).toBe(404);
    expect(response.body.code).toBe(-218);
  });
});
