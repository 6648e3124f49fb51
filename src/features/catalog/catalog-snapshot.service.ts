import { sql } from 'drizzle-orm';
import type { Currency, Language } from '@/lib/locale';
import type { Database } from '@/server/db/client';
import {
  advertTexts,
  adverts,
  comments,
  goods,
  goodsPictures,
  goodsPictureTexts,
  goodsTexts,
  specificationPrices,
  specifications,
  specificationTexts,
} from '@/server/db/schema';
import { SNAPSHOT_COMMENTS, type CatalogueSnapshot, type SnapshotAdvert, type SnapshotComment, type SnapshotProduct } from './catalog-snapshot';

/**
 * Reads everything the pages show in one query, whatever the size of the catalogue, so
 * every page of a build sees the same moment. The database hands each table over as one JSON text
 * rather than as rows: at 10,000 products the embedded PGlite took 2.2 s to pass the rows through its
 * wire protocol, and 0.5 s to pass the same data as JSON (docs/decisions/071).
 */
export async function takeCatalogueSnapshot(
  db: Database,
  options: { pictureUrl: (storageKey: string) => string; testMode: boolean },
): Promise<CatalogueSnapshot> {
  // Each table as one JSON array of its rows (`json_agg` of a row is quicker than building an object per row).
  const answer = await db.execute(sql`
    select json_build_object(
      'products', (select json_agg(t order by t.id) from (select id, slug, category, sold_count as "soldCount", arrived_at as "arrivedAt" from ${goods} where on_sale) t),
      'texts', (select json_agg(t) from (select goods_id as "goodsId", language, name, summary, description from ${goodsTexts}) t),
      'pictures', (select json_agg(t order by t.position) from (select id, goods_id as "goodsId", position, storage_key as "storageKey", width, height from ${goodsPictures}) t),
      'altTexts', (select json_agg(t) from (select picture_id as "pictureId", language, alt from ${goodsPictureTexts}) t),
      'specs', (select json_agg(t order by t.position, t.id) from (select id, goods_id as "goodsId", position, stock, points_price as "pointsPrice", picture_index as "pictureIndex" from ${specifications}) t),
      'specNames', (select json_agg(t) from (select specification_id as "specificationId", language, name from ${specificationTexts}) t),
      'prices', (select json_agg(t) from (select specification_id as "specificationId", currency, unit_price as "unitPrice", original_price as "originalPrice" from ${specificationPrices}) t),
      'ratings', (select json_agg(t) from (select goods_id as "goodsId", sum(rating) as sum, count(*) as count from ${comments} where state = 'approved' group by goods_id) t),
      'latest', (select json_agg(t order by t."goodsId", t."createTime" desc, t."commentId" desc) from (
        select id as "commentId", goods_id as "goodsId", rating, author_name as "authorName", language, title, content, verified, created_at as "createTime" from (
          select *, row_number() over (partition by goods_id, language order by created_at desc, id desc) as place from ${comments} where state = 'approved'
        ) ranked where place <= ${SNAPSHOT_COMMENTS}) t),
      'adverts', (select json_agg(t order by t.position, t.sort, t.id) from (
        select id, position, sort, link, picture_key as "pictureKey", picture_width as "pictureWidth", picture_height as "pictureHeight" from ${adverts} where active) t),
      'advertTexts', (select json_agg(t) from (select advert_id as "advertId", language, title, body from ${advertTexts}) t)
    )::text as tables`);
  const tables = JSON.parse(rowsOf(answer as unknown as { rows: { tables: string }[] })[0]!.tables) as { [Name in keyof Tables]: Tables[Name] | null };
  const { products, texts, pictures, altTexts, specs, specNames, prices, ratings, latest, adverts: advertRows, advertTexts: advertTextRows } = Object.fromEntries(
    Object.entries(tables).map(([name, rows]) => [name, rows ?? []]),
  ) as Tables;
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
    if (product) product.texts[text.language] = { goodsName: text.name, summary: text.summary, description: text.description };
  }
  const pictureById = new Map<number, SnapshotProduct['pictures'][number]>();
  for (const picture of pictures) {
    const entry = { url: options.pictureUrl(picture.storageKey), width: picture.width, height: picture.height, alt: {} };
    pictureById.set(picture.id, entry);
    byId.get(picture.goodsId)?.pictures.push(entry);
  }
  for (const text of altTexts) {
    const picture = pictureById.get(text.pictureId);
    if (picture && text.alt) picture.alt[text.language] = text.alt;
  }
  const specById = new Map<number, SnapshotProduct['specifications'][number]>();
  for (const specification of specs) {
    const entry = { goodsSpecificationId: specification.id, stock: specification.stock, pointsPrice: specification.pointsPrice, pictureIndex: specification.pictureIndex, names: {}, prices: {} };
    specById.set(specification.id, entry);
    byId.get(specification.goodsId)?.specifications.push(entry);
  }
  for (const name of specNames) {
    const spec = specById.get(name.specificationId);
    if (spec) spec.names[name.language as Language] = name.name;
  }
  for (const price of prices) {
    const spec = specById.get(price.specificationId);
    if (spec) spec.prices[price.currency as Currency] = { unitPrice: price.unitPrice, originalPrice: price.originalPrice };
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

  return { takenAt: new Date().toISOString(), testMode: options.testMode, products: [...byId.values()], adverts: snapshotAdverts };
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
  adverts: { id: number; position: string; link: string; pictureKey: string | null; pictureWidth: number | null; pictureHeight: number | null }[];
  advertTexts: { advertId: number; language: Language; title: string; body: string }[];
};

/** node-postgres answers `{ rows }`, PGlite answers `{ rows }` too; drizzle types it loosely. */
const rowsOf = <T>(result: { rows: T[] } | T[]): T[] => (Array.isArray(result) ? result : result.rows);
