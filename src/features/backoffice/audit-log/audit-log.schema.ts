import { z } from '@hono/zod-openapi';
import { recordIdParamSchema } from '@/lib/record-id';

/* The contract of the audit log under /api/v1/admin/audit. */

export const auditQuerySchema = z.object({
  action: z.string().trim().max(60).optional(),
  before: recordIdParamSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.string(),
  action: z.string(),
  subject: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  time: z.string(),
});
