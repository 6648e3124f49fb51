import { and, asc, avg, count, desc, eq, gt, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import { ErrorCode } from '@/lib/error-codes';
import { currencySymbols, type Currency, type Language } from '@/lib/locale';
import type { Executor } from '@/server/db/client';
import {
  comments,
  goods,
  goodsPictures,
  goodsTexts,
  specificationPrices,
  specifications,
  specificationTexts,
} from '@/server/db/schema';
import { ShopError } from '@/server/http/errors';
import type { Category } from './catalog-import.schema';
import type {
  CommentPage,
  ProductDetails,
  ProductOption,
  ProductPage,
  ProductSort,
  ProductSummary,
} from './catalog.schema';

/** What every catalogue read needs: where to read, in which language and currency, how to link pictures. */
export type CatalogReader = {
  db: Executor;
  language: Language;
  currency: Currency;
  pictureUrl: (storageKey: string) => string;
};

export async function queryProductList(
  reader: CatalogReader,
  query: { category?: Category | undefined; sort: ProductSort; pageNum: number; pageSize: number },
): Promise<ProductPage> {
  const { db, currency } = reader;
  const lowestPrice = db
    .select({ goodsId: specifications.goodsId, price: sql<number>`min(${specificationPrices.unitPrice})`.as('price') })
    .from(specifications)
    .innerJoin(
      specificationPrices,
      and(eq(specificationPrices.specificationId, specifications.id), eq(specificationPrices.currency, currency)),
    )
    .groupBy(specifications.goodsId)
    .as('lowest_price');
  const ratings = ratingsSubquery(db);

  const order: Record<ProductSort, SQL[]> = {
    recommended: [desc(goods.soldCount), desc(goods.arrivedAt)],
    'best-selling': [desc(goods.soldCount)],
    newest: [desc(goods.arrivedAt)],
    'price-asc': [sql`${lowestPrice.price} asc nulls last`],
    'price-desc': [sql`${lowestPrice.price} desc nulls last`],
    rating: [sql`${ratings.rating} desc nulls last`, desc(ratings.count)],
  };
  const where = and(eq(goods.onSale, true), query.category ? eq(goods.category, query.category) : undefined);

  const rows = await db
    .select({ id: goods.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(goods)
    .leftJoin(lowestPrice, eq(lowestPrice.goodsId, goods.id))
    .leftJoin(ratings, eq(ratings.goodsId, goods.id))
    .where(where)
    .orderBy(...order[query.sort], asc(goods.id))
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);

  const total = rows[0]?.total ?? (await db.select({ n: count() }).from(goods).where(where))[0]?.n ?? 0;
  const products = await loadProducts(reader, rows.map((row) => row.id));
  return { list: products.map(toSummary), total, pageNum: query.pageNum, pageSize: query.pageSize };
}

export async function getProductDetails(reader: CatalogReader, goodsId: number): Promise<ProductDetails> {
  const [product] = await loadProducts(reader, [goodsId]);
  if (!product) throw new ShopError(ErrorCode.ProductNotFound);
  return product;
}

/** "You may also like": the same category first, then best sellers; never the product itself. */
export async function getRecommendations(reader: CatalogReader, goodsId: number, size: number): Promise<ProductSummary[]> {
  const [product] = await reader.db.select({ category: goods.category }).from(goods).where(eq(goods.id, goodsId));
  if (!product) throw new ShopError(ErrorCode.ProductNotFound);
  const rows = await reader.db
    .select({ id: goods.id })
    .from(goods)
    .where(and(eq(goods.onSale, true), ne(goods.id, goodsId)))
    .orderBy(desc(sql`${goods.category} = ${product.category}`), desc(goods.soldCount), asc(goods.id))
    .limit(size);
  return (await loadProducts(reader, rows.map((row) => row.id))).map(toSummary);
}

export async function getNewArrivals(reader: CatalogReader, size: number): Promise<ProductSummary[]> {
  const rows = await reader.db
    .select({ id: goods.id })
    .from(goods)
    .where(eq(goods.onSale, true))
    .orderBy(desc(goods.arrivedAt), asc(goods.id))
    .limit(size);
  return (await loadProducts(reader, rows.map((row) => row.id))).map(toSummary);
}

export async function getProductCommentList(
  { db }: CatalogReader,
  query: { goodsId: number; pageNum: number; pageSize: number },
): Promise<CommentPage> {
  const [product] = await db.select({ id: goods.id }).from(goods).where(eq(goods.id, query.goodsId));
  if (!product) throw new ShopError(ErrorCode.ProductNotFound);
  const [summary] = await db
    .select({ total: count(), average: avg(comments.rating) })
    .from(comments)
    .where(eq(comments.goodsId, query.goodsId));
  const rows = await db
    .select()
    .from(comments)
    .where(eq(comments.goodsId, query.goodsId))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  return {
    list: rows.map((row) => ({
      commentId: row.id,
      rating: row.rating,
      authorName: row.authorName,
      language: row.language,
      content: row.content,
      createTime: row.createdAt.toISOString(),
    })),
    total: summary?.total ?? 0,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    averageRating: roundRating(summary?.average),
  };
}

/** Products and sizes that can be gifted with energy points (share energy). */
export async function getProductOptionList(reader: CatalogReader): Promise<ProductOption[]> {
  const rows = await reader.db
    .selectDistinct({ id: goods.id })
    .from(goods)
    .innerJoin(specifications, eq(specifications.goodsId, goods.id))
    .where(and(eq(goods.onSale, true), isNotNull(specifications.pointsPrice), gt(specifications.stock, 0)))
    .orderBy(asc(goods.id));
  const products = await loadProducts(reader, rows.map((row) => row.id));
  return products.map((product) => ({
    goodsId: product.goodsId,
    goodsName: product.goodsName,
    picture: product.picture,
    specifications: product.specifications.flatMap((specification) =>
      specification.pointsPrice !== null && specification.stock > 0
        ? [
            {
              goodsSpecificationId: specification.goodsSpecificationId,
              specificationName: specification.specificationName,
              pointsPrice: specification.pointsPrice,
            },
          ]
        : [],
    ),
  }));
}

export async function getProductSpecPoints({ db }: CatalogReader, goodsSpecificationId: number) {
  const [row] = await db
    .select({ goodsId: specifications.goodsId, pointsPrice: specifications.pointsPrice, stock: specifications.stock, onSale: goods.onSale })
    .from(specifications)
    .innerJoin(goods, eq(goods.id, specifications.goodsId))
    .where(eq(specifications.id, goodsSpecificationId));
  if (!row) throw new ShopError(ErrorCode.ProductNotFound);
  if (!row.onSale || row.stock === 0) throw new ShopError(ErrorCode.InsufficientStock);
  if (row.pointsPrice === null) throw new ShopError(ErrorCode.IllegalRequest, { field: 'goodsSpecificationId' });
  return { goodsSpecificationId, goodsId: row.goodsId, pointsPrice: row.pointsPrice };
}

/* ── Loading products in the reader's language and currency ─────────────────────────────────── */

function ratingsSubquery(db: Executor) {
  return db
    .select({
      goodsId: comments.goodsId,
      rating: sql<string>`avg(${comments.rating})`.as('rating'),
      count: sql<number>`count(*)`.mapWith(Number).as('count'),
    })
    .from(comments)
    .groupBy(comments.goodsId)
    .as('ratings');
}

/** Loads whole products in the order of `ids`; ids that do not exist are left out. */
export async function loadProducts(reader: CatalogReader, ids: number[]): Promise<ProductDetails[]> {
  if (ids.length === 0) return [];
  const { db, language, currency, pictureUrl } = reader;
  const ratings = ratingsSubquery(db);
  const [products, pictures, specs] = await Promise.all([
    db
      .select({ goods, text: goodsTexts, rating: ratings.rating, commentCount: ratings.count })
      .from(goods)
      .innerJoin(goodsTexts, and(eq(goodsTexts.goodsId, goods.id), eq(goodsTexts.language, language)))
      .leftJoin(ratings, eq(ratings.goodsId, goods.id))
      .where(inArray(goods.id, ids)),
    db.select().from(goodsPictures).where(inArray(goodsPictures.goodsId, ids)).orderBy(asc(goodsPictures.position)),
    db
      .select({ specification: specifications, name: specificationTexts.name, price: specificationPrices })
      .from(specifications)
      .innerJoin(
        specificationTexts,
        and(eq(specificationTexts.specificationId, specifications.id), eq(specificationTexts.language, language)),
      )
      .leftJoin(
        specificationPrices,
        and(eq(specificationPrices.specificationId, specifications.id), eq(specificationPrices.currency, currency)),
      )
      .where(inArray(specifications.goodsId, ids))
      .orderBy(asc(specifications.position), asc(specifications.id)),
  ]);

  const byId = new Map(
    products.map(({ goods: product, text, rating, commentCount }) => {
      const ownPictures = pictures
        .filter((picture) => picture.goodsId === product.id)
        .map((picture) => ({ url: pictureUrl(picture.storageKey), width: picture.width, height: picture.height }));
      const ownSpecs = specs
        .filter((row) => row.specification.goodsId === product.id)
        .map(({ specification, name, price }) => ({
          goodsSpecificationId: specification.id,
          specificationName: name,
          stock: specification.stock,
          pointsPrice: specification.pointsPrice,
          currency,
          symbol: currencySymbols[currency],
          unitPrice: price?.unitPrice ?? null,
          originalPrice: price ? (price.originalPrice ?? price.unitPrice) : null,
        }));
      const cheapest = ownSpecs
        .filter((spec) => spec.unitPrice !== null)
        .sort((a, b) => (a.unitPrice ?? 0) - (b.unitPrice ?? 0))[0];
      const details: ProductDetails = {
        goodsId: product.id,
        slug: product.slug,
        category: product.category,
        goodsName: text.name,
        summary: text.summary,
        description: text.description,
        picture: ownPictures[0] ?? null,
        pictures: ownPictures,
        currency,
        symbol: currencySymbols[currency],
        unitPrice: cheapest?.unitPrice ?? null,
        originalPrice: cheapest?.originalPrice ?? null,
        rating: roundRating(rating),
        commentCount: commentCount ?? 0,
        inStock: ownSpecs.some((spec) => spec.stock > 0),
        onSale: product.onSale,
        arrivedAt: product.arrivedAt.toISOString(),
        specifications: ownSpecs,
      };
      return [product.id, details] as const;
    }),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export function toSummary(product: ProductDetails): ProductSummary {
  const { description: _description, pictures: _pictures, specifications: _specifications, ...summary } = product;
  return summary;
}

function roundRating(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  return Math.round(Number(value) * 10) / 10;
}
