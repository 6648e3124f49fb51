import { createHash } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { languages } from '@/lib/locale';
import type { Database, Transaction } from '@/server/db/client';
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
import { isValidStorageKey, type Storage } from '@/server/storage/storage';
import { storePictureWithVariants } from './picture-variants';
import {
  catalogueImportSchema,
  type CatalogueImport,
  type LocalizedText,
  type PictureAlt,
} from './catalogue-import.schema';

/** Turns a picture reference of the import (a file path, or `art:…` for generated art) into its bytes. */
export type PictureLoader = (reference: string) => Promise<Buffer>;

const DAY_MS = 24 * 60 * 60 * 1000;
const PICTURE_MAX_PX = 1200;
/** Banners are shown wider than product pictures. */
export const ADVERT_PICTURE_MAX_PX = 1600;

/**
 * Creates or updates products (by slug), specifications (by sku) and adverts (by key). Importing the
 * same catalogue again changes nothing a customer would see. Specifications missing from the import
 * are left as they are: orders may still point at them.
 */
export async function importCatalogue(
  db: Database,
  storage: Storage,
  input: CatalogueImport,
  loadPicture: PictureLoader,
) {
  const catalogue = catalogueImportSchema.parse(input);
  const now = Date.now();

  for (const product of catalogue.products) {
    const pictures = await Promise.all(
      product.pictures.map(({ src }, index) =>
        isStoredPicture(src)
          ? keepStoredPicture(storage, src, 'goods/')
          : storePicture(storage, `goods/${product.slug}-${index}`, loadPicture(src)),
      ),
    );
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(products)
        .values({
          slug: product.slug,
          category: product.category,
          onSale: product.onSale,
          soldCount: product.soldCount,
          arrivedAt: new Date(now - product.arrivedDaysAgo * DAY_MS),
        })
        .onConflictDoUpdate({
          target: products.slug,
          set: { category: product.category, onSale: product.onSale, soldCount: product.soldCount },
        })
        .returning({ id: products.id });
      const goodsId = row!.id;

      await tx
        .insert(productTexts)
        .values(
          languages.map((language) => ({
            goodsId,
            language,
            name: product.name[language],
            summary: product.summary[language],
            description: product.description[language],
          })),
        )
        .onConflictDoUpdate({
          target: [productTexts.goodsId, productTexts.language],
          set: { name: sql`excluded.name`, summary: sql`excluded.summary`, description: sql`excluded.description` },
        });

      // A picture given without alt texts keeps those it has (the same stored picture) in this product.
      const kept = await pictureAltsOf(tx, goodsId);
      await tx.delete(productPictures).where(eq(productPictures.goodsId, goodsId));
      const inserted = await tx
        .insert(productPictures)
        .values(pictures.map((picture, position) => ({ goodsId, position, ...picture })))
        .returning({ id: productPictures.id, position: productPictures.position });
      const altTexts = inserted.flatMap(({ id, position }) => {
        const alt = product.pictures[position]!.alt ?? kept.get(pictures[position]!.storageKey);
        return languages.flatMap((language) =>
          alt?.[language] ? [{ pictureId: id, language, alt: alt[language] }] : [],
        );
      });
      if (altTexts.length) await tx.insert(productPictureTexts).values(altTexts);

      for (const [position, specification] of product.specifications.entries()) {
        const pictureIndex =
          specification.picture === undefined
            ? null
            : product.pictures.findIndex(({ src }) => src === specification.picture);
        const [spec] = await tx
          .insert(productSizes)
          .values({
            goodsId,
            sku: specification.sku,
            position,
            stock: specification.stock,
            pointsPrice: specification.pointsPrice ?? null,
            pictureIndex,
          })
          .onConflictDoUpdate({
            target: productSizes.sku,
            set: {
              goodsId,
              position,
              stock: specification.stock,
              pointsPrice: specification.pointsPrice ?? null,
              pictureIndex,
            },
          })
          .returning({ id: productSizes.id });
        const specificationId = spec!.id;
        await upsertTexts(tx, specificationId, specification.name);
        await tx.delete(productSizePrices).where(eq(productSizePrices.specificationId, specificationId));
        const prices = Object.entries(specification.prices).flatMap(([currency, price]) =>
          price
            ? [
                {
                  specificationId,
                  currency: currency as keyof typeof specification.prices,
                  unitPrice: price.unitPrice,
                  originalPrice: price.originalPrice ?? null,
                },
              ]
            : [],
        );
        if (prices.length) await tx.insert(productSizePrices).values(prices);
      }

      const [existing] = await tx.select({ n: count() }).from(comments).where(eq(comments.goodsId, goodsId));
      if (existing?.n === 0 && product.comments.length) {
        await tx.insert(comments).values(
          product.comments.map((comment) => ({
            goodsId,
            rating: comment.rating,
            authorName: comment.authorName,
            language: comment.language,
            content: comment.content,
            createdAt: new Date(now - comment.daysAgo * DAY_MS),
          })),
        );
      }
    });
  }

  for (const advert of catalogue.adverts) {
    const picture = !advert.picture
      ? null
      : isStoredPicture(advert.picture)
        ? await keepStoredPicture(storage, advert.picture, 'adverts/')
        : await storePicture(storage, `adverts/${advert.key}`, loadPicture(advert.picture), ADVERT_PICTURE_MAX_PX);
    await db.transaction(async (tx) => {
      const values = {
        key: advert.key,
        position: advert.position,
        sort: advert.sort,
        link: advert.link,
        pictureKey: picture?.storageKey ?? null,
        pictureWidth: picture?.width ?? null,
        pictureHeight: picture?.height ?? null,
        active: advert.active,
      };
      const [row] = await tx
        .insert(adverts)
        .values(values)
        .onConflictDoUpdate({ target: adverts.key, set: values })
        .returning({ id: adverts.id });
      await tx
        .insert(advertTexts)
        .values(
          languages.map((language) => ({
            advertId: row!.id,
            language,
            title: advert.title[language],
            body: advert.body[language],
          })),
        )
        .onConflictDoUpdate({
          target: [advertTexts.advertId, advertTexts.language],
          set: { title: sql`excluded.title`, body: sql`excluded.body` },
        });
    });
  }

  return { products: catalogue.products.length, adverts: catalogue.adverts.length };
}

