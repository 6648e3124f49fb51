import { z } from '@hono/zod-openapi';
import { recordIdSchema } from '@/lib/record-id';

/* The contract of the mail outbox under /api/v1/admin/mail: what waits and what failed, and sending a failed mail again. */

const unsentMailSchema = z.object({
  id: z.number().int(),
  /** One of the outbox's kinds (src/server/mail/outbox.ts, `mailKinds`). */
  kind: z.string(),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(['waiting', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** Waiting: when it is tried next (null: at once). */
  nextAttemptAt: z.string().nullable(),
  /** Failed: when it was given up. */
  settledAt: z.string().nullable(),
});
export type UnsentMail = z.infer<typeof unsentMailSchema>;

export const mailOutboxSchema = z
  .object({
    counts: z.object({ waiting: z.number().int(), sent: z.number().int(), failed: z.number().int() }),
    /** The newest hundred not sent. */
    unsent: z.array(unsentMailSchema),
  })
  .openapi('MailOutbox');
export type MailOutboxView = z.infer<typeof mailOutboxSchema>;

export const mailIdBodySchema = z.object({ id: recordIdSchema });
