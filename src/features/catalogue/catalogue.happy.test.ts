import { describe, expect, it } from 'vitest';
import type {
  CommentPage,
  ProductDetails,
  ProductOption,
  ProductPage,
  ProductStock,
  ProductSummary,
} from './catalogue.schema';
import { aShop, demoOnSale, demoProductId } from '../../../tests/support/fixtures';

const shop = await aShop({ catalogue: 'demo' });

const onSale = demoOnSale;
const idOf = (slug: string) => demoProductId(shop, slug);

describe('product list', () => {
  it('lists every product on sale, paged, with the total', async () => {
    const first = await shop.get<ProductPage>('/goods/queryProductList?pageNum=1&pageSize=10');
    expect(first.status).toBe(200);
    expect(first.body.code).toBe(1);
    expect(first.body.data.total).toBe(onSale.length);
    expect(first.body.data.list).toHaveLength(10);

    const all: ProductSummary[] = [];
    for (let pageNum = 1; all.length < onSale.length; pageNum++) {
      const page = await shop.get<ProductPage>(`/goods/queryProductList?pageNum=${pageNum}&pageSize=10`);
      expect(page.body.data.list.length).toBeGreaterThan(0);
      all.push(...page.body.data.list);
    }
    expect(new Set(all.map((product) => product.slug))).toEqual(new Set(onSale.map((product) => product.slug)));
  });

  it('filters by category', async () => {
    const page = await shop.get<ProductPage>('/goods/queryProductList?category=health&pageSize=48');
    expect(page.body.data.list.length).toBe(onSale.filter((product) => product.category === 'health').length);
    expect(page.body.data.list.every((product) => product.category === 'health')).toBe(true);
  });

  it('sorts by price in the request currency, products without a price last', async () => {
    for (const currency of ['USD', 'CNY', 'MYR'] as const) {
      const page = await shop.get<ProductPage>('/goods/queryProductList?sort=price-asc&pageSize=48', { currency });
      const prices = page.body.data.list.map((product) => product.unitPrice);
      const priced = prices.filter((price): price is number => price !== null);
      expect(priced).toEqual([...priced].sort((a, b) => a - b));
      expect(prices.slice(priced.length).every((price) => price === null)).toBe(true);
      expect(page.body.data.list.every((product) => product.currency === currency)).toBe(true);
    }
    const descending = await shop.get<ProductPage>('/goods/queryProductList?sort=price-desc&pageSize=48');
    const prices = descending.body.data.list.flatMap((product) =>
      product.unitPrice === null ? [] : [product.unitPrice],
    );
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  it('sorts newest first', async () => {
    const page = await shop.get<ProductPage>('/goods/queryProductList?sort=newest&pageSize=48');
    const dates = page.body.data.list.map((product) => product.arrivedAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('answers in the request language and currency', async () => {
    const [product] = onSale;
    const goodsId = await idOf(product!.slug);
    for (const [language, currency, symbol] of [
      ['EN', 'USD', '$'],
      ['ZH', 'CNY', '￥'],
      ['MS', 'MYR', 'RM'],
    ] as const) {
      const details = await shop.get<ProductDetails>(`/goods/getProductDetails?goodsId=${goodsId}`, {
        language,
        currency,
      });
      expect(details.body.data.goodsName).toBe(product!.name[language]);
      expect(details.body.data.symbol).toBe(symbol);
      const spec = product!.specifications[0]!;
      expect(details.body.data.specifications[0]!.specificationName).toBe(spec.name[language]);
      expect(details.body.data.specifications[0]!.unitPrice).toBe(spec.prices[currency]?.unitPrice ?? null);
    }
  });

  it('falls back to EN and USD for unknown headers', async () => {
    const goodsId = await idOf(onSale[0]!.slug);
    const details = await shop.get<ProductDetails>(`/goods/getProductDetails?goodsId=${goodsId}`, {
      language: 'fr',
      currency: 'EUR',
    });
    expect(details.body.code).toBe(1);
    expect(details.body.data.goodsName).toBe(onSale[0]!.name.EN);
    expect(details.body.data.currency).toBe('USD');
  });
});

describe('product details', () => {
  it('shows pictures with their sizes and every specification with prices; stock counts only live, never in the cached answer', async () => {
    const product = onSale.find((candidate) => candidate.specifications.length > 1)!;
    const goodsId = await idOf(product.slug);
    const details = await shop.get<ProductDetails>(`/goods/getProductDetails?goodsId=${goodsId}`);
    expect(details.body.data.pictures).toHaveLength(product.pictures.length);
    expect(details.body.data.pictures[0]).toMatchObject({ width: 16, height: 16 });
    expect(details.headers.get('Cache-Control')).toBe('public, max-age=60, stale-while-revalidate=600');
    expect(details.body.data.specifications).toHaveLength(product.specifications.length);
    for (const specification of details.body.data.specifications) expect(specification).not.toHaveProperty('stock');
    const live = await shop.get<ProductStock[]>(`/goods/queryProductStock?goodsIds=${goodsId}`);
    expect(live.headers.get('Cache-Control')).toBe('no-store');
    expect(live.body.data[0]!.specifications.map((spec) => spec.stock)).toEqual(
      product.specifications.map((spec) => spec.stock),
    );
    expect(details.body.data.description).toBe(product.description.EN);

    const picture = await shop.app.request(details.body.data.pictures[0]!.url);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('Content-Type')).toBe('image/webp');
    expect(picture.headers.get('Cache-Control')).toContain('immutable');
  });

  it('shows a product whose every size is at stock 0 as out of stock', async () => {
    const soldOut = onSale.find((product) => product.specifications.every((spec) => spec.stock === 0))!;
    expect(soldOut).toBeDefined();
    const details = await shop.get<ProductDetails>(`/goods/getProductDetails?goodsId=${await idOf(soldOut.slug)}`);
    expect(details.body.data.inStock).toBe(false);
  });

  it('shows a size without a price in the currency with no price', async () => {
    const gap = onSale.find((product) => product.specifications.some((spec) => !spec.prices.CNY))!;
    const specIndex = gap.specifications.findIndex((spec) => !spec.prices.CNY);
    const details = await shop.get<ProductDetails>(`/goods/getProductDetails?goodsId=${await idOf(gap.slug)}`, {
      currency: 'CNY',
    });
    expect(details.body.data.specifications[specIndex]!.unitPrice).toBeNull();
    expect(details.body.data.specifications[specIndex]!.originalPrice).toBeNull();
  });
});

describe('recommendations, new arrivals, reviews, gift options', () => {
  it('recommends the same category first and never the product itself', async () => {
    const product = onSale.find((candidate) => candidate.category === 'toys')!;
    const goodsId = await idOf(product.slug);
    const sameCategory = onSale.filter((candidate) => candidate.category === 'toys').length - 1;
    const size = Math.min(sameCategory + 2, 12);
    const list = (await shop.get<ProductSummary[]>(`/goods/recommendations?goodsId=${goodsId}&size=${size}`)).body.data;
    expect(list).toHaveLength(size);
    expect(list.map((item) => item.goodsId)).not.toContain(goodsId);
    expect(list.slice(0, sameCategory).every((item) => item.category === 'toys')).toBe(true);
    expect(list.slice(sameCategory).every((item) => item.category !== 'toys')).toBe(true);
  });

  it('lists new arrivals newest first', async () => {
    const list = (await shop.get<ProductSummary[]>('/goods/newArrivals?size=8')).body.data;
    const newest = [...onSale].sort((a, b) => (a.arrivedDaysAgo ?? 0) - (b.arrivedDaysAgo ?? 0))[0]!;
    expect(list).toHaveLength(8);
    expect(list[0]!.slug).toBe(newest.slug);
  });

  it('pages reviews with the average rating', async () => {
    const product = onSale.reduce((most, candidate) =>
      (candidate.comments?.length ?? 0) > (most.comments?.length ?? 0) ? candidate : most,
    );
    const goodsId = await idOf(product.slug);
    const comments = product.comments ?? [];
    const page = (await shop.get<CommentPage>(`/goods/comment/getProductCommentList?goodsId=${goodsId}&pageSize=2`))
      .body.data;
    expect(page.total).toBe(comments.length);
    expect(page.list).toHaveLength(2);
    const average = comments.reduce((sum, comment) => sum + comment.rating, 0) / comments.length;
    expect(page.averageRating).toBeCloseTo(average, 1);
    // The demo catalogue's reviews were not written by buyers: none is marked as a verified buyer's.
    expect(page.list.map((comment) => comment.verified)).toEqual([false, false]);
  });

  it("puts reviews in the reader's language first, each language newest first", async () => {
    const product = onSale.find(
      (candidate) => new Set(candidate.comments?.map((comment) => comment.language)).size === 3,
    )!;
    const goodsId = await idOf(product.slug);
    for (const language of ['EN', 'ZH', 'MS'] as const) {
      const page = (
        await shop.get<CommentPage>(`/goods/comment/getProductCommentList?goodsId=${goodsId}&pageSize=20`, { language })
      ).body.data;
      const own = product.comments!.filter((comment) => comment.language === language).length;
      expect(own).toBeGreaterThan(0);
      expect(page.list.slice(0, own).every((comment) => comment.language === language)).toBe(true);
      expect(page.list.slice(own).some((comment) => comment.language === language)).toBe(false);
      const ownDates = page.list.slice(0, own).map((comment) => comment.createTime);
      expect(ownDates).toEqual([...ownDates].sort().reverse());
    }
  });

  it('offers only sizes with a points price and stock as gift options', async () => {
    const options = (await shop.get<ProductOption[]>('/goods/getProductOptionList')).body.data;
    expect(options.length).toBeGreaterThan(0);
    for (const option of options) {
      expect(option.specifications.length).toBeGreaterThan(0);
      for (const spec of option.specifications) expect(spec.pointsPrice).toBeGreaterThan(0);
    }
    const spec = options[0]!.specifications[0]!;
    const points = await shop.get<{ pointsPrice: number }>(
      `/goods/getProductSpecPoints?goodsSpecificationId=${spec.goodsSpecificationId}`,
    );
    expect(points.body.data.pointsPrice).toBe(spec.pointsPrice);
  });
});
