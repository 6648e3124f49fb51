import { z } from '@hono/zod-openapi';
import { categories } from '@/lib/categories';
import { recordIdSchema } from '@/lib/record-id';

/*
 * The contract of sales rules: what the back office and the operator CLI send
 * (/api/v1/admin/sales-rules/*), and the rules as they are listed.
 */

/** `*` (everywhere), `MY` (a country) or `US-CA` (a state of it). */
export const regionSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^(?:\*|[A-Z]{2}(?:-[A-Z0-9]{1,3})?)$/);

export const salesRuleInputSchema = z
  .object({
    /**
     * Absent or null: whether the goods may be sold there at all; else the payment method (`paypal`,
     * `card`, `test`, `ep`) the rule says may or may not carry them there.
     */
    payMethod: z.string().trim().min(1).max(20).nullable().default(null),
    /** The category the rule is about, or `goodsId` for one product (which wins over its category). */
    category: z.enum(categories).optional(),
    goodsId: recordIdSchema.optional(),
    region: regionSchema,
    allowed: z.boolean(),
    note: z.string().trim().max(200).default(''),
  })
  .strict()
  .refine((rule) => (rule.category === undefined) !== (rule.goodsId === undefined), {
    message: 'name a category or a product, not both',
    path: ['category'],
  });
export type SalesRuleInput = z.infer<typeof salesRuleInputSchema>;

export const salesRuleSchema = z.object({
  salesRuleId: z.number().int(),
  payMethod: z.string().nullable(),
  category: z.string().nullable(),
  goodsId: z.number().int().nullable(),
  region: z.string(),
  allowed: z.boolean(),
  note: z.string(),
});

export const salesRuleBodySchema = z.object({ rule: salesRuleInputSchema }).strict();
export const salesRuleIdBodySchema = z.object({ salesRuleId: recordIdSchema }).strict();

/** A destination whose orders need an age check by `provider` (`stand-in`, or a provider added beside it); null asks none there. */
export const ageCheckRegionBodySchema = z
  .object({ region: regionSchema, provider: z.string().trim().min(1).max(40).nullable() })
  .strict();
export const ageCheckRegionSchema = z.object({ region: z.string(), provider: z.string() });
