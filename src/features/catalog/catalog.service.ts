import { and, asc, avg, count, desc, eq, gt, inArray, isNotNull, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import * as ErrorCode from '@/lib/error-codes';
import { currencySymbols, type Currency, type Language } from '@/lib/locale';
import type { CatalogueCache } from '@/server/db/catalogue-cache';
import { executeNamed, rowsOf, type Executor } from '@/server/db/client';
import {
  comments,
  goods,
  goodsPictures,
  goodsPictureTexts,
  goodsTexts,
  searchConfigs,
  specificationPrices,
  specifications,
  specificationTexts,
} from '@/server/db/schema';
import { ShopError } from '@/server/http/errors';
import { productsNotSoldAt } from '@/features/sales-rules/sales-rules.service';
import type { Category } from './catalog-import.schema';
import {
  pictureIndexWithin,
  withoutStock,
  type CommentPage,
  type ProductDetails,
  type ProductOption,
  type ProductPage,
  type ProductSort,
  type ProductStock,
  type ProductSummary,
  type PublishedProductDetails,
} from './catalog.schema';
import { searchGroups, type SearchGroup } from './search/search-words';

/**
 * What every catalogue read needs: where to read, in which language and currency, how to link
 * pictures, and, for reads that show products rather than decide a sale, the products kept until
 * the catalogue changes.
 */
export type CatalogReader = {
  db: Executor;
  language: Language;
  currency: Currency;
  pictureUrl: (storageKey: string) => string;
  cache?: CatalogueCache;
};

export async function queryProductList(
  reader: CatalogReader,
  query: { category?: Category | undefined; q?: string | undefined; sort: ProductSort; pageNum: number; pageSize: number },
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
  const search = query.q ? await productSearch(reader, query.q) : undefined;

  const order: Record<ProductSort, SQL[]> = {
    // A search lists name matches first, then summary matches, then the rest (decisions 058, 082).
    recommended: [...(search?.order ?? []), desc(goods.soldCount), desc(goods.arrivedAt)],
    'best-selling': [desc(goods.soldCount)],
    newest: [desc(goods.arrivedAt)],
    'price-asc': [sql`${lowestPrice.price} asc nulls last`],
    'price-desc': [sql`${lowestPrice.price} desc nulls last`],
    rating: [sql`${ratings.rating} desc nulls last`, desc(ratings.count)],
  };
  const where = and(
    eq(goods.onSale, true),
    query.category ? eq(goods.category, query.category) : undefined,
    search?.where,
  );

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

/** `column` holds `word` anywhere, in any letter case (so a Chinese word inside a sentence is found too). */
const contains = (column: SQLWrapper, word: string) => sql`${column} ilike ${`%${word.replace(/[\\%_]/g, '\\$&')}%`} escape '\\'`;

/**
 * The words of the shop's texts in `language`, lower case, three letters or more: what a typo is
 * corrected towards. Kept with the catalogue's other answers until it changes.
 */
async function shopWords({ db, cache, language }: CatalogReader): Promise<ReadonlySet<string>> {
  const read = async () => {
    const text = sql`lower(${goodsTexts.name} || ' ' || ${goodsTexts.summary} || ' ' || ${goodsTexts.description})`;
    const rows = rowsOf<{ word: string }>(
      await db.execute(sql`select distinct word from ${goodsTexts}, regexp_split_to_table(${text}, '[^[:alnum:]]+') as word where ${goodsTexts.language} = ${language} and length(word) >= 3`),
    );
    return new Set(rows.map((row) => row.word));
  };
  return (cache ? await cache.remember(`search-words:${language}`, read) : await read()) ?? new Set();
}

/**
 * A search as conditions on a product's texts in the request language (decision 082): `matches`,
 * every group found somewhere; `inName` and `inSummary`, how many groups the name and the summary
 * hold; `rank`, PostgreSQL's text rank. English and Malay match stemmed words (and, for what is being
 * typed, word beginnings); Chinese matches inside the text.
 */
type SearchSql = { matches: SQL; inName: SQL; inSummary: SQL; rank?: SQL };

function searchSql(language: Language, groups: SearchGroup[]): SearchSql {
  const one = (parts: SQL[]) => sql`(${sql.join(parts, sql` + `)})`;
  if (language === 'ZH') {
    const holds = (columns: SQLWrapper[], group: SearchGroup) =>
      sql`(${sql.join(group.alternatives.flatMap((word) => columns.map((column) => contains(column, word))), sql` or `)})`;
    const hits = (column: SQLWrapper) => one(groups.map((group) => sql`(case when ${holds([column], group)} then 1 else 0 end)`));
    return {
      matches: and(...groups.map((group) => holds([goodsTexts.name, goodsTexts.summary, goodsTexts.description], group)))!,
      inName: hits(goodsTexts.name),
      inSummary: hits(goodsTexts.summary),
    };
  }
  const config = searchConfigs[language];
  const query = (group: SearchGroup) => {
    const parts = group.alternatives.map((word) => sql`plainto_tsquery(${config}::regconfig, ${word})`);
    if (group.unknown && /^[\p{L}\p{N}]{3,}$/u.test(group.typed)) parts.push(sql`to_tsquery('simple', ${`${group.typed}:*`})`);
    return sql`(${sql.join(parts, sql` || `)})`;
  };
  // A group without words to stem (a stop word such as "the", a sign such as "%") is looked for as typed.
  const found = (vector: SQL, group: SearchGroup, columns: SQLWrapper[]) =>
    sql`(case when numnode(${query(group)}) = 0 then ${sql.join(columns.map((column) => contains(column, group.typed)), sql` or `)} else ${vector} @@ ${query(group)} end)`;
  const hits = (weight: 'a' | 'b', column: SQLWrapper) =>
    one(groups.map((group) => sql`${found(sql`ts_filter(${goodsTexts.searchVector}, ${`{${weight}}`})`, group, [column])}::int`));
  return {
    matches: and(...groups.map((group) => found(sql`${goodsTexts.searchVector}`, group, [goodsTexts.name, goodsTexts.summary, goodsTexts.description])))!,
    inName: hits('a', goodsTexts.name),
    inSummary: hits('b', goodsTexts.summary),
    rank: sql`ts_rank(${goodsTexts.searchVector}, ${sql.join(groups.map(query), sql` && `)})`,
  };
}

/** A product's own texts in `language`, as a correlated subquery of `value`. */
const ofProduct = (language: Language, value: SQL) =>
  sql`(select ${value} from ${goodsTexts} where ${goodsTexts.goodsId} = ${goods.id} and ${goodsTexts.language} = ${language})`;

/** The matching products and the relevance order of a search; undefined when it asks for nothing. */
async function productSearch(reader: CatalogReader, search: string): Promise<{ where: SQL; order: SQL[] } | undefined> {
  const { db, language } = reader;
  const groups = searchGroups(language, search, language === 'ZH' ? new Set() : await shopWords(reader));
  if (groups.length === 0) return undefined;
  const { matches, inName, inSummary, rank } = searchSql(language, groups);
  const matching = db.select({ goodsId: goodsTexts.goodsId }).from(goodsTexts).where(and(eq(goodsTexts.language, language), matches));
  const order = [inName, inSummary, ...(rank ? [rank] : [])].map((key) => sql`${ofProduct(language, key)} desc nulls last`);
  return { where: inArray(goods.id, matching), order };
}

/** Live availability (on sale, stock per size) of the products in `ids`; unknown ids are left out. */
export async function getProductStock({ db, cache }: CatalogReader, ids: number[], destination?: { country: string; state: string }): Promise<ProductStock[]> {
  const notSold = destination ? await productsNotSoldAt({ db, cache }, ids, destination) : new Set<number>();
  const rows = await db
    .select({ goodsId: goods.id, onSale: goods.onSale, specificationId: specifications.id, stock: specifications.stock })
    .from(goods)
    .leftJoin(specifications, eq(specifications.goodsId, goods.id))
    .where(inArray(goods.id, ids))
    .orderBy(asc(goods.id), asc(specifications.position), asc(specifications.id));
  const byId = new Map<number, ProductStock>();
  for (const row of rows) {
    const product = byId.get(row.goodsId) ?? { goodsId: row.goodsId, onSale: row.onSale, inStock: false, specifications: [], notSoldThere: notSold.has(row.goodsId) };
    if (row.specificationId !== null && row.stock !== null) {
      product.specifications.push({ goodsSpecificationId: row.specificationId, stock: row.stock });
      product.inStock ||= row.stock > 0;
    }
    byId.set(row.goodsId, product);
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One product as the public, cacheable answer has it: without stock counts (see `withoutStock`). */
export async function getProductDetails(reader: CatalogReader, goodsId: number): Promise<PublishedProductDetails> {
  const [product] = await loadProducts(reader, [goodsId]);
  if (!product) throw new ShopError(ErrorCode.ProductNotFound);
  return withoutStock(product);
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

/** Only approved reviews reach the storefront: its lists, ratings and counts. */
const approved = eq(comments.state, 'approved');

/** A product's reviews: those written in the reader's language first, then the others, each newest first. */
export async function getProductCommentList(
  { db, language }: CatalogReader,
  query: { goodsId: number; pageNum: number; pageSize: number },
): Promise<CommentPage> {
  const [product] = await db.select({ id: goods.id }).from(goods).where(eq(goods.id, query.goodsId));
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
  specifications: { id: number; stock: number; pointsPrice: number | null; pictureIndex: number | null; name: string; unitPrice: number | null; originalPrice: number | null }[];
};

/**
 * Loads whole products in the order of `ids`; ids that do not exist are left out. With the reader's
 * cache, the products it keeps come from there and the rest are read together.
 */
export async function loadProducts(reader: CatalogReader, ids: number[]): Promise<ProductDetails[]> {
  if (ids.length === 0) return [];
  const { cache } = reader;
  if (!cache) {
    const read = await readProducts(reader, idsIn(ids));
    return ids.flatMap((id) => read.get(id) ?? []);
  }
  const products = await rememberEach(cache, ids, (id) => `product|${id}|${reader.language}|${reader.currency}`, (misses) => readProducts(reader, idsIn(misses)));
  return products.filter((product) => product !== null);
}

/**
 * `cache.remember` for each of `ids`, those it does not keep read together by one call of `readMany`.
 * `remember` calls its reader at once for each id it does not keep, so every miss is listed before
 * that one read starts.
 */
async function rememberEach<T>(cache: CatalogueCache, ids: number[], keyOf: (id: number) => string, readMany: (misses: number[]) => Promise<Map<number, T>>): Promise<(T | null)[]> {
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
export async function loadProductsOfSpecifications(reader: CatalogReader, specificationIds: number[]): Promise<{ products: ProductDetails[]; stock: LiveStock }> {
  if (specificationIds.length === 0) return { products: [], stock: new Map() };
  const asked = intArray(specificationIds);
  if (!reader.cache) {
    const products = [...(await readProducts(reader, sql`(select goods_id from ${specifications} where id = any(${asked}::int[]))`)).values()];
    return { products, stock: new Map(products.flatMap((product) => product.specifications.map((size) => [size.goodsSpecificationId, size.stock] as const))) };
  }
  const sizes = rowsOf<{ id: number; goods_id: number; stock: number }>(await executeNamed(reader.db, sql`select id, goods_id, stock from ${specifications} where id = any(${asked}::int[])`));
  return { products: await loadProducts(reader, [...new Set(sizes.map((size) => size.goods_id))]), stock: new Map(sizes.map((size) => [size.id, size.stock])) };
}

/**
 * The products the sizes in `specificationIds` belong to, with their stock as the catalogue keeps it
 * (possibly older than the last sale; for checkout, whose statement takes the stock as it is). With a
 * cache, no statement once each size's product is kept: a size's product changes only by an edit,
 * which notifies and empties the cache like any other.
 */
export async function loadProductsOfKeptSpecifications(reader: CatalogReader, specificationIds: number[]): Promise<ProductDetails[]> {
  const { cache } = reader;
  if (!cache || specificationIds.length === 0) return (await loadProductsOfSpecifications(reader, specificationIds)).products;
  const owners = await rememberEach(cache, specificationIds, (id) => `size-owner|${id}`, async (misses) => {
    const rows = rowsOf<{ id: number; goods_id: number }>(await reader.db.execute(sql`select id, goods_id from ${specifications} where id = any(${intArray(misses)}::int[])`));
    return new Map(rows.map((row) => [row.id, row.goods_id]));
  });
  return loadProducts(reader, [...new Set(owners.filter((owner) => owner !== null))]);
}

const intArray = (ids: number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
const idsIn = (ids: number[]) => sql`(select unnest(${intArray(ids)}::int[]))`;

/**
 * One query for the products whose id is in `ids` (a subquery): the pictures and sizes come
 * aggregated per product, and the rating is counted for these products only (every catalogue read
 * and every cart goes through here, so round trips are what it costs).
 */
async function readProducts(reader: CatalogReader, ids: SQL): Promise<Map<number, ProductDetails>> {
  const { db, language, currency, pictureUrl } = reader;
  const result = await db.execute(sql`
    select g.id, g.slug, g.category, g.on_sale, g.arrived_at, t.name, t.summary, t.description,
      r.rating, r.comment_count,
      (select coalesce(json_agg(json_build_object('storageKey', p.storage_key, 'width', p.width, 'height', p.height,
                                                  'alt', coalesce(nullif(pt.alt, ''), t.name)) order by p.position), '[]'::json)
         from ${goodsPictures} p
         left join ${goodsPictureTexts} pt on pt.picture_id = p.id and pt.language = ${language}
         where p.goods_id = g.id) as pictures,
      (select coalesce(json_agg(json_build_object('id', s.id, 'stock', s.stock, 'pointsPrice', s.points_price, 'pictureIndex', s.picture_index, 'name', st.name,
                                                  'unitPrice', sp.unit_price, 'originalPrice', sp.original_price) order by s.position, s.id), '[]'::json)
         from ${specifications} s
         join ${specificationTexts} st on st.specification_id = s.id and st.language = ${language}
         left join ${specificationPrices} sp on sp.specification_id = s.id and sp.currency = ${currency}
         where s.goods_id = g.id) as specifications
    from ${goods} g
    join ${goodsTexts} t on t.goods_id = g.id and t.language = ${language}
    left join lateral (select avg(c.rating) as rating, count(*) as comment_count from ${comments} c where c.goods_id = g.id and c.state = 'approved') r on true
    where g.id in ${ids}`);
  const rows = (Array.isArray(result) ? result : (result as unknown as { rows: ProductRow[] }).rows) as ProductRow[];

  return new Map(
    rows.map((product) => {
      const ownPictures = parseJson(product.pictures).map((picture) => ({ url: pictureUrl(picture.storageKey), width: picture.width, height: picture.height, alt: picture.alt }));
      const ownSpecs = parseJson(product.specifications).map((specification) => ({
        goodsSpecificationId: specification.id,
        specificationName: specification.name,
        stock: specification.stock,
        pointsPrice: specification.pointsPrice,
        pictureIndex: pictureIndexWithin(specification.pictureIndex, ownPictures.length),
        currency,
        symbol: currencySymbols[currency],
        unitPrice: specification.unitPrice,
        originalPrice: specification.unitPrice === null ? null : (specification.originalPrice ?? specification.unitPrice),
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

function roundRating(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  return Math.round(Number(value) * 10) / 10;
}
