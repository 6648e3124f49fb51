import { z } from 'zod';
import { currencies } from '@/lib/locale';
import { categories, productSorts } from './catalog';

export { productSorts, type ProductSort } from './catalog';

/* The goods endpoints' contract, shared by the API (which validates with it) and the storefront. */

const id = z.coerce.number().int().positive();
const pageNum = z.coerce.number().int().min(1).max(10_000).default(1);
const pageSize = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).default(fallback);


export const productListQuerySchema = z.object({
  category: z.enum(categories).optional(),
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

/** Prices in minor units of `currency`; null when the shop does not sell it in that currency. */
const priceFields = {
  currency: z.enum(currencies),
  symbol: z.string(),
  unitPrice: z.number().int().nullable(),
  originalPrice: z.number().int().nullable(),
};

export const pictureSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export type Picture = z.infer<typeof pictureSchema>;

export const productSummarySchema = z.object({
  goodsId: z.number().int(),
  slug: z.string(),
  category: z.enum(categories),
  goodsName: z.string(),
  summary: z.string(),
  picture: pictureSchema.nullable(),
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

export const specificationSchema = z.object({
  goodsSpecificationId: z.number().int(),
  specificationName: z.string(),
  stock: z.number().int(),
  pointsPrice: z.number().int().nullable(),
  ...priceFields,
});
export type Specification = z.infer<typeof specificationSchema>;

export const productDetailsSchema = productSummarySchema.extend({
  description: z.string(),
  pictures: z.array(pictureSchema),
  specifications: z.array(specificationSchema),
});
export type ProductDetails = z.infer<typeof productDetailsSchema>;

export const commentSchema = z.object({
  commentId: z.number().int(),
  rating: z.number().int(),
  authorName: z.string(),
  language: z.string(),
  content: z.string(),
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

/** Products that can be gifted with energy points, with their giftable sizes. */
export const productOptionSchema = z.object({
  goodsId: z.number().int(),
  goodsName: z.string(),
  picture: pictureSchema.nullable(),
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
