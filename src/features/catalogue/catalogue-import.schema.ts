import { z } from 'zod';
import { currencies, languages } from '@/lib/locale';
import { PICTURE_ALT_MAX } from './catalogue';
import { categories } from '@/lib/categories';
import { INTEGER_COLUMN_MAX } from '@/lib/record-id';
import { shopPath } from '@/lib/shop-link';

/**
 * The catalogue exchange format: what the operator imports from JSON (or CSV turned into it) and
 * what the demo catalogue is written in. Importing the same file twice changes nothing.
 */

/** A text in every language the shop speaks. */
export const localizedTextSchema = z.object(
  Object.fromEntries(languages.map((language) => [language, z.string().trim().min(1)])) as Record<
    (typeof languages)[number],
    z.ZodString
  >,
);
export type LocalizedText = z.infer<typeof localizedTextSchema>;

const altText = z.string().trim().max(PICTURE_ALT_MAX).default('');

/** What a picture shows, for screen readers, in each language; empty: the product's name stands in. */
export const pictureAltSchema = z.object(
  Object.fromEntries(languages.map((language) => [language, altText])) as Record<
    (typeof languages)[number],
    typeof altText
  >,
);
export type PictureAlt = z.output<typeof pictureAltSchema>;

/**
 * A picture: its reference alone (as files before alt texts were written), or `{ src, alt }`. A
 * reference alone keeps the alt texts the product's same picture has; `alt` sets them.
 */
export const pictureImportSchema = z.union([
  z
    .string()
    .min(1)
    .transform((src) => ({ src }) as { src: string; alt?: PictureAlt }),
  z.object({ src: z.string().min(1), alt: pictureAltSchema.optional() }),
]);
export type PictureImport = z.input<typeof pictureImportSchema>;

/** Bounded to the integer columns they are stored in, so an outsize figure is refused, not a database fault. */
const minorUnits = z.number().int().positive().max(INTEGER_COLUMN_MAX);
const count = z.number().int().min(0).max(INTEGER_COLUMN_MAX);
/** Up to a century back. */
const daysAgo = z.number().int().min(0).max(36_500);

export const priceImportSchema = z
  .object({ unitPrice: minorUnits, originalPrice: minorUnits.optional() })
  .refine((price) => price.originalPrice === undefined || price.originalPrice >= price.unitPrice, {
    message: 'originalPrice must not be below unitPrice',
    path: ['originalPrice'],
  });

export const sizeImportSchema = z.object({
  /** Stable key, unique across the shop: re-importing updates the specification with this sku. */
  sku: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  name: localizedTextSchema,
  stock: count,
  /** Energy points price for gift coupons; absent when this size cannot be gifted. */
  pointsPrice: z.number().int().positive().max(INTEGER_COLUMN_MAX).optional(),
  /** The product's picture showing this option: one of its `pictures` references (e.g. the colour). */
  picture: z.string().min(1).optional(),
  /** A currency left out is a currency this size is not sold in. */
  prices: z.object(
    Object.fromEntries(currencies.map((currency) => [currency, priceImportSchema.optional()])) as Record<
      (typeof currencies)[number],
      z.ZodOptional<typeof priceImportSchema>
    >,
  ),
});

export const commentImportSchema = z.object({
  rating: z.number().int().min(1).max(5),
  authorName: z.string().trim().min(1).max(50),
  language: z.enum(languages),
  content: z.string().trim().min(1).max(2000),
  /** How long ago the review was written; the import dates it from now. */
  daysAgo: daysAgo.default(0),
});

export const productImportSchema = z
  .object({
    slug: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
    category: z.enum(categories),
    onSale: z.boolean().default(true),
    /** How long ago the product arrived; the newest are the new arrivals. */
    arrivedDaysAgo: daysAgo.default(0),
    soldCount: count.default(0),
    name: localizedTextSchema,
    summary: localizedTextSchema,
    description: localizedTextSchema,
    /** Pictures, first is the main picture; references are file paths relative to the import file. */
    pictures: z.array(pictureImportSchema).min(1).max(8),
    specifications: z.array(sizeImportSchema).min(1),
    /** Imported only into a product that has no reviews yet. */
    comments: z.array(commentImportSchema).default([]),
  })
  .refine(
    (product) =>
      product.specifications.every(
        (specification) =>
          specification.picture === undefined || product.pictures.some(({ src }) => src === specification.picture),
      ),
    { message: "a specification's picture must be one of the product's pictures", path: ['specifications'] },
  );

/** A path from the shop's root that stays in the shop: `//host`, `/\host`, `https:` and `javascript:` links do not. */
const isShopLink = (link: string) => shopPath(link, 'http://shop.invalid') !== null;

/** A link inside the shop, e.g. `/productsList?category=toys`. */
export const shopLinkSchema = z
  .string()
  .trim()
  .max(500)
  .refine(isShopLink, 'Give a link inside the shop, starting with /')
  .meta({ pattern: '^/(?:[^/\\\\\\s]\\S*)?$' });

export const advertImportSchema = z.object({
  /** Stable key: re-importing updates the advert with this key. */
  key: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  position: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  sort: z.number().int().min(0).max(32_767).default(0),
  link: shopLinkSchema.default('/'),
  picture: z.string().min(1).optional(),
  /** Shown on the pages; an advert switched off stays in the back office. */
  active: z.boolean().default(true),
  title: localizedTextSchema,
  body: localizedTextSchema,
});

export const catalogueImportSchema = z.object({
  products: z.array(productImportSchema).default([]),
  adverts: z.array(advertImportSchema).default([]),
});

export type ProductImport = z.input<typeof productImportSchema>;
export type AdvertImport = z.input<typeof advertImportSchema>;
export type CatalogueImport = z.input<typeof catalogueImportSchema>;
export type ParsedCatalogueImport = z.output<typeof catalogueImportSchema>;
