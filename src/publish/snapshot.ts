import type { Advert, AdvertsByPosition } from '@/features/advertising/advertising.schema';
import { currencySymbols, type Currency, type Language } from '@/lib/locale';
import type { Category } from '@/lib/categories';
import {
  pictureIndexWithin,
  withoutStock,
  type CatalogueSnapshot,
  type CommentPage,
  type ProductSummary,
  type PublishedProductDetails,
} from '@/features/catalogue/catalogue.schema';

/*
 * The catalogue as the pages see it at one moment: every product on sale with its texts in all
 * languages and prices in all currencies, the adverts, and the reviews the pages quote. The build
 * reads it once (a few bulk queries, or one API call) and renders every page from it; the functions
 * below answer what the API's goods and advertising endpoints answer, from the snapshot.
 */

export type { CatalogueSnapshot };
export type SnapshotProduct = CatalogueSnapshot['products'][number];
export type SnapshotAdvert = CatalogueSnapshot['adverts'][number];
export type SnapshotComment = SnapshotProduct['latestComments'][number];

export type Reader = { language: Language; currency: Currency };

/** How many reviews a snapshot keeps per product: what the details page shows. */
export const SNAPSHOT_COMMENTS = 5;

/** A product in one language and currency, as `goods/getProductDetails` answers it; null without texts in that language. */
export function productIn(product: SnapshotProduct, { language, currency }: Reader): PublishedProductDetails | null {
  const text = product.texts[language];
  if (!text) return null;
  const specifications = product.specifications.flatMap((specification) => {
    const name = specification.names[language];
    if (name === undefined) return [];
    const price = specification.prices[currency];
    return [
      {
        goodsSpecificationId: specification.goodsSpecificationId,
        specificationName: name,
        stock: specification.stock,
        pointsPrice: specification.pointsPrice,
        pictureIndex: pictureIndexWithin(specification.pictureIndex, product.pictures.length),
        currency,
        symbol: currencySymbols[currency],
        unitPrice: price?.unitPrice ?? null,
        originalPrice: price ? (price.originalPrice ?? price.unitPrice) : null,
      },
    ];
  });
  const cheapest = specifications
    .filter((spec) => spec.unitPrice !== null)
    .sort((a, b) => (a.unitPrice ?? 0) - (b.unitPrice ?? 0))[0];
  const pictures = product.pictures.map(({ alt, ...picture }) => ({
    ...picture,
    alt: alt[language] || text.goodsName,
  }));
  return withoutStock({
    goodsId: product.goodsId,
    slug: product.slug,
    category: product.category,
    goodsName: text.goodsName,
    summary: text.summary,
    description: text.description,
    picture: pictures[0] ?? null,
    pictures,
    currency,
    symbol: currencySymbols[currency],
    unitPrice: cheapest?.unitPrice ?? null,
    originalPrice: cheapest?.originalPrice ?? null,
    rating: averageRating(product),
    commentCount: product.commentCount,
    inStock: specifications.some((spec) => spec.stock > 0),
    onSale: true,
    arrivedAt: product.arrivedAt,
    specifications,
  });
}

export function summaryIn(product: SnapshotProduct, reader: Reader): ProductSummary | null {
  const details = productIn(product, reader);
  if (!details) return null;
  const { description: _description, pictures: _pictures, specifications: _specifications, ...summary } = details;
  return summary;
}

export const summariesIn = (products: SnapshotProduct[], reader: Reader) =>
  products.flatMap((product) => summaryIn(product, reader) ?? []);

const averageRating = (product: SnapshotProduct) =>
  product.commentCount === 0 ? null : Math.round((product.ratingSum / product.commentCount) * 10) / 10;

type Order = (a: SnapshotProduct, b: SnapshotProduct) => number;
const byId: Order = (a, b) => a.goodsId - b.goodsId;
const newestFirst: Order = (a, b) => (a.arrivedAt < b.arrivedAt ? 1 : a.arrivedAt > b.arrivedAt ? -1 : 0);
const bestSellingFirst: Order = (a, b) => b.soldCount - a.soldCount;
const then =
  (...orders: Order[]): Order =>
  (a, b) => {
    for (const order of orders) {
      const result = order(a, b);
      if (result !== 0) return result;
    }
    return 0;
  };
const bestRatedFirst: Order = (a, b) => {
  const rating = (product: SnapshotProduct) =>
    product.commentCount === 0 ? -Infinity : product.ratingSum / product.commentCount;
  return rating(b) - rating(a) || b.commentCount - a.commentCount;
};

