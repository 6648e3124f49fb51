import { sql, type SQL } from 'drizzle-orm';
import type { Currency, Language } from '@/lib/locale';
import { rowsOf, type Database } from '@/server/db/client';
import {
  advertTexts,
  adverts,
  comments,
  products,
  productPictures,
  productPictureTexts,
  productTexts,
  productSizePrices,
  productSizes,
  productSizeTexts,
} from '@/server/db/schema';
import {
  SNAPSHOT_COMMENTS,
  type CatalogueSnapshot,
  type SnapshotAdvert,
  type SnapshotComment,
  type SnapshotProduct,
} from './snapshot';

/**
 * Reads everything the pages show, whatever the size of the catalogue, in one read-only transaction
 * (repeatable read), so every page of a build sees the same moment. The database hands each table
 * over as JSON text rather than as rows: at 10,000 products the embedded PGlite took 2.2 s to pass
 * the rows through its wire protocol, and 0.5 s to pass the same data as JSON (docs/decisions/071).
 * The tables come a range of products at a time (`SNAPSHOT_PRODUCTS_AT_ONCE`): PGlite's memory never
 * shrinks, and one text of the whole catalogue (29 MB at 10,000 products, copied several times on
 * its way out) grew it by 500 MB (docs/decisions/087).
 */
export async function takeCatalogueSnapshot(
  db: Database,
  options: { pictureUrl: (storageKey: string) => string; testMode: boolean },
): Promise<CatalogueSnapshot> {
  return inSnapshotTransaction(db, async (json) => {
    const products: SnapshotProduct[] = [];
    for (const within of await productRanges(json))
      for (const product of assembleProducts(await readProductTables(json, within), options.pictureUrl))
        products.push(product);
    return {
      takenAt: new Date().toISOString(),
      testMode: options.testMode,
      products,
      adverts: await readAdverts(json, options.pictureUrl),
    };
  });
}

/**
 * A product's JSON text in the last snapshot a publish took from a database, under its stamp, kept
 * as UTF-8: half the room of a string holding Chinese, and written as it is.
 */
type KeptProduct = { stamp: string; text: Buffer | null };
/** What publishes keep of the last snapshot they took from each database (`takeSnapshotText`). */
const kept = new WeakMap<
  Database,
  { pictureUrl: (storageKey: string) => string; products: Map<number, KeptProduct> }
>();

/**
 * The catalogue snapshot as the text the render workers parse, in pieces, with the fields `beside`
 * it, reading again only the products whose rows changed since the last snapshot taken from this
 * database in this process (docs/decisions/096). Every product on sale
 * is stamped first, in the same transaction: each of its tables' rows (its own, its texts, pictures
 * and their texts, sizes and their names and prices, comments) by the transaction that wrote it
 * (`xmin`). A transaction that changes a row writes a new version under its own id, and one that
 * removes a row leaves one fewer, so a product whose rows changed in any way has another stamp; the
 * others' texts are the last snapshot's. `fresh` reads every product (a publish of every page).
 */
