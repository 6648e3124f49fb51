import { z } from '@hono/zod-openapi';
import { listAudit } from '@/features/audit/audit';
import type { ShopDeps } from '@/server/deps';
import { createRouter, getRoute, ok } from '@/server/http/router';
import { requireOperator } from '../operators/operator-auth';
import { auditEntrySchema, auditQuerySchema } from './audit-log.schema';

const tag = 'Back office';

/** The audit log under /api/v1/admin/audit, newest first (admin only). */
export function auditLogRoutes(deps: ShopDeps) {
  const guard = () => ({ middleware: requireOperator(deps, 'audit.read') });
  return createRouter().openapi(
    {
      ...getRoute({
        tag,
        path: '/audit',
        summary: 'The audit log, newest first',
        query: auditQuerySchema,
        data: z.array(auditEntrySchema),
      }),
      ...guard(),
    },
    async (c) => {
      const rows = await listAudit(deps.db, c.req.valid('query'));
      return ok(
        c,
        rows.map((row) => ({
          id: row.id,
          actor: row.actor,
          action: row.action,
          subject: row.subject,
          before: row.before,
          after: row.after,
          time: row.at.toISOString(),
        })),
      );
    },
  );
}