/** The first page of `goods/queryProductList` in the default (recommended) order. */
export function firstListPage(snapshot: CatalogueSnapshot, reader: Reader, category: Category | null, pageSize = 12) {
  const { listed } = indexOf(snapshot);
  let matching = listed.get(category);
  if (!matching)
    listed.set(
      category,
      (matching = snapshot.products
        .filter((product) => category === null || product.category === category)
        .sort(then(bestSellingFirst, newestFirst, byId))),
    );
  return { list: summariesIn(matching.slice(0, pageSize), reader), total: matching.length, pageNum: 1, pageSize };
}

/** `goods/newArrivals`. */
export const newArrivals = (snapshot: CatalogueSnapshot, reader: Reader, size = 8) =>
  summariesIn(indexOf(snapshot).newest.slice(0, size), reader);

/** The best-rated products with their newest reviews, for the home page. */
export function bestRatedReviews(snapshot: CatalogueSnapshot, reader: Reader, products = 3, reviewsEach = 2) {
  return indexOf(snapshot)
    .bestRated.slice(0, products)
    .flatMap((product) => {
      const summary = summaryIn(product, reader);
      return summary
        ? readerFirst(product, reader.language)
            .slice(0, reviewsEach)
            .map((comment) => ({ ...comment, product: summary }))
        : [];
    });
}

/**
 * Orders and look-ups the pages ask for, worked out once per snapshot: a publish lists every
 * language and currency of each list and of the home page (docs/decisions/095).
 */
type Index = {
  bySales: SnapshotProduct[];
  byId: Map<number, SnapshotProduct>;
  newest: SnapshotProduct[];
  bestRated: SnapshotProduct[];
  /** A category's products (null: all) in the list's default order, as the lists ask for them. */
  listed: Map<Category | null, SnapshotProduct[]>;
};
const indexes = new WeakMap<CatalogueSnapshot, Index>();
function indexOf(snapshot: CatalogueSnapshot): Index {
  let index = indexes.get(snapshot);
  if (!index) {
    index = {
      bySales: [...snapshot.products].sort(then(bestSellingFirst, byId)),
      byId: new Map(snapshot.products.map((product) => [product.goodsId, product])),
      newest: [...snapshot.products].sort(then(newestFirst, byId)),
      bestRated: [...snapshot.products].sort(then(bestRatedFirst, byId)),
      listed: new Map(),
    };
    indexes.set(snapshot, index);
  }
  return index;
}

/** The products `goods/recommendations` shows beside `product`: the same category first, then best sellers; never the product itself. */
export function recommendedProducts(
  snapshot: CatalogueSnapshot,
  product: SnapshotProduct,
  size = 4,
): SnapshotProduct[] {
  const picked: SnapshotProduct[] = [];
  const { bySales } = indexOf(snapshot);
  for (const sameCategory of [true, false]) {
    for (const other of bySales) {
      if (picked.length === size) break;
      if (other.goodsId !== product.goodsId && (other.category === product.category) === sameCategory)
        picked.push(other);
    }
  }
  return picked;
}

/** `goods/recommendations`. */
export const recommendations = (snapshot: CatalogueSnapshot, reader: Reader, product: SnapshotProduct, size = 4) =>
  summariesIn(recommendedProducts(snapshot, product, size), reader);

/** The first page of `goods/comment/getProductCommentList`. */
export function commentPage(product: SnapshotProduct, language: Language, pageSize = SNAPSHOT_COMMENTS): CommentPage {
  return {
    list: readerFirst(product, language).slice(0, pageSize),
    total: product.commentCount,
    pageNum: 1,
    pageSize,
    averageRating: averageRating(product),
  };
}

/**
 * A product's newest reviews as the review endpoint orders them: the reader's language first, then
 * the others, each newest first (the snapshot keeps the newest few of each language, newest first).
 */
const readerFirst = (product: SnapshotProduct, language: Language) =>
  [...product.latestComments].sort((a, b) => Number(b.language === language) - Number(a.language === language));

/** `advertising/batchGetAdvertisingPosition`. */
export function advertsByPosition(
  snapshot: CatalogueSnapshot,
  { language }: Pick<Reader, 'language'>,
  positions: string[],
): AdvertsByPosition {
  const inLanguage = snapshot.adverts.flatMap((advert): Advert[] => {
    const text = advert.texts[language];
    return text
      ? [
          {
            advertisingId: advert.advertisingId,
            position: advert.position,
            title: text.title,
            body: text.body,
            link: advert.link,
            picture: advert.picture,
          },
        ]
      : [];
  });
  return Object.fromEntries(
    positions.map((position) => [position, inLanguage.filter((advert) => advert.position === position)]),
  );
}

export const findProduct = (snapshot: CatalogueSnapshot, goodsId: number) =>
  indexOf(snapshot).byId.get(goodsId) ?? null;
