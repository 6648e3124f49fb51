import { describe, expect, it } from 'vitest';
import type { AdvertsByPosition } from '@/features/advertising/advertising.schema';
import { allVariants } from '@/edge/rewrite';
import {
  advertsByPosition,
  bestRatedReviews,
  commentPage,
  firstListPage,
  newArrivals,
  productIn,
  recommendations,
  type CatalogueSnapshot,
} from './snapshot';
import { categories } from '@/lib/categories';
import type { CommentPage, ProductDetails, ProductPage, ProductSummary } from '@/features/catalogue/catalogue.schema';
import { aShop } from '../../tests/support/fixtures';

const shop = await aShop({ catalogue: 'demo' });
// The first product's pictures are described in English and Chinese; in Malay its name stands in.
await shop.db.execute(`insert into goods_picture_texts (picture_id, language, alt)
  select id, language, 'Picture ' || position || ' in ' || language from goods_pictures, (values ('EN'), ('ZH')) as languages(language)
  where goods_id = (select min(id) from goods where on_sale)`);
const answer = await shop.get<CatalogueSnapshot>('/goods/catalogueSnapshot');
expect(answer.body.code).toBe(1);
const snapshot = answer.body.data;

/* The pages render from one snapshot; what they show must be what the API answers the browser. */
describe.each(allVariants)('the catalogue snapshot in $language/$currency', (variant) => {
  const get = async <T>(path: string) => (await shop.get<T>(path, variant)).body.data;

  it('describes every product as its details endpoint does', async () => {
    const listed = await get<ProductPage>('/goods/queryProductList?pageSize=48');
    expect(snapshot.products.map((product) => product.goodsId).sort()).toEqual(
      listed.list.map((product) => product.goodsId).sort(),
    );
    for (const product of snapshot.products) {
      expect(productIn(product, variant)).toEqual(
        await get<ProductDetails>(`/goods/getProductDetails?goodsId=${product.goodsId}`),
      );
      expect(commentPage(product, variant.language)).toEqual(
        await get<CommentPage>(`/goods/comment/getProductCommentList?goodsId=${product.goodsId}&pageSize=5`),
      );
      expect(recommendations(snapshot, variant, product)).toEqual(
        await get<ProductSummary[]>(`/goods/recommendations?goodsId=${product.goodsId}&size=4`),
      );
    }
  });

  it('lists, orders and quotes as the list, new-arrival, review and advert endpoints do', async () => {
    expect(firstListPage(snapshot, variant, null)).toEqual(
      await get<ProductPage>('/goods/queryProductList?pageSize=12'),
    );
    for (const category of categories) {
      expect(firstListPage(snapshot, variant, category)).toEqual(
        await get<ProductPage>(`/goods/queryProductList?pageSize=12&category=${category}`),
      );
    }
    expect(newArrivals(snapshot, variant)).toEqual(await get<ProductSummary[]>('/goods/newArrivals?size=8'));
    const bestRated = await get<ProductPage>('/goods/queryProductList?sort=rating&pageSize=3');
    const reviews = [];
    for (const product of bestRated.list) {
      const comments = await get<CommentPage>(
        `/goods/comment/getProductCommentList?goodsId=${product.goodsId}&pageSize=2`,
      );
      reviews.push(...comments.list.map((comment) => ({ ...comment, product })));
    }
    expect(bestRatedReviews(snapshot, variant)).toEqual(reviews);
    const positions = ['home-banner', 'go-to-buy', 'why-us', 'new-arrivals'];
    const adverts = (
      await shop.post<AdvertsByPosition>('/advertising/batchGetAdvertisingPosition', { positions }, variant)
    ).body.data;
    expect(advertsByPosition(snapshot, variant, positions)).toEqual(adverts);
  });
});

describe('the catalogue snapshot', () => {
  it("keeps the pictures' alt texts: the reader's language, the product's name where none is written", () => {
    const [first] = snapshot.products;
    const alts = (language: 'EN' | 'ZH' | 'MS') =>
      productIn(first!, { language, currency: 'USD' })!.pictures.map((picture) => picture.alt);
    expect(alts('ZH')).toEqual(first!.pictures.map((_, position) => `Picture ${position} in ZH`));
    expect(alts('MS')).toEqual(first!.pictures.map(() => first!.texts.MS!.goodsName));
    expect(productIn(first!, { language: 'EN', currency: 'USD' })!.picture?.alt).toBe('Picture 0 in EN');
  });

  it('leaves out a product taken down and shows a new price', async () => {
    const [first] = snapshot.products;
    if (!first) throw new Error('the demo catalogue has products');
    const spec = first.specifications[0]!;
    await shop.db.execute(
      `update specification_prices set unit_price = 4321 where specification_id = ${spec.goodsSpecificationId} and currency = 'USD'`,
    );
    const second = snapshot.products[1]!;
    await shop.db.execute(`update goods set on_sale = false where id = ${second.goodsId}`);
    const after = (await shop.get<CatalogueSnapshot>('/goods/catalogueSnapshot')).body.data;
    expect(after.products.find((product) => product.goodsId === second.goodsId)).toBeUndefined();
    expect(
      after.products.find((product) => product.goodsId === first.goodsId)?.specifications[0]?.prices.USD?.unitPrice,
    ).toBe(4321);
  });
});
