import { eq, sql, type SQL } from 'drizzle-orm';
import { currencySymbols, type Currency, type Language } from '@/lib/locale';
import type { CatalogueCache } from '@/server/db/catalogue-cache';
import { executeNamed, rowsOf, type Executor } from '@/server/db/client';
import {
  comments,
  products,
  productPictures,
  productPictureTexts,
  productTexts,
  productSizePrices,
  productSizes,
  productSizeTexts,
} from '@/server/db/schema';
import type { Category } from '@/lib/categories';
import { pictureIndexWithin, type ProductDetails, type ProductSummary } from './catalogue.schema';

/**
 * What every catalogue read needs: where to read, in which language and currency, how to link
 * pictures, and, for reads that show products rather than decide a sale, the products kept until
 * the catalogue changes.
 */
export type CatalogueReader = {
  db: Executor;
  language: Language;
  currency: Currency;
  pictureUrl: (storageKey: string) => string;
  cache?: CatalogueCache;
};

/** Only approved reviews reach the storefront: its lists, ratings and counts. */
export const approved = eq(comments.state, 'approved');

/* ── Loading products in the reader's language and currency ─────────────────────────────────── */

export function ratingsSubquery(db: Executor) {
  return db
    .select({
      goodsId: comments.goodsId,
      rating: sql<string>`avg(${comments.rating})`.as('rating'),
      count: sql<number>`count(*)`.mapWith(Number).as('count'),
    })
    .from(comments)
    .where(approved)
    .groupBy(comments.goodsId)
    .as('ratings');
}

type ProductRow = {
  id: number;
  slug: string;
  category: Category;
  on_sale: boolean;
  arrived_at: string | Date;
  name: string;
  summary: string;
  description: string;
  rating: string | number | null;
  comment_count: string | number;
  pictures: { storageKey: string; width: number; height: number; alt: string }[];
  specifications: {
    id: number;
    stock: number;
    pointsPrice: number | null;
    pictureIndex: number | null;
    name: string;
    unitPrice: number | null;
    originalPrice: number | null;
  }[];
};

/**
 * Loads whole products in the order of `ids`; ids that do not exist are left out. With the reader's
 * cache, the products it keeps come from there and the rest are read together.
 */
export async function loadProducts(reader: CatalogueReader, ids: number[]): Promise<ProductDetails[]> {
  if (ids.length === 0) return [];
  const { cache } = reader;
  if (!cache) {
    const read = await readProducts(reader, idsIn(ids));
    return ids.flatMap((id) => read.get(id) ?? []);
  }
  const products = await rememberEach(
    cache,
    ids,
    (id) => `product|${id}|${reader.language}|${reader.currency}`,
    (misses) => readProducts(reader, idsIn(misses)),
  );
  return products.filter((product) => product !== null);
}

/**
 * `cache.remember` for each of `ids`, those it does not keep read together by one call of `readMany`.
 * `remember` calls its reader at once for each id it does not keep, so every miss is listed before
 * that one read starts.
 */
async function rememberEach<T>(
  cache: CatalogueCache,
  ids: number[],
  keyOf: (id: number) => string,
  readMany: (misses: number[]) => Promise<Map<number, T>>,
): Promise<(T | null)[]> {
  const misses: number[] = [];
  let reading: Promise<Map<number, T>> | undefined;
  return Promise.all(
    ids.map((id) =>
      cache.remember(keyOf(id), async () => {
        misses.push(id);
        reading ??= Promise.resolve().then(() => readMany(misses));
        return (await reading).get(id) ?? null;
      }),
    ),
  );
}

/** Each size's stock as it is now, by size id. */
export type LiveStock = Map<number, number>;

/**
 * The products the sizes in `specificationIds` belong to, and those sizes' stock as it is now. Without
 * a cache one query; with it, the owners and their stock are looked up and the products come from the
 * cache as `loadProducts` brings them. A kept product's stock counts may be older than its last sale:
 * only selling out and coming back make the cache forget it (docs/decisions/068).
 */
export async function loadProductsOfSizes(
  reader: CatalogueReader,
  specificationIds: number[],
): Promise<{ products: ProductDetails[]; stock: LiveStock }> {
  if (specificationIds.length === 0) return { products: [], stock: new Map() };
  const asked = intArray(specificationIds);
  if (!reader.cache) {
    const products = [
      ...(
        await readProducts(reader, sql`(select goods_id from ${productSizes} where id = any(${asked}::int[]))`)
      ).values(),
    ];
    return {
      products,
      stock: new Map(
        products.flatMap((product) =>
          product.specifications.map((size) => [size.goodsSpecificationId, size.stock] as const),
        ),
      ),
    };
  }
  const sizes = rowsOf<{ id: number; goods_id: number; stock: number }>(
    await executeNamed(reader.db, sql`select id, goods_id, stock from ${productSizes} where id = any(${asked}::int[])`),
  );
  return {
    products: await loadProducts(reader, [...new Set(sizes.map((size) => size.goods_id))]),
    stock: new Map(sizes.map((size) => [size.id, size.stock])),
  };
}

/**
 * The products the sizes in `specificationIds` belong to, with their stock as the catalogue keeps it
 * (possibly older than the last sale; for checkout, whose statement takes the stock as it is). With a
 * cache, no statement once each size's product is kept: a size's product changes only by an edit,
 * which notifies and empties the cache like any other.
 */
