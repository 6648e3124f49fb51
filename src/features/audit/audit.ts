import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { auditLog } from '@/server/db/schema';

/*
 * The audit log: every operator action, from the back office or the CLI, with the state before and
 * after. Rows are only ever added; the one change is an erasure, which turns entries written before
 * customers were named by id into that id (src/features/privacy/erasure.ts).
 */

/** Who acted: a signed-in operator, or the operator CLI on the shop's machine. */
export type Actor = { operatorId: number; email: string } | 'cli';

/** How the log names a customer: by id, never by email or name, so an erasure leaves nothing of the person here. */
export const customerSubject = (userId: number) => `customer ${userId}`;

export type AuditEntry = { action: string; subject: string; before?: unknown; after?: unknown };

export async function recordAudit(db: Executor, actor: Actor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    operatorId: actor === 'cli' ? null : actor.operatorId,
    actor: actor === 'cli' ? 'cli' : actor.email,
    action: entry.action,
    subject: entry.subject,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** Newest first, `before` an id for the next page; optionally one action only. */
export async function listAudit(
  db: Executor,
  query: { action?: string | undefined; before?: number | undefined; limit: number },
) {
  const filters: SQL[] = [];
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.before) filters.push(lt(auditLog.id, query.before));
  return db
    .select()
    .from(auditLog)
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(query.limit);
}
