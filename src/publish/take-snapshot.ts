import { sql } from 'drizzle-orm';
import type { Currency, Language } from '@/lib/locale';
import type { Database } from '@/server/db/client';
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
  const {
    products,
    texts,
    pictures,
    altTexts,
    specs,
    specNames,
    prices,
    ratings,
    latest,
    adverts: advertRows,
    advertTexts: advertTextRows,
  } = await readTables(db);
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
      url: options.pictureUrl(picture.storageKey),
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

  const advertById = new Map<number, SnapshotAdvert>();
  const snapshotAdverts = advertRows.map((advert) => {
    const entry: SnapshotAdvert = {
      advertisingId: advert.id,
      position: advert.position,
      link: advert.link,
      picture:
        advert.pictureKey && advert.pictureWidth && advert.pictureHeight
          ? { url: options.pictureUrl(advert.pictureKey), width: advert.pictureWidth, height: advert.pictureHeight }
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

  return {
    takenAt: new Date().toISOString(),
    testMode: options.testMode,
    products: [...byId.values()],
    adverts: snapshotAdverts,
  };
}

/** How many product ids one statement of the snapshot covers. */
const SNAPSHOT_PRODUCTS_AT_ONCE = 2000;

async function readTables(db: Database): Promise<Tables> {
  return db.transaction(
    async (tx) => {
      const json = async <Rows>(query: ReturnType<typeof sql>): Promise<Rows[]> =>
        JSON.parse(
          rowsOf(
            (await tx.execute(sql`select (${query})::text as rows`)) as unknown as { rows: { rows: string | null }[] },
          )[0]!.rows ?? '[]',
        ) as Rows[];
      const into = async <Row>(table: Row[], query: ReturnType<typeof sql>) => {
        for (const row of await json<Row>(query)) table.push(row);
      };
      const [range] = rowsOf(
        (await tx.execute(sql`select min(id) as low, max(id) as high from ${products}`)) as unknown as {
          rows: { low: number | null; high: number | null }[];
        },
      );
      const tables: Tables = {
        products: [],
        texts: [],
        pictures: [],
        altTexts: [],
        specs: [],
        specNames: [],
        prices: [],
        ratings: [],
        latest: [],
        adverts: [],
        advertTexts: [],
      };
      for (
        let low = Number(range?.low ?? 1);
        range?.high !== null && range?.high !== undefined && low <= Number(range.high);
        low += SNAPSHOT_PRODUCTS_AT_ONCE
      ) {
        const high = low + SNAPSHOT_PRODUCTS_AT_ONCE;
        const within = (column: ReturnType<typeof sql>) => sql`${column} >= ${low} and ${column} < ${high}`;
        await into(
          tables.products,
          sql`select json_agg(t order by t.id) from (select id, slug, category, sold_count as "soldCount", arrived_at as "arrivedAt" from ${products} where on_sale and ${within(sql`id`)}) t`,
        );
        await into(
          tables.texts,
          sql`select json_agg(t) from (select goods_id as "goodsId", language, name, summary, description from ${productTexts} where ${within(sql`goods_id`)}) t`,
        );
        await into(
          tables.pictures,
          sql`select json_agg(t order by t.position) from (select id, goods_id as "goodsId", position, storage_key as "storageKey", width, height from ${productPictures} where ${within(sql`goods_id`)}) t`,
        );
        await into(
          tables.altTexts,
          sql`select json_agg(t) from (select picture_id as "pictureId", language, alt from ${productPictureTexts} where picture_id in (select id from ${productPictures} where ${within(sql`goods_id`)})) t`,
        );
        await into(
          tables.specs,
          sql`select json_agg(t order by t.position, t.id) from (select id, goods_id as "goodsId", position, stock, points_price as "pointsPrice", picture_index as "pictureIndex" from ${productSizes} where ${within(sql`goods_id`)}) t`,
        );
        const specsWithin = sql`(select id from ${productSizes} where ${within(sql`goods_id`)})`;
        await into(
          tables.specNames,
          sql`select json_agg(t) from (select specification_id as "specificationId", language, name from ${productSizeTexts} where specification_id in ${specsWithin}) t`,
        );
        await into(
          tables.prices,
          sql`select json_agg(t) from (select specification_id as "specificationId", currency, unit_price as "unitPrice", original_price as "originalPrice" from ${productSizePrices} where specification_id in ${specsWithin}) t`,
        );
        await into(
          tables.ratings,
          sql`select json_agg(t) from (select goods_id as "goodsId", sum(rating) as sum, count(*) as count from ${comments} where state = 'approved' and ${within(sql`goods_id`)} group by goods_id) t`,
        );
        await into(
          tables.latest,
          sql`select json_agg(t order by t."goodsId", t."createTime" desc, t."commentId" desc) from (
            select id as "commentId", goods_id as "goodsId", rating, author_name as "authorName", language, title, content, verified, created_at as "createTime" from (
              select *, row_number() over (partition by goods_id, language order by created_at desc, id desc) as place from ${comments} where state = 'approved' and ${within(sql`goods_id`)}
            ) ranked where place <= ${SNAPSHOT_COMMENTS}) t`,
        );
      }
      tables.adverts = await json<
        Tables['adverts'][number]
      >(sql`select json_agg(t order by t.position, t.sort, t.id) from (
        select id, position, sort, link, picture_key as "pictureKey", picture_width as "pictureWidth", picture_height as "pictureHeight" from ${adverts} where active) t`);
      tables.advertTexts = await json<Tables['advertTexts'][number]>(
        sql`select json_agg(t) from (select advert_id as "advertId", language, title, body from ${advertTexts}) t`,
      );
      return tables;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The tables as the snapshot's query hands them over (a table without rows comes as null). */
type Tables = {
  products: { id: number; slug: string; category: SnapshotProduct['category']; soldCount: number; arrivedAt: string }[];
  texts: { goodsId: number; language: Language; name: string; summary: string; description: string }[];
  pictures: { id: number; goodsId: number; storageKey: string; width: number; height: number }[];
  altTexts: { pictureId: number; language: Language; alt: string }[];
  specs: { id: number; goodsId: number; stock: number; pointsPrice: number | null; pictureIndex: number | null }[];
  specNames: { specificationId: number; language: Language; name: string }[];
  prices: { specificationId: number; currency: Currency; unitPrice: number; originalPrice: number | null }[];
  ratings: { goodsId: number; sum: number; count: number }[];
  latest: (SnapshotComment & { goodsId: number })[];
  adverts: {
    id: number;
    position: string;
    link: string;
    pictureKey: string | null;
    pictureWidth: number | null;
    pictureHeight: number | null;
  }[];
  advertTexts: { advertId: number; language: Language; title: string; body: string }[];
};

/** node-postgres answers `{ rows }`, PGlite answers `{ rows }` too; drizzle types it loosely. */
const rowsOf = <T>(result: { rows: T[] } | T[]): T[] => (Array.isArray(result) ? result : result.rows);
