import { z } from '@hono/zod-openapi';

/* The contract of issuing anti-counterfeit codes under /api/v1/admin/verifyCodes. */

/** At most 10 000 codes per batch from the back office (the CLI issues larger ones). */
export const VERIFY_BATCH_MAX = 10_000;
export const verifyCodesBodySchema = z.object({
  sku: z.string().trim().min(1).max(100),
  count: z.number().int().min(1).max(VERIFY_BATCH_MAX),
});