/** The alt texts of a product's pictures, by storage key. */
async function pictureAltsOf(tx: Transaction, goodsId: number) {
  const rows = await tx
    .select({
      storageKey: productPictures.storageKey,
      language: productPictureTexts.language,
      alt: productPictureTexts.alt,
    })
    .from(productPictureTexts)
    .innerJoin(productPictures, eq(productPictures.id, productPictureTexts.pictureId))
    .where(eq(productPictures.goodsId, goodsId));
  const byKey = new Map<string, PictureAlt>();
  for (const row of rows) {
    const alt = byKey.get(row.storageKey) ?? { EN: '', ZH: '', MS: '' };
    alt[row.language] = row.alt;
    byKey.set(row.storageKey, alt);
  }
  return byKey;
}

async function upsertTexts(tx: Transaction, specificationId: number, name: LocalizedText) {
  await tx
    .insert(productSizeTexts)
    .values(languages.map((language) => ({ specificationId, language, name: name[language] })))
    .onConflictDoUpdate({
      target: [productSizeTexts.specificationId, productSizeTexts.language],
      set: { name: sql`excluded.name` },
    });
}

/** A picture reference to a picture the shop already stores (`stored:goods/…webp`), as exports write them. */
export const STORED_PICTURE = 'stored:';
export const isStoredPicture = (reference: string) => reference.startsWith(STORED_PICTURE);

/** A picture already in storage (under `folder`, `goods/` or `adverts/`) stays as it is: no second encoding, the same URL. */
async function keepStoredPicture(storage: Storage, reference: string, folder: 'goods/' | 'adverts/') {
  const storageKey = reference.slice(STORED_PICTURE.length);
  const bytes = isValidStorageKey(storageKey) && storageKey.startsWith(folder) ? await storage.get(storageKey) : null;
  if (!bytes) throw new Error(`No stored picture ${storageKey}`);
  const { width, height } = await sharp(bytes).metadata();
  return { storageKey, width: width ?? 0, height: height ?? 0 };
}

/**
 * Re-encodes a picture as WebP no larger than the shop shows it, and stores it under a key that
 * carries its content hash, so a changed picture gets a new URL and caches never serve a stale one,
 * with the sizes the pages show it at (picture-variants.ts): all of them, or nothing.
 */
export async function storePicture(
  storage: Storage,
  keyPrefix: string,
  source: Promise<Buffer>,
  maxPx = PICTURE_MAX_PX,
) {
  const { data, info } = await sharp(await source)
    .rotate()
    .resize({ width: maxPx, height: maxPx, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 10);
  const storageKey = `${keyPrefix}-${hash}.webp`;
  await storePictureWithVariants(storage, storageKey, data);
  return { storageKey, width: info.width, height: info.height };
}