export async function loadProductsOfKeptSizes(
  reader: CatalogueReader,
  specificationIds: number[],
): Promise<ProductDetails[]> {
  const { cache } = reader;
  if (!cache || specificationIds.length === 0) return (await loadProductsOfSizes(reader, specificationIds)).products;
  const owners = await rememberEach(
    cache,
    specificationIds,
    (id) => `size-owner|${id}`,
    async (misses) => {
      const rows = rowsOf<{ id: number; goods_id: number }>(
        await reader.db.execute(
          sql`select id, goods_id from ${productSizes} where id = any(${intArray(misses)}::int[])`,
        ),
      );
      return new Map(rows.map((row) => [row.id, row.goods_id]));
    },
  );
  return loadProducts(reader, [...new Set(owners.filter((owner) => owner !== null))]);
}

const intArray = (ids: number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
const idsIn = (ids: number[]) => sql`(select unnest(${intArray(ids)}::int[]))`;

/**
 * One query for the products whose id is in `ids` (a subquery): the pictures and sizes come
 * aggregated per product, and the rating is counted for these products only (every catalogue read
 * and every cart goes through here, so round trips are what it costs).
 */
async function readProducts(reader: CatalogueReader, ids: SQL): Promise<Map<number, ProductDetails>> {
  const { db, language, currency, pictureUrl } = reader;
  const result = await db.execute(sql`
    select g.id, g.slug, g.category, g.on_sale, g.arrived_at, t.name, t.summary, t.description,
      r.rating, r.comment_count,
      (select coalesce(json_agg(json_build_object('storageKey', p.storage_key, 'width', p.width, 'height', p.height,
                                                  'alt', coalesce(nullif(pt.alt, ''), t.name)) order by p.position), '[]'::json)
         from ${productPictures} p
         left join ${productPictureTexts} pt on pt.picture_id = p.id and pt.language = ${language}
         where p.goods_id = g.id) as pictures,
      (select coalesce(json_agg(json_build_object('id', s.id, 'stock', s.stock, 'pointsPrice', s.points_price, 'pictureIndex', s.picture_index, 'name', st.name,
                                                  'unitPrice', sp.unit_price, 'originalPrice', sp.original_price) order by s.position, s.id), '[]'::json)
         from ${productSizes} s
         join ${productSizeTexts} st on st.specification_id = s.id and st.language = ${language}
         left join ${productSizePrices} sp on sp.specification_id = s.id and sp.currency = ${currency}
         where s.goods_id = g.id) as specifications
    from ${products} g
    join ${productTexts} t on t.goods_id = g.id and t.language = ${language}
    left join lateral (select avg(c.rating) as rating, count(*) as comment_count from ${comments} c where c.goods_id = g.id and c.state = 'approved') r on true
    where g.id in ${ids}`);
  const rows = (Array.isArray(result) ? result : (result as unknown as { rows: ProductRow[] }).rows) as ProductRow[];

  return new Map(
    rows.map((product) => {
      const ownPictures = parseJson(product.pictures).map((picture) => ({
        url: pictureUrl(picture.storageKey),
        width: picture.width,
        height: picture.height,
        alt: picture.alt,
      }));
      const ownSpecs = parseJson(product.specifications).map((specification) => ({
        goodsSpecificationId: specification.id,
        specificationName: specification.name,
        stock: specification.stock,
        pointsPrice: specification.pointsPrice,
        pictureIndex: pictureIndexWithin(specification.pictureIndex, ownPictures.length),
        currency,
        symbol: currencySymbols[currency],
        unitPrice: specification.unitPrice,
        originalPrice:
          specification.unitPrice === null ? null : (specification.originalPrice ?? specification.unitPrice),
      }));
      const cheapest = ownSpecs
        .filter((spec) => spec.unitPrice !== null)
        .sort((a, b) => (a.unitPrice ?? 0) - (b.unitPrice ?? 0))[0];
      const details: ProductDetails = {
        goodsId: product.id,
        slug: product.slug,
        category: product.category,
        goodsName: product.name,
        summary: product.summary,
        description: product.description,
        picture: ownPictures[0] ?? null,
        pictures: ownPictures,
        currency,
        symbol: currencySymbols[currency],
        unitPrice: cheapest?.unitPrice ?? null,
        originalPrice: cheapest?.originalPrice ?? null,
        rating: roundRating(product.rating),
        commentCount: Number(product.comment_count),
        inStock: ownSpecs.some((spec) => spec.stock > 0),
        onSale: product.on_sale,
        arrivedAt: new Date(product.arrived_at).toISOString(),
        specifications: ownSpecs,
      };
      return [product.id, details] as const;
    }),
  );
}

/** PostgreSQL answers json columns parsed; a driver that does not hands over the text. */
const parseJson = <T>(value: T[] | string): T[] => (typeof value === 'string' ? (JSON.parse(value) as T[]) : value);

export function toSummary(product: ProductDetails): ProductSummary {
  const { description: _description, pictures: _pictures, specifications: _specifications, ...summary } = product;
  return summary;
}

export function roundRating(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  return Math.round(Number(value) * 10) / 10;
}
