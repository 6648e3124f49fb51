import { and, asc, avg, count, desc, eq, gt, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import * as ErrorCode from '@/lib/error-codes';
import { comments, products, productSizes } from '@/server/db/schema';
import { ShopError } from '@/server/http/errors';
import { productsNotSoldAt } from '@/features/sales-rules/sales-rules.service';
import {
  withoutStock,
  type CommentPage,
  type ProductOption,
  type ProductStock,
  type ProductSummary,
  type PublishedProductDetails,
} from './catalogue.schema';
import { approved, loadProducts, roundRating, toSummary, type CatalogueReader } from './catalogue-products.service';

/*
 * The storefront's catalogue reads: a product's stock, details, recommendations, reviews and the
 * energy-gift options. The product list and its search are in catalogue-search.service.ts; loading
 * products in the reader's language and currency is in catalogue-products.service.ts; both are
 * re-exported here, so callers keep one entry to the catalogue.
 */

/** Live availability (on sale, stock per size) of the products in `ids`; unknown ids are left out. */
export async function getProductStock(
  { db, cache }: CatalogueReader,
  ids: number[],
  destination?: { country: string; state: string },
): Promise<ProductStock[]> {
  const notSold = destination ? await productsNotSoldAt({ db, cache }, ids, destination) : new Set<number>();
  const rows = await db
    .select({
      goodsId: products.id,
      onSale: products.onSale,
      specificationId: productSizes.id,
      stock: productSizes.stock,
    })
    .from(products)
    .leftJoin(productSizes, eq(productSizes.goodsId, products.id))
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id), asc(productSizes.position), asc(productSizes.id));
  const byId = new Map<number, ProductStock>();
  for (const row of rows) {
    const product = byId.get(row.goodsId) ?? {
      goodsId: row.goodsId,
      onSale: row.onSale,
      inStock: false,
      specifications: [],
      notSoldThere: notSold.has(row.goodsId),
    };
    if (row.specificationId !== null && row.stock !== null) {
      product.specifications.push({ goodsSpecificationId: row.specificationId, stock: row.stock });
      product.inStock ||= row.stock > 0;
    }
    byId.set(row.goodsId, product);
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One product as the public, cacheable answer has it: without stock counts (see `withoutStock`). */
export async function getProductDetails(reader: CatalogueReader, goodsId: number): Promise<PublishedProductDetails> {
  const [product] = await loadProducts(reader, [goodsId]);
  if (!product) throw new ShopError(ErrorCode.ProductNotFound);
  return withoutStock(product);
}

/** "You may also like": the same category first, then best sellers; never the product itself. */
export async function getRecommendations(
  reader: CatalogueReader,
  goodsId: number,
  size: number,
): Promise<ProductSummary[]> {
  const [product] = await reader.db
    .select({ category: products.category })
    .from(products)
    .where(eq(products.id, goodsId));
  if (!product) throw new ShopError(ErrorCode.ProductNotFound);
  const rows = await reader.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.onSale, true), ne(products.id, goodsId)))
    .orderBy(desc(sql`${products.category} = ${product.category}`), desc(products.soldCount), asc(products.id))
    .limit(size);
  return (
    await loadProducts(
      reader,
      rows.map((row) => row.id),
    )
  ).map(toSummary);
}

export async function getNewArrivals(reader: CatalogueReader, size: number): Promise<ProductSummary[]> {
  const rows = await reader.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.onSale, true))
    .orderBy(desc(products.arrivedAt), asc(products.id))
    .limit(size);
  return (
    await loadProducts(
      reader,
      rows.map((row) => row.id),
    )
  ).map(toSummary);
}

/** A product's reviews: those written in the reader's language first, then the others, each newest first. */
export async function getProductCommentList(
  { db, language }: CatalogueReader,
  query: { goodsId: number; pageNum: number; pageSize: number },
): Promise<CommentPage> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, query.goodsId));
  if (!product) throw new ShopError(ErrorCode.ProductNotFound);
  const [summary] = await db
    .select({ total: count(), average: avg(comments.rating) })
    .from(comments)
    .where(and(eq(comments.goodsId, query.goodsId), approved));
  const rows = await db
    .select()
    .from(comments)
    .where(and(eq(comments.goodsId, query.goodsId), approved))
    .orderBy(desc(sql`${comments.language} = ${language}`), desc(comments.createdAt), desc(comments.id))
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  return {
    list: rows.map((row) => ({
      commentId: row.id,
      rating: row.rating,
      authorName: row.authorName,
      language: row.language,
      title: row.title,
      content: row.content,
      verified: row.verified,
      createTime: row.createdAt.toISOString(),
    })),
    total: summary?.total ?? 0,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    averageRating: roundRating(summary?.average),
  };
}

/** Products and sizes that can be gifted with energy points (share energy). */
export async function getProductOptionList(reader: CatalogueReader): Promise<ProductOption[]> {
  const rows = await reader.db
    .selectDistinct({ id: products.id })
    .from(products)
    .innerJoin(productSizes, eq(productSizes.goodsId, products.id))
    .where(and(eq(products.onSale, true), isNotNull(productSizes.pointsPrice), gt(productSizes.stock, 0)))
    .orderBy(asc(products.id));
  const listed = await loadProducts(
    reader,
    rows.map((row) => row.id),
  );
  return listed.map((product) => ({
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

export async function getProductSpecPoints({ db }: CatalogueReader, goodsSpecificationId: number) {
  const [row] = await db
    .select({
      goodsId: productSizes.goodsId,
      pointsPrice: productSizes.pointsPrice,
      stock: productSizes.stock,
      onSale: products.onSale,
    })
    .from(productSizes)
    .innerJoin(products, eq(products.id, productSizes.goodsId))
    .where(eq(productSizes.id, goodsSpecificationId));
  if (!row) throw new ShopError(ErrorCode.ProductNotFound);
  if (!row.onSale || row.stock === 0) throw new ShopError(ErrorCode.InsufficientStock);
  if (row.pointsPrice === null) throw new ShopError(ErrorCode.IllegalRequest, { field: 'goodsSpecificationId' });
  return { goodsSpecificationId, goodsId: row.goodsId, pointsPrice: row.pointsPrice };
}
