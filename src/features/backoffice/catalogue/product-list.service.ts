import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { languages } from '@/lib/locale';
import type { Executor } from '@/server/db/client';
import { products, productTexts, productSizes } from '@/server/db/schema';
import type { CatalogueQuery } from './catalogue.schema';

/* The back office's product list: a page of products with their sizes, stock and the languages they still lack. */

/** One page of products, matching the search, category and on-sale filters. */
export async function findProducts(db: Executor, query: CatalogueQuery) {
  const filters: SQL[] = [];
  if (query.category) filters.push(eq(products.category, query.category));
  if (query.onSale) filters.push(eq(products.onSale, query.onSale === 'yes'));
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    const named = db.select({ id: productTexts.goodsId }).from(productTexts).where(ilike(productTexts.name, pattern));
    filters.push(or(ilike(products.slug, pattern), inArray(products.id, named))!);
  }
  const where = filters.length ? and(...filters) : undefined;
  const [total] = await db.select({ n: count() }).from(products).where(where);
  const rows = await db
    .select({ id: products.id, slug: products.slug, category: products.category, onSale: products.onSale })
    .from(products)
    .where(where)
    .orderBy(asc(products.slug))
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  const ids = rows.map((row) => row.id);
  const texts = ids.length ? await db.select().from(productTexts).where(inArray(productTexts.goodsId, ids)) : [];
  const sizes = ids.length
    ? await db
        .select({
          goodsId: productSizes.goodsId,
          sizes: count(),
          stock: sql<number>`coalesce(sum(${productSizes.stock}), 0)::int`,
        })
        .from(productSizes)
        .where(inArray(productSizes.goodsId, ids))
        .groupBy(productSizes.goodsId)
    : [];
  return {
    list: rows.map((row) => {
      const own = texts.filter((text) => text.goodsId === row.id);
      const size = sizes.find((entry) => entry.goodsId === row.id);
      return {
        slug: row.slug,
        category: row.category,
        onSale: row.onSale,
        name: own.find((text) => text.language === 'EN')?.name ?? row.slug,
        sizes: size?.sizes ?? 0,
        stock: Number(size?.stock ?? 0),
        missingLanguages: languages.filter((language) => {
          const text = own.find((entry) => entry.language === language);
          return !text || !text.name.trim() || !text.summary.trim() || !text.description.trim();
        }),
      };
    }),
    total: total?.n ?? 0,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}
