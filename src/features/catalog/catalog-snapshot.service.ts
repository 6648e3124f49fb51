import { and, asc, eq, sql } from 'drizzle-orm';
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
 * Reads everything the pages show in one read-only, repeatable-read transaction: one query per
 * table, whatever the size of the catalogue, so every page of a build sees the same moment.
 */
export async function takeCatalogueSnapshot(
  db: Database,
  options: { pictureUrl: (storageKey: string) => string; testMode: boolean },
): Promise<CatalogueSnapshot> {
  return db.transaction(
    async (tx) => {
      const onSale = eq(goods.onSale, true);
      // One query after another: a transaction is one connection, which runs one query at a time.
      const products = await tx.select().from(goods).where(onSale).orderBy(asc(goods.id));
      const texts = await tx.select({ text: goodsTexts }).from(goodsTexts).innerJoin(goods, and(eq(goods.id, goodsTexts.goodsId), onSale));
      const pictures = await tx
        .select({ picture: goodsPictures })
        .from(goodsPictures)
        .innerJoin(goods, and(eq(goods.id, goodsPictures.goodsId), onSale))
        .orderBy(asc(goodsPictures.position));
      const altTexts = await tx.select().from(goodsPictureTexts);
      const specs = await tx
        .select({ specification: specifications })
        .from(specifications)
        .innerJoin(goods, and(eq(goods.id, specifications.goodsId), onSale))
        .orderBy(asc(specifications.position), asc(specifications.id));
      const specNames = await tx.select().from(specificationTexts);
      const prices = await tx.select().from(specificationPrices);
      const ratings = await tx
        .select({ goodsId: comments.goodsId, sum: sql<number>`sum(${comments.rating})`.mapWith(Number), count: sql<number>`count(*)`.mapWith(Number) })
        .from(comments)
        .where(eq(comments.state, 'approved'))
        .groupBy(comments.goodsId);
      const latest = await tx.execute(sql`
          select id, goods_id, rating, author_name, language, title, content, verified, created_at from (
            select *, row_number() over (partition by goods_id, language order by created_at desc, id desc) as place from ${comments} where state = 'approved'
          ) newest where place <= ${SNAPSHOT_COMMENTS} order by goods_id, created_at desc, id desc`);
      const advertRows = await tx.select().from(adverts).where(eq(adverts.active, true)).orderBy(asc(adverts.position), asc(adverts.sort), asc(adverts.id));
      const advertTextRows = await tx.select().from(advertTexts);

      const byId = new Map<number, SnapshotProduct>();
      for (const product of products) {
        byId.set(product.id, {
          goodsId: product.id,
          slug: product.slug,
          category: product.category,
          soldCount: product.soldCount,
          arrivedAt: product.arrivedAt.toISOString(),
          texts: {},
          pictures: [],
          specifications: [],
          ratingSum: 0,
          commentCount: 0,
          latestComments: [],
        });
      }
      for (const { text } of texts) {
        const product = byId.get(text.goodsId);
        if (product) product.texts[text.language] = { goodsName: text.name, summary: text.summary, description: text.description };
      }
      const pictureById = new Map<number, SnapshotProduct['pictures'][number]>();
      for (const { picture } of pictures) {
        const entry = { url: options.pictureUrl(picture.storageKey), width: picture.width, height: picture.height, alt: {} };
        pictureById.set(picture.id, entry);
        byId.get(picture.goodsId)?.pictures.push(entry);
      }
      for (const text of altTexts) {
        const picture = pictureById.get(text.pictureId);
        if (picture && text.alt) picture.alt[text.language] = text.alt;
      }
      const specById = new Map<number, SnapshotProduct['specifications'][number]>();
      for (const { specification } of specs) {
        const entry = { goodsSpecificationId: specification.id, stock: specification.stock, pointsPrice: specification.pointsPrice, names: {}, prices: {} };
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
      for (const row of rowsOf(latest as unknown as { rows: LatestCommentRow[] } | LatestCommentRow[])) {
        const comment: SnapshotComment = {
          commentId: row.id,
          rating: row.rating,
          authorName: row.author_name,
          language: row.language,
          title: row.title,
          content: row.content,
          verified: row.verified,
          createTime: new Date(row.created_at).toISOString(),
        };
        byId.get(row.goods_id)?.latestComments.push(comment);
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
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

type LatestCommentRow = {
  id: number;
  goods_id: number;
  rating: number;
  author_name: string;
  language: string;
  title: string | null;
  content: string;
  verified: boolean;
  created_at: string | Date;
};

/** node-postgres answers `{ rows }`, PGlite answers `{ rows }` too; drizzle types it loosely. */
const rowsOf = <T>(result: { rows: T[] } | T[]): T[] => (Array.isArray(result) ? result : result.rows);
