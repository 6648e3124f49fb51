import { z } from '@hono/zod-openapi';
import { recordAudit } from '@/features/audit/audit';
import type { ShopDeps } from '@/server/deps';
import { invalidInput } from '@/server/http/errors';
import { createRouter, getRoute, jsonRoute, ok } from '@/server/http/router';
import { countMail, listUnsentMail, retryFailedMail } from '@/server/mail/outbox';
import { actorOf, requireOperator } from '../operators/operator-auth';
import { mailIdBodySchema, mailOutboxSchema, type MailOutboxView } from './mail.schema';

const tag = 'Back office';

/** The mail outbox under /api/v1/admin/mail: mails still waiting or given up (addresses: customers' data, admin only). */
export function mailOutboxRoutes(deps: ShopDeps) {
  return createRouter()
    .openapi(
      {
        ...getRoute({
          tag,
          path: '/mail',
          summary: 'Mail not sent: waiting to be tried again, or given up',
          query: z.object({}),
          data: mailOutboxSchema,
        }),
        middleware: requireOperator(deps, 'customers.read'),
      },
      async (c) => {
        const rows = await listUnsentMail(deps.db);
        const unsent: MailOutboxView['unsent'] = rows.map((row) => ({
          ...row,
          status: row.status === 'failed' ? 'failed' : 'waiting',
          createdAt: row.createdAt.toISOString(),
          nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
          settledAt: row.settledAt?.toISOString() ?? null,
        }));
        return ok(c, { counts: await countMail(deps.db), unsent });
      },
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/mail/retry',
          summary: 'Send a failed mail again',
          body: mailIdBodySchema,
          data: z.null(),
        }),
        middleware: requireOperator(deps, 'customers.manage'),
      },
      async (c) => {
        const { id } = c.req.valid('json');
        // -218 `id` for a mail that is not (or no longer) failed.
        await deps.db.transaction(async (tx) => {
          if (!(await retryFailedMail(tx, id))) throw invalidInput('id');
          await recordAudit(tx, actorOf(c), { action: 'mail.retry', subject: `mail ${id}` });
        });
        return ok(c, null);
      },
    );
}
