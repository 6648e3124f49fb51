import { asc, inArray } from 'drizzle-orm';
import type { PictureImport, ProductImport } from '@/features/catalogue/catalogue-import.schema';
import { STORED_PICTURE } from '@/features/catalogue/catalogue-import.service';
import { currencies, languages, type Currency, type Language } from '@/lib/locale';
import type { Executor } from '@/server/db/client';
import {
  products,
  productPictures,
  productPictureTexts,
  productTexts,
  productSizePrices,
  productSizes,
  productSizeTexts,
} from '@/server/db/schema';

/* Products read out in the catalogue import format, as the editor, the export and the audit show them. */

const DAY_MS = 24 * 60 * 60 * 1000;

/** One text of each language from per-language rows; '' for a language without a row. */
export const localized = <T extends { language: Language }>(rows: T[], pick: (row: T) => string) =>
  Object.fromEntries(
    languages.map((language) => [
      language,
      rows.find((row) => row.language === language) ? pick(rows.find((row) => row.language === language)!) : '',
    ]),
  ) as Record<Language, string>;

/** Products in the import format (pictures as `stored:` references), by slug; all of them without slugs. */
export async function exportProducts(db: Executor, slugs?: string[], now = Date.now()): Promise<ProductImport[]> {
  const rows = await db
    .select()
    .from(products)
    .where(slugs ? inArray(products.slug, slugs.length ? slugs : ['']) : undefined)
    .orderBy(asc(products.id));
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const [texts, pictures, specs] = await Promise.all([
    db.select().from(productTexts).where(inArray(productTexts.goodsId, ids)),
    db
      .select()
      .from(productPictures)
      .where(inArray(productPictures.goodsId, ids))
      .orderBy(asc(productPictures.position)),
    db
      .select()
      .from(productSizes)
      .where(inArray(productSizes.goodsId, ids))
      .orderBy(asc(productSizes.position), asc(productSizes.id)),
  ]);
  const specIds = specs.map((spec) => spec.id);
  const pictureIds = pictures.map((picture) => picture.id);
  const [specTexts, prices, altTexts] = await Promise.all([
    specIds.length ? db.select().from(productSizeTexts).where(inArray(productSizeTexts.specificationId, specIds)) : [],
    specIds.length
      ? db.select().from(productSizePrices).where(inArray(productSizePrices.specificationId, specIds))
      : [],
    pictureIds.length
      ? db.select().from(productPictureTexts).where(inArray(productPictureTexts.pictureId, pictureIds))
      : [],
  ]);
  return rows.map((row) => {
    const own = texts.filter((text) => text.goodsId === row.id);
    return {
      slug: row.slug,
      category: row.category,
      onSale: row.onSale,
      arrivedDaysAgo: Math.max(0, Math.floor((now - row.arrivedAt.getTime()) / DAY_MS)),
      soldCount: row.soldCount,
      name: localized(own, (text) => text.name),
      summary: localized(own, (text) => text.summary),
      description: localized(own, (text) => text.description),
      pictures: pictures
        .filter((picture) => picture.goodsId === row.id)
        .map((picture): PictureImport => {
          const src = `${STORED_PICTURE}${picture.storageKey}`;
          const own = altTexts.filter((text) => text.pictureId === picture.id);
          return own.length ? { src, alt: localized(own, (text) => text.alt) } : src;
        }),
      specifications: specs
        .filter((spec) => spec.goodsId === row.id)
        .map((spec) => ({
          sku: spec.sku,
          name: localized(
            specTexts.filter((text) => text.specificationId === spec.id),
            (text) => text.name,
          ),
          stock: spec.stock,
          ...(spec.pointsPrice === null ? {} : { pointsPrice: spec.pointsPrice }),
          prices: Object.fromEntries(
            prices
              .filter((price) => price.specificationId === spec.id)
              .sort((a, b) => currencies.indexOf(a.currency) - currencies.indexOf(b.currency))
              .map((price) => [
                price.currency,
                price.originalPrice === null
                  ? { unitPrice: price.unitPrice }
                  : { unitPrice: price.unitPrice, originalPrice: price.originalPrice },
              ]),
          ) as Partial<Record<Currency, { unitPrice: number; originalPrice?: number }>>,
        })),
    };
  });
}
