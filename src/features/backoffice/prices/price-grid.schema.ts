import { z } from '@hono/zod-openapi';
import { categories } from '@/lib/categories';
import { currencies, languages } from '@/lib/locale';

/*
 * The contract of the price and stock grid under /api/v1/admin/catalogue/grid: every size × currency
 * of a page of products, cell edits saved as one change set, bulk actions with a preview. Values are
 * only typed here; whether a price, stock or points figure is valid is the catalogue import's rule,
 * which the service applies (docs/decisions/046-price-and-stock-grid.md).
 */

const texts = z.object(
  Object.fromEntries(languages.map((language) => [language, z.string()])) as Record<
    (typeof languages)[number],
    z.ZodString
  >,
);
const sku = z.string().trim().min(1).max(80);

export const gridPriceSchema = z.object({ unitPrice: z.number().int(), originalPrice: z.number().int().nullable() });
export const gridSizeSchema = z.object({
  sku: z.string(),
  name: texts,
  stock: z.number().int(),
  pointsPrice: z.number().int().nullable(),
  /** null: this size is not sold in that currency. */
  prices: z.object(
    Object.fromEntries(currencies.map((currency) => [currency, gridPriceSchema.nullable()])) as Record<
      (typeof currencies)[number],
      z.ZodNullable<typeof gridPriceSchema>
    >,
  ),
});
export const gridProductSchema = z.object({
  slug: z.string(),
  name: texts,
  category: z.enum(categories),
  onSale: z.boolean(),
  sizes: z.array(gridSizeSchema),
});
export const gridPageSchema = z.object({
  list: z.array(gridProductSchema),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
export type GridSize = z.infer<typeof gridSizeSchema>;
export type GridProduct = z.infer<typeof gridProductSchema>;
export type GridPage = z.infer<typeof gridPageSchema>;

export const priceFields = ['unitPrice', 'originalPrice'] as const;
export type PriceField = (typeof priceFields)[number];

/** A number the operator typed; the catalogue's rules decide whether it is valid, naming the cell. */
const figure = z.number().nullable();

/** One edited cell. A stock edit carries the figure the grid showed, so sales since then are kept. */
export const cellEditSchema = z.discriminatedUnion('field', [
  z.object({ field: z.enum(priceFields), sku, currency: z.enum(currencies), value: figure }),
  z.object({ field: z.literal('pointsPrice'), sku, value: figure }),
  z.object({ field: z.literal('stock'), sku, value: z.number(), seen: z.number().int() }),
]);
export type CellEdit = z.infer<typeof cellEditSchema>;
export const gridSaveBodySchema = z.object({ edits: z.array(cellEditSchema).min(1).max(3000) });

/** What a bulk action does to each selected size (or, for sale and category, to its product). */
export const bulkActionSchema = z.discriminatedUnion('kind', [
  /** Sets a price to an amount in minor units; an original price may be removed (null). */
  z.object({
    kind: z.literal('set-price'),
    currencies: z.array(z.enum(currencies)).min(1),
    field: z.enum(priceFields),
    amount: z.number().int().nullable(),
  }),
  /** Raises (positive) or lowers (negative) prices by a percentage (to 0.01 %) or an amount in minor units. */
  z.object({
    kind: z.literal('change-price'),
    currencies: z.array(z.enum(currencies)).min(1),
    fields: z.array(z.enum(priceFields)).min(1),
    by: z.enum(['percent', 'amount']),
    value: z.number().min(-100_000_000).max(100_000_000),
  }),
  z.object({ kind: z.literal('on-sale'), onSale: z.boolean() }),
  z.object({ kind: z.literal('move-category'), category: z.enum(categories) }),
]);
export type BulkAction = z.infer<typeof bulkActionSchema>;
export const gridBulkBodySchema = z.object({
  skus: z.array(sku).min(1).max(1000),
  action: bulkActionSchema,
  /** true: only answer what would change. */
  preview: z.boolean(),
});

export const changeFields = ['unitPrice', 'originalPrice', 'stock', 'pointsPrice', 'onSale', 'category'] as const;
const cellValue = z.union([z.number(), z.string(), z.boolean()]).nullable();
/** One cell before → after; `cell` names it as refusals do (`robe-s.prices.CNY.unitPrice`, `silk-robe.category`). */
export const cellChangeSchema = z.object({
  cell: z.string(),
  slug: z.string(),
  /** null for what belongs to the product (on sale, category). */
  sku: z.string().nullable(),
  field: z.enum(changeFields),
  currency: z.enum(currencies).nullable(),
  before: cellValue,
  after: cellValue,
});
export type CellChange = z.infer<typeof cellChangeSchema>;
export const changeSetSchema = z.object({ changes: z.array(cellChangeSchema), applied: z.boolean() });
export type ChangeSet = z.infer<typeof changeSetSchema>;
