import { and, asc, count, desc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Language } from '@/lib/locale';
import { rowsOf } from '@/server/db/client';
import { products, productTexts, searchConfigs, productSizePrices, productSizes } from '@/server/db/schema';
import type { Category } from '@/lib/categories';
import type { ProductSort } from './catalogue';
import type { ProductPage } from './catalogue.schema';
import { loadProducts, ratingsSubquery, toSummary, type CatalogueReader } from './catalogue-products.service';
import { searchGroups, type SearchGroup } from './search/search-words';

/** The storefront's product list: a category, a search (decisions 058, 082) and a sort, a page at a time. */
export async function queryProductList(
  reader: CatalogueReader,
  query: {
    category?: Category | undefined;
    q?: string | undefined;
    sort: ProductSort;
    pageNum: number;
    pageSize: number;
  },
): Promise<ProductPage> {
  const { db, currency } = reader;
  const lowestPrice = db
    .select({ goodsId: productSizes.goodsId, price: sql<number>`min(${productSizePrices.unitPrice})`.as('price') })
    .from(productSizes)
    .innerJoin(
      productSizePrices,
      and(eq(productSizePrices.specificationId, productSizes.id), eq(productSizePrices.currency, currency)),
    )
    .groupBy(productSizes.goodsId)
    .as('lowest_price');
  const ratings = ratingsSubquery(db);
  const search = query.q ? await productSearch(reader, query.q) : undefined;

  const order: Record<ProductSort, SQL[]> = {
    // A search lists name matches first, then summary matches, then the rest (decisions 058, 082).
    recommended: [...(search?.order ?? []), desc(products.soldCount), desc(products.arrivedAt)],
    'best-selling': [desc(products.soldCount)],
    newest: [desc(products.arrivedAt)],
    'price-asc': [sql`${lowestPrice.price} asc nulls last`],
    'price-desc': [sql`${lowestPrice.price} desc nulls last`],
    rating: [sql`${ratings.rating} desc nulls last`, desc(ratings.count)],
  };
  const where = and(
    eq(products.onSale, true),
    query.category ? eq(products.category, query.category) : undefined,
    search?.where,
  );

  const rows = await db
    .select({ id: products.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .leftJoin(lowestPrice, eq(lowestPrice.goodsId, products.id))
    .leftJoin(ratings, eq(ratings.goodsId, products.id))
    .where(where)
    .orderBy(...order[query.sort], asc(products.id))
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);

  const total = rows[0]?.total ?? (await db.select({ n: count() }).from(products).where(where))[0]?.n ?? 0;
  const listed = await loadProducts(
    reader,
    rows.map((row) => row.id),
  );
  return { list: listed.map(toSummary), total, pageNum: query.pageNum, pageSize: query.pageSize };
}

/** `column` holds `word` anywhere, in any letter case (so a Chinese word inside a sentence is found too). */
const contains = (column: SQLWrapper, word: string) =>
  sql`${column} ilike ${`%${word.replace(/[\\%_]/g, '\\$&')}%`} escape '\\'`;

/**
 * The words of the shop's texts in `language`, lower case, three letters or more: what a typo is
 * corrected towards. Kept with the catalogue's other answers until it changes.
 */
async function shopWords({ db, cache, language }: CatalogueReader): Promise<ReadonlySet<string>> {
  const read = async () => {
    const text = sql`lower(${productTexts.name} || ' ' || ${productTexts.summary} || ' ' || ${productTexts.description})`;
    const rows = rowsOf<{ word: string }>(
      await db.execute(
        sql`select distinct word from ${productTexts}, regexp_split_to_table(${text}, '[^[:alnum:]]+') as word where ${productTexts.language} = ${language} and length(word) >= 3`,
      ),
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
      sql`(${sql.join(
        group.alternatives.flatMap((word) => columns.map((column) => contains(column, word))),
        sql` or `,
      )})`;
    const hits = (column: SQLWrapper) =>
      one(groups.map((group) => sql`(case when ${holds([column], group)} then 1 else 0 end)`));
    return {
      matches: and(
        ...groups.map((group) => holds([productTexts.name, productTexts.summary, productTexts.description], group)),
      )!,
      inName: hits(productTexts.name),
      inSummary: hits(productTexts.summary),
    };
  }
  const config = searchConfigs[language];
  const query = (group: SearchGroup) => {
    const parts = group.alternatives.map((word) => sql`plainto_tsquery(${config}::regconfig, ${word})`);
    if (group.unknown && /^[\p{L}\p{N}]{3,}$/u.test(group.typed))
      parts.push(sql`to_tsquery('simple', ${`${group.typed}:*`})`);
    return sql`(${sql.join(parts, sql` || `)})`;
  };
  // A group without words to stem (a stop word such as "the", a sign such as "%") is looked for as typed.
  const found = (vector: SQL, group: SearchGroup, columns: SQLWrapper[]) =>
    sql`(case when numnode(${query(group)}) = 0 then ${sql.join(
      columns.map((column) => contains(column, group.typed)),
      sql` or `,
    )} else ${vector} @@ ${query(group)} end)`;
  const hits = (weight: 'a' | 'b', column: SQLWrapper) =>
    one(
      groups.map(
        (group) => sql`${found(sql`ts_filter(${productTexts.searchVector}, ${`{${weight}}`})`, group, [column])}::int`,
      ),
    );
  return {
    matches: and(
      ...groups.map((group) =>
        found(sql`${productTexts.searchVector}`, group, [
          productTexts.name,
          productTexts.summary,
          productTexts.description,
        ]),
      ),
    )!,
    inName: hits('a', productTexts.name),
    inSummary: hits('b', productTexts.summary),
    rank: sql`ts_rank(${productTexts.searchVector}, ${sql.join(groups.map(query), sql` && `)})`,
  };
}

/** A product's own texts in `language`, as a correlated subquery of `value`. */
const ofProduct = (language: Language, value: SQL) =>
  sql`(select ${value} from ${productTexts} where ${productTexts.goodsId} = ${products.id} and ${productTexts.language} = ${language})`;

/** The matching products and the relevance order of a search; undefined when it asks for nothing. */
async function productSearch(
  reader: CatalogueReader,
  search: string,
): Promise<{ where: SQL; order: SQL[] } | undefined> {
  const { db, language } = reader;
  const groups = searchGroups(language, search, language === 'ZH' ? new Set() : await shopWords(reader));
  if (groups.length === 0) return undefined;
  const { matches, inName, inSummary, rank } = searchSql(language, groups);
  const matching = db
    .select({ goodsId: productTexts.goodsId })
    .from(productTexts)
    .where(and(eq(productTexts.language, language), matches));
  const order = [inName, inSummary, ...(rank ? [rank] : [])].map(
    (key) => sql`${ofProduct(language, key)} desc nulls last`,
  );
  return { where: inArray(products.id, matching), order };
}
