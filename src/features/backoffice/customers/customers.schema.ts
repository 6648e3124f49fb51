import { z } from '@hono/zod-openapi';
import { recordIdParamSchema, recordIdSchema } from '@/lib/record-id';
import { adminOrderRowSchema } from '../orders/orders-board.schema';

/* The contract of customers and the energy programme under /api/v1/admin/customers and /programme. */

export const customerQuerySchema = z.object({
  /** Part of an email or a name. */
  q: z.string().trim().max(100).optional(),
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type CustomerQuery = z.infer<typeof customerQuerySchema>;
export const customerIdQuerySchema = z.object({ id: recordIdParamSchema });
export const customerIdBodySchema = z.object({ id: recordIdSchema });

const customerRowSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  createTime: z.string(),
  disabled: z.boolean(),
  erased: z.boolean(),
});
export const customerPageSchema = z.object({
  list: z.array(customerRowSchema),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
export const customerDetailsSchema = customerRowSchema
  .extend({
    shareCode: z.string(),
    rebateRate: z.number(),
    referrer: z.string().nullable(),
    balance: z.number().int(),
    /** Points taken back after they were spent, paid first from later credits (docs/decisions/076). */
    owed: z.number().int(),
    signedInBrowsers: z.number().int(),
    orders: z.array(adminOrderRowSchema.omit({ email: true })),
    ledger: z.array(
      z.object({
        transactionNo: z.string(),
        type: z.string(),
        points: z.number().int(),
        balanceAfter: z.number().int(),
        reference: z.string(),
        time: z.string(),
      }),
    ),
    friends: z.array(customerRowSchema),
  })
  .openapi('AdminCustomer');

export const programmeSchema = z
  .object({
    rebates: z.object({ points: z.number().int(), count: z.number().int() }),
    pointsOutstanding: z.number().int(),
    openGifts: z.object({ points: z.number().int(), count: z.number().int() }),
    topSharers: z.array(
      z.object({ id: z.number().int(), email: z.string(), friends: z.number().int(), rebatePoints: z.number().int() }),
    ),
  })
  .openapi('ProgrammeFigures');
export const ledgerCheckSchema = z.object({
  customers: z.number().int(),
  records: z.number().int(),
  problems: z.array(z.object({ userId: z.number().int(), recordId: z.number().int(), problem: z.string() })),
});
