import { z } from '@hono/zod-openapi';
import { categories } from '@/lib/categories';
import { productImportSchema } from '@/features/catalogue/catalogue-import.schema';

/* The contract of /api/v1/admin/catalogue/*: products in the catalogue import format. */

const slug = z.string().trim().min(1).max(80);

export const catalogueQuerySchema = z.object({
  /** Part of a name (any language) or of the slug. */
  q: z.string().trim().max(60).optional(),
  category: z.enum(categories).optional(),
  onSale: z.enum(['yes', 'no']).optional(),
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type CatalogueQuery = z.infer<typeof catalogueQuerySchema>;

export const catalogueRowSchema = z.object({
  slug: z.string(),
  name: z.string(),
  category: z.enum(categories),
  onSale: z.boolean(),
  sizes: z.number().int(),
  stock: z.number().int(),
  /** Languages with an empty name, summary or description. */
  missingLanguages: z.array(z.string()),
});
export const cataloguePageSchema = z.object({
  list: z.array(catalogueRowSchema),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});

export const slugQuerySchema = z.object({ slug });

/**
 * A product as the import format writes it. The server checks it with that format's own rules (and
 * answers every broken one at once, in `data.issues`); the document publishes those rules.
 */
const { $schema: _dialect, ...productImportJsonSchema } = z.toJSONSchema(productImportSchema, {
  io: 'input',
  unrepresentable: 'any',
});
export const productBodySchema = z.object({ product: z.record(z.string(), z.unknown()).meta(productImportJsonSchema) });

/** The product in the import format, with the URLs its stored pictures are served at. */
export const editableProductSchema = z.object({
  product: z.record(z.string(), z.unknown()),
  pictureUrls: z.array(z.string()),
});

export const uploadedPictureSchema = z.object({ reference: z.string(), url: z.string() });

export const pictureFormSchema = z.object({
  file: z.instanceof(File).openapi({
    type: 'string',
    format: 'binary',
    description: 'A JPEG, PNG or WebP picture of at most 8 MB, stored as WebP',
  }),
});

/** A catalogue file's text as the operator picked it: the JSON import format or CSV. */
export const catalogueImportBodySchema = z.object({
  format: z.enum(['json', 'csv']),
  content: z.string().min(1).max(4_000_000),
  /** false: only answer what would change. */
  apply: z.boolean(),
});
export const importPlanSchema = z.object({
  plan: z.object({
    created: z.array(z.string()),
    changed: z.array(z.object({ slug: z.string(), fields: z.array(z.string()) })),
    takenDown: z.array(z.string()),
    unchanged: z.number().int(),
  }),
  applied: z.boolean(),
});
export const catalogueExportSchema = z.object({ products: z.array(z.record(z.string(), z.unknown())) });