export async function takeSnapshotText(
  db: Database,
  options: {
    pictureUrl: (storageKey: string) => string;
    testMode: boolean;
    fresh: boolean;
    /** Written beside the catalogue's fields (the page settings). */
    beside: Record<string, unknown>;
  },
): Promise<{ pieces: Buffer[]; read: number }> {
  const previous = options.fresh ? undefined : kept.get(db);
  const last = previous?.pictureUrl === options.pictureUrl ? previous.products : new Map<number, KeptProduct>();
  return inSnapshotTransaction(db, async (json) => {
    const now = new Map<number, KeptProduct>();
    const changed: number[] = [];
    for (const within of await productRanges(json)) {
      for (const [goodsId, stamp] of await json<[number, string]>(stampsSql(within))) {
        const known = last.get(goodsId);
        if (known?.stamp === stamp) now.set(goodsId, known);
        else {
          now.set(goodsId, { stamp, text: null });
          changed.push(goodsId);
        }
      }
    }
    for (let at = 0; at < changed.length; at += SNAPSHOT_PRODUCTS_AT_ONCE) {
      const ids = `{${changed.slice(at, at + SNAPSHOT_PRODUCTS_AT_ONCE).join(',')}}`;
      for (const product of assembleProducts(
        await readProductTables(json, (column) => sql`${column} = any(${ids}::int[])`),
        options.pictureUrl,
      ))
        now.get(product.goodsId)!.text = Buffer.from(JSON.stringify(product));
    }
    const adverts = await readAdverts(json, options.pictureUrl);
    kept.set(db, { pictureUrl: options.pictureUrl, products: now });
    // In pieces of a few hundred products: the whole text (29 MB at 10,000 products) is never made at once.
    // Every stamped product has its text: the stamps and the rows are read in one transaction.
    const texts = [...now.values()].map((product) => product.text!);
    const comma = Buffer.from(',');
    const pieces = [Buffer.from('{"products":[')];
    for (let at = 0; at < texts.length; at += PRODUCTS_A_PIECE)
      pieces.push(
        Buffer.concat(
          texts.slice(at, at + PRODUCTS_A_PIECE).flatMap((text, index) => (at + index === 0 ? [text] : [comma, text])),
        ),
      );
    const snapshot = { takenAt: new Date().toISOString(), testMode: options.testMode, adverts, ...options.beside };
    pieces.push(Buffer.from(`],${JSON.stringify(snapshot).slice(1)}`));
    return { pieces, read: changed.length };
  });
}

/**
 * Each product on sale that `within` covers, with its stamp: for the product's row and for each of
 * its tables, the ids of the transactions that wrote its rows, in order (`[goodsId, stamp][]`).
 */
function stampsSql(within: Within): SQL {
  const written = (rows: SQL, goodsId: SQL, xmin: SQL) =>
    sql`(select ${goodsId} as goods_id, string_agg(${xmin}::text, ',' order by ${xmin}::text) as written from ${rows} where ${within(goodsId)} group by ${goodsId})`;
  const tables = [
    written(sql`${productTexts}`, sql`goods_id`, sql`xmin`),
    written(sql`${productPictures}`, sql`goods_id`, sql`xmin`),
    written(
      sql`${productPictureTexts} alt join ${productPictures} picture on picture.id = alt.picture_id`,
      sql`picture.goods_id`,
      sql`alt.xmin`,
    ),
    written(sql`${productSizes}`, sql`goods_id`, sql`xmin`),
    written(
      sql`${productSizeTexts} name join ${productSizes} size on size.id = name.specification_id`,
      sql`size.goods_id`,
      sql`name.xmin`,
    ),
    written(
      sql`${productSizePrices} price join ${productSizes} size on size.id = price.specification_id`,
      sql`size.goods_id`,
      sql`price.xmin`,
    ),
    written(sql`${comments}`, sql`goods_id`, sql`xmin`),
  ];
  const joined = tables.map(
    (table, index) => sql`left join ${table} ${sql.raw(`t${index}`)} on ${sql.raw(`t${index}`)}.goods_id = product.id`,
  );
  const stamp = sql.join(
    [sql`product.xmin::text`, ...tables.map((_, index) => sql`coalesce(${sql.raw(`t${index}`)}.written, '')`)],
    sql`|| '/' ||`,
  );
  return sql`select json_agg(json_build_array(product.id, ${stamp}) order by product.id)
    from ${products} product ${sql.join(joined, sql` `)}
    where product.on_sale and ${within(sql`product.id`)}`;
}

