import { z } from 'zod';
import { currencies } from '@/lib/locale';
import { SEARCH_MAX_LENGTH, productSorts } from './catalogue';
import { categories } from '@/lib/categories';
import { recordIdParamSchema } from '@/lib/record-id';

/* The goods endpoints' contract, shared by the API (which validates with it) and the storefront. */

const id = recordIdParamSchema;
const pageNum = z.coerce.number().int().min(1).max(10_000).default(1);
const pageSize = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).default(fallback);

/** A blank search is no search. */
const searchText = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
);

export const productListQuerySchema = z.object({
  category: z.enum(categories).optional(),
  /** Words to find in the names and descriptions, in the request language. */
  q: searchText,
  sort: z.enum(productSorts).default('recommended'),
  pageNum,
  pageSize: pageSize(12, 48),
});
export type ProductListQuery = z.input<typeof productListQuerySchema>;

export const goodsIdQuerySchema = z.object({ goodsId: id });
export const recommendationsQuerySchema = z.object({ goodsId: id, size: pageSize(4, 12) });
export const newArrivalsQuerySchema = z.object({ size: pageSize(8, 24) });
export const commentListQuerySchema = z.object({ goodsId: id, pageNum, pageSize: pageSize(5, 20) });
export const specPointsQuerySchema = z.object({ goodsSpecificationId: id });

/** Enough for the largest page of cards a storefront page shows. */
export const STOCK_IDS_MAX = 48;
export const productStockQuerySchema = z.object({
  /** Comma-joined product ids, e.g. `3,12,40`. */
  goodsIds: z
    .string()
    .regex(new RegExp(`^\\d{1,9}(,\\d{1,9}){0,${STOCK_IDS_MAX - 1}}$`))
    .transform((value) => [...new Set(value.split(',').map(Number))]),
  /** Where the shopper ships (ISO 3166-1 alpha-2), when the page knows it: each product then says whether it is sold there. */
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  /** The state within `country` (`CA`, `10`), when known; a state's rule wins over its country's. */
  state: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{1,3}$/)
    .optional(),
});

/** Prices in minor units of `currency`; null when the shop does not sell it in that currency. */
const priceFields = {
  currency: z.enum(currencies),
  symbol: z.string(),
  unitPrice: z.number().int().nullable(),
  originalPrice: z.number().int().nullable(),
};

export const pictureSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export type Picture = z.infer<typeof pictureSchema>;
/** A product's picture; `alt` says what it shows in the request's language, or is the product's name when the editors wrote nothing. */
export const productPictureSchema = pictureSchema.extend({ alt: z.string() });
export type ProductPicture = z.infer<typeof productPictureSchema>;