/** The snapshot's products from their tables' rows, in the order of the products' rows. */
function assembleProducts(
  { products, texts, pictures, altTexts, specs, specNames, prices, ratings, latest }: ProductTables,
  pictureUrl: (storageKey: string) => string,
): SnapshotProduct[] {
  const byId = new Map<number, SnapshotProduct>();
  for (const product of products) {
    byId.set(product.id, {
      goodsId: product.id,
      slug: product.slug,
      category: product.category,
      soldCount: product.soldCount,
      arrivedAt: new Date(product.arrivedAt).toISOString(),
      texts: {},
      pictures: [],
      specifications: [],
      ratingSum: 0,
      commentCount: 0,
      latestComments: [],
    });
  }
  for (const text of texts) {
    const product = byId.get(text.goodsId);
    if (product)
      product.texts[text.language] = { goodsName: text.name, summary: text.summary, description: text.description };
  }
  const pictureById = new Map<number, SnapshotProduct['pictures'][number]>();
  for (const picture of pictures) {
    const entry = {
      url: pictureUrl(picture.storageKey),
      width: picture.width,
      height: picture.height,
      alt: {},
    };
    pictureById.set(picture.id, entry);
    byId.get(picture.goodsId)?.pictures.push(entry);
  }
  for (const text of altTexts) {
    const picture = pictureById.get(text.pictureId);
    if (picture && text.alt) picture.alt[text.language] = text.alt;
  }
  const specById = new Map<number, SnapshotProduct['specifications'][number]>();
  for (const specification of specs) {
    const entry = {
      goodsSpecificationId: specification.id,
      stock: specification.stock,
      pointsPrice: specification.pointsPrice,
      pictureIndex: specification.pictureIndex,
      names: {},
      prices: {},
    };
    specById.set(specification.id, entry);
    byId.get(specification.goodsId)?.specifications.push(entry);
  }
  for (const name of specNames) {
    const spec = specById.get(name.specificationId);
    if (spec) spec.names[name.language as Language] = name.name;
  }
  for (const price of prices) {
    const spec = specById.get(price.specificationId);
    if (spec)
      spec.prices[price.currency as Currency] = { unitPrice: price.unitPrice, originalPrice: price.originalPrice };
  }
  for (const rating of ratings) {
    const product = byId.get(rating.goodsId);
    if (product) Object.assign(product, { ratingSum: rating.sum, commentCount: rating.count });
  }
  for (const { goodsId, ...comment } of latest) {
    byId.get(goodsId)?.latestComments.push({ ...comment, createTime: new Date(comment.createTime).toISOString() });
  }

  return [...byId.values()];
}

/** The adverts the pages show, with their texts in every language. */
async function readAdverts(json: ReadJson, pictureUrl: (storageKey: string) => string): Promise<SnapshotAdvert[]> {
  const advertRows = await json<AdvertRow>(sql`select json_agg(t order by t.position, t.sort, t.id) from (
    select id, position, sort, link, picture_key as "pictureKey", picture_width as "pictureWidth", picture_height as "pictureHeight" from ${adverts} where active) t`);
  const advertTextRows = await json<AdvertTextRow>(
    sql`select json_agg(t) from (select advert_id as "advertId", language, title, body from ${advertTexts}) t`,
  );
  const advertById = new Map<number, SnapshotAdvert>();
  const snapshotAdverts = advertRows.map((advert) => {
    const entry: SnapshotAdvert = {
      advertisingId: advert.id,
      position: advert.position,
      link: advert.link,
      picture:
        advert.pictureKey && advert.pictureWidth && advert.pictureHeight
          ? { url: pictureUrl(advert.pictureKey), width: advert.pictureWidth, height: advert.pictureHeight }
          : null,
      texts: {},
    };
    advertById.set(advert.id, entry);
    return entry;
  });
  for (const text of advertTextRows) {
    const advert = advertById.get(text.advertId);
    if (advert) advert.texts[text.language] = { title: text.title, body: text.body };
  }
  return snapshotAdverts;
}

/** How many products' texts a piece of the snapshot's text holds. */
const PRODUCTS_A_PIECE = 500;

/** How many product ids one statement of the snapshot covers. */
const SNAPSHOT_PRODUCTS_AT_ONCE = 2000;

/** One statement's rows, handed over by the database as one JSON text (a table without rows comes as null). */
type ReadJson = <Row>(query: SQL) => Promise<Row[]>;
/** Which products a statement covers, as a condition on a column holding product ids. */
type Within = (column: SQL) => SQL;

/** Runs `read` in one read-only transaction (repeatable read): everything it reads is of one moment. */
function inSnapshotTransaction<T>(db: Database, read: (json: ReadJson) => Promise<T>): Promise<T> {
  return db.transaction(
    (tx) =>
      read(
        async <Row>(query: SQL) =>
          JSON.parse(
            rowsOf<{ rows: string | null }>(await tx.execute(sql`select (${query})::text as rows`))[0]!.rows ?? '[]',
          ) as Row[],
      ),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The catalogue's product ids in ranges of `SNAPSHOT_PRODUCTS_AT_ONCE`. */
async function productRanges(json: ReadJson): Promise<Within[]> {
  const [range] = await json<{ low: number | null; high: number | null }>(
    sql`select json_agg(t) from (select min(id) as low, max(id) as high from ${products}) t`,
  );
  const ranges: Within[] = [];
  if (range?.low === null || range?.low === undefined || range.high === null) return ranges;
  for (let low = range.low; low <= range.high; low += SNAPSHOT_PRODUCTS_AT_ONCE) {
    const high = low + SNAPSHOT_PRODUCTS_AT_ONCE;
    ranges.push((column) => sql`${column} >= ${low} and ${column} < ${high}`);
  }
  return ranges;
}

/** The products' rows of every table the pages read, for the products `within` covers. */
async function readProductTables(json: ReadJson, within: Within): Promise<ProductTables> {
  const specsWithin = sql`(select id from ${productSizes} where ${within(sql`goods_id`)})`;
  return {
    products: await json(
      sql`select json_agg(t order by t.id) from (select id, slug, category, sold_count as "soldCount", arrived_at as "arrivedAt" from ${products} where on_sale and ${within(sql`id`)}) t`,
    ),
    texts: await json(
      sql`select json_agg(t) from (select goods_id as "goodsId", language, name, summary, description from ${productTexts} where ${within(sql`goods_id`)}) t`,
    ),
    pictures: await json(
      sql`select json_agg(t order by t.position) from (select id, goods_id as "goodsId", position, storage_key as "storageKey", width, height from ${productPictures} where ${within(sql`goods_id`)}) t`,
    ),
    altTexts: await json(
      sql`select json_agg(t) from (select picture_id as "pictureId", language, alt from ${productPictureTexts} where picture_id in (select id from ${productPictures} where ${within(sql`goods_id`)})) t`,
    ),
    specs: await json(
      sql`select json_agg(t order by t.position, t.id) from (select id, goods_id as "goodsId", position, stock, points_price as "pointsPrice", picture_index as "pictureIndex" from ${productSizes} where ${within(sql`goods_id`)}) t`,
    ),
    specNames: await json(
      sql`select json_agg(t) from (select specification_id as "specificationId", language, name from ${productSizeTexts} where specification_id in ${specsWithin}) t`,
    ),
    prices: await json(
      sql`select json_agg(t) from (select specification_id as "specificationId", currency, unit_price as "unitPrice", original_price as "originalPrice" from ${productSizePrices} where specification_id in ${specsWithin}) t`,
    ),
    ratings: await json(
      sql`select json_agg(t) from (select goods_id as "goodsId", sum(rating) as sum, count(*) as count from ${comments} where state = 'approved' and ${within(sql`goods_id`)} group by goods_id) t`,
    ),
    latest: await json(
      sql`select json_agg(t order by t."goodsId", t."createTime" desc, t."commentId" desc) from (
        select id as "commentId", goods_id as "goodsId", rating, author_name as "authorName", language, title, content, verified, created_at as "createTime" from (
          select *, row_number() over (partition by goods_id, language order by created_at desc, id desc) as place from ${comments} where state = 'approved' and ${within(sql`goods_id`)}
        ) ranked where place <= ${SNAPSHOT_COMMENTS}) t`,
    ),
  };
}

/** The products' tables as the snapshot's statements hand them over. */
type ProductTables = {
  products: { id: number; slug: string; category: SnapshotProduct['category']; soldCount: number; arrivedAt: string }[];
  texts: { goodsId: number; language: Language; name: string; summary: string; description: string }[];
  pictures: { id: number; goodsId: number; storageKey: string; width: number; height: number }[];
  altTexts: { pictureId: number; language: Language; alt: string }[];
  specs: { id: number; goodsId: number; stock: number; pointsPrice: number | null; pictureIndex: number | null }[];
  specNames: { specificationId: number; language: Language; name: string }[];
  prices: { specificationId: number; currency: Currency; unitPrice: number; originalPrice: number | null }[];
  ratings: { goodsId: number; sum: number; count: number }[];
  latest: (SnapshotComment & { goodsId: number })[];
};
type AdvertRow = {
  id: number;
  position: string;
  link: string;
  pictureKey: string | null;
  pictureWidth: number | null;
  pictureHeight: number | null;
};
type AdvertTextRow = { advertId: number; language: Language; title: string; body: string };