export const productSummarySchema = z.object({
  goodsId: z.number().int(),
  slug: z.string(),
  category: z.enum(categories),
  goodsName: z.string(),
  summary: z.string(),
  picture: productPictureSchema.nullable(),
  /** The lowest price among the specifications sold in the currency. */
  ...priceFields,
  rating: z.number().nullable(),
  commentCount: z.number().int(),
  inStock: z.boolean(),
  onSale: z.boolean(),
  arrivedAt: z.string(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const productPageSchema = z.object({
  list: z.array(productSummarySchema),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
export type ProductPage = z.infer<typeof productPageSchema>;

export const productSizeSchema = z.object({
  goodsSpecificationId: z.number().int(),
  specificationName: z.string(),
  stock: z.number().int(),
  pointsPrice: z.number().int().nullable(),
  /** Which of `pictures` shows this option (e.g. its colour); null when none in particular. */
  pictureIndex: z.number().int().nullable(),
  ...priceFields,
});
export type ProductSize = z.infer<typeof productSizeSchema>;

/** An option's picture among the product's pictures; null once editors left fewer pictures than it points at. */
export const pictureIndexWithin = (index: number | null, pictureCount: number) =>
  index !== null && index >= 0 && index < pictureCount ? index : null;

export const productDetailsSchema = productSummarySchema.extend({
  description: z.string(),
  pictures: z.array(productPictureSchema),
  specifications: z.array(productSizeSchema),
});
export type ProductDetails = z.infer<typeof productDetailsSchema>;

/**
 * What `goods/getProductDetails` answers and the pages carry: the product without each size's stock.
 * The answer is cached for minutes (by the shop, a CDN, an API client), so a unit count in it would be
 * stale; `goods/queryProductStock` answers live stock, never cached (decision 058).
 */
export const publishedProductDetailsSchema = productDetailsSchema.extend({
  specifications: z.array(productSizeSchema.omit({ stock: true })),
});
export type PublishedProductDetails = z.infer<typeof publishedProductDetailsSchema>;

export const withoutStock = (product: ProductDetails): PublishedProductDetails => ({
  ...product,
  specifications: product.specifications.map(({ stock: _stock, ...specification }) => specification),
});

export const commentSchema = z.object({
  commentId: z.number().int(),
  rating: z.number().int(),
  /** Empty when the reviewer chose to be shown as "Verified buyer" alone. */
  authorName: z.string(),
  language: z.string(),
  title: z.string().nullable(),
  content: z.string(),
  /** Written by a customer who bought the product; seeded and imported reviews are not. */
  verified: z.boolean(),
  createTime: z.string(),
});
export const commentPageSchema = z.object({
  list: z.array(commentSchema),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  averageRating: z.number().nullable(),
});
export type CommentPage = z.infer<typeof commentPageSchema>;

/** What changes between publishes: whether a product is on sale and each size's stock. */
export const productStockSchema = z.object({
  goodsId: z.number().int(),
  onSale: z.boolean(),
  inStock: z.boolean(),
  specifications: z.array(z.object({ goodsSpecificationId: z.number().int(), stock: z.number().int() })),
  /** True when a sales rule refuses the product at the `country` (and `state`) asked; false without one (docs/decisions/077-sales-rules.md). */
  notSoldThere: z.boolean(),
});
export type ProductStock = z.infer<typeof productStockSchema>;

/** Products that can be gifted with energy points, with their giftable sizes. */
export const productOptionSchema = z.object({
  goodsId: z.number().int(),
  goodsName: z.string(),
  picture: productPictureSchema.nullable(),
  specifications: z.array(
    z.object({ goodsSpecificationId: z.number().int(), specificationName: z.string(), pointsPrice: z.number().int() }),
  ),
});
export type ProductOption = z.infer<typeof productOptionSchema>;

export const specPointsSchema = z.object({
  goodsSpecificationId: z.number().int(),
  goodsId: z.number().int(),
  pointsPrice: z.number().int(),
});

/** Everything the prebuilt pages show, in all languages and currencies, read at one moment (see src/publish/snapshot.ts). */
const byLanguage = <T extends z.ZodType>(value: T) =>
  z.object({ EN: value.optional(), ZH: value.optional(), MS: value.optional() });
export const catalogueSnapshotSchema = z.object({
  takenAt: z.string(),
  testMode: z.boolean(),
  products: z.array(
    z.object({
      goodsId: z.number().int(),
      slug: z.string(),
      category: z.enum(categories),
      soldCount: z.number().int(),
      arrivedAt: z.string(),
      texts: byLanguage(z.object({ goodsName: z.string(), summary: z.string(), description: z.string() })),
      /** `alt`: what the picture shows, in the languages the editors wrote it in. */
      pictures: z.array(pictureSchema.extend({ alt: byLanguage(z.string()) })),
      specifications: z.array(
        z.object({
          goodsSpecificationId: z.number().int(),
          stock: z.number().int(),
          pointsPrice: z.number().int().nullable(),
          pictureIndex: z.number().int().nullable(),
          names: byLanguage(z.string()),
          prices: z.object(
            Object.fromEntries(
              currencies.map((currency) => [
                currency,
                z.object({ unitPrice: z.number().int(), originalPrice: z.number().int().nullable() }).optional(),
              ]),
            ) as Record<
              (typeof currencies)[number],
              z.ZodOptional<z.ZodObject<{ unitPrice: z.ZodNumber; originalPrice: z.ZodNullable<z.ZodNumber> }>>
            >,
          ),
        }),
      ),
      ratingSum: z.number().int(),
      commentCount: z.number().int(),
      latestComments: z.array(commentSchema),
    }),
  ),
  adverts: z.array(
    z.object({
      advertisingId: z.number().int(),
      position: z.string(),
      link: z.string(),
      picture: pictureSchema.nullable(),
      texts: byLanguage(z.object({ title: z.string(), body: z.string() })),
    }),
  ),
});
export type CatalogueSnapshot = z.infer<typeof catalogueSnapshotSchema>;
