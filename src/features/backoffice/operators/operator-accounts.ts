import { and, asc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { recordAudit, type Actor } from '@/features/audit/audit';
import * as ErrorCode from '@/lib/error-codes';
import type { Database } from '@/server/db/client';
import { operatorInvites, operatorSessions, operators } from '@/server/db/schema';
import { ShopError } from '@/server/http/errors';
import { inviteOperator } from './operator-auth';
import type { OperatorRole } from './operators';

/*
 * Operators' accounts, one rule per action for the back office's Operators section and the CLI
 * (decision 083): add (or change the role), disable, enable again, reset the password. Each is
 * written to the audit log. Nobody disables or demotes the last admin who can sign in, nor
 * themselves, so the shop never locks itself out of its back office.
 */

export type OperatorAccount = {
  email: string;
  role: OperatorRole;
  /** invited: no password set yet; active: may sign in; disabled: may not. */
  state: 'invited' | 'active' | 'disabled';
  secondFactor: boolean;
  createdAt: string;
};

export type PasswordLink = { email: string; role: OperatorRole; link: string; expiresInHours: number };

export async function listOperators(db: Database): Promise<OperatorAccount[]> {
  const rows = await db
    .select()
    .from(operators)
    .orderBy(asc(sql`lower(${operators.email})`));
  return rows.map((row) => ({
    email: row.email,
    role: row.role,
    state: row.disabledAt ? 'disabled' : row.passwordHash ? 'active' : 'invited',
    secondFactor: row.totpSecret !== null,
    createdAt: row.createdAt.toISOString(),
  }));
}

const findOperator = async (db: Database, email: string) => {
  const [operator] = await db
    .select()
    .from(operators)
    .where(sql`lower(${operators.email}) = lower(${email.trim()})`);
  if (!operator) throw new ShopError(ErrorCode.AccountNotFound, { field: 'email', status: 404 });
  return operator;
};

/** -218 on `email` when `email` is the last admin who can sign in (or the actor themselves) and would stop being one. */
async function keepAnAdmin(db: Database, actor: Actor, operator: typeof operators.$inferSelect) {
  if (actor !== 'cli' && actor.operatorId === operator.id)
    throw new ShopError(ErrorCode.IllegalRequest, { field: 'email' });
  if (operator.role !== 'admin' || operator.disabledAt) return;
  const [other] = await db
    .select({ id: operators.id })
    .from(operators)
    .where(
      and(
        eq(operators.role, 'admin'),
        isNull(operators.disabledAt),
        isNotNull(operators.passwordHash),
        ne(operators.id, operator.id),
      ),
    )
    .limit(1);
  if (!other) throw new ShopError(ErrorCode.IllegalRequest, { field: 'email' });
}

/** Adds an operator, or changes an existing one's role; answers a one-time link to set the password. */
export async function addOperator(
  db: Database,
  actor: Actor,
  input: { email: string; role: OperatorRole },
  publicOrigin: string,
): Promise<PasswordLink> {
  const [existing] = await db
    .select()
    .from(operators)
    .where(sql`lower(${operators.email}) = lower(${input.email.trim()})`);
  if (existing && existing.role === 'admin' && input.role !== 'admin') await keepAnAdmin(db, actor, existing);
  const { operator, link, expiresInHours } = await inviteOperator(db, input, publicOrigin);
  await recordAudit(db, actor, {
    action: 'operator.add',
    subject: operator.email,
    before: existing ? { role: existing.role } : undefined,
    after: { role: input.role },
  });
  return { email: operator.email, role: operator.role, link, expiresInHours };
}

/** Disables (`disabled`) or enables an operator: a disabled one is signed out everywhere and cannot sign in. -225 when already so. */
export async function setOperatorDisabled(
  db: Database,
  actor: Actor,
  email: string,
  disabled: boolean,
): Promise<OperatorAccount> {
  const operator = await findOperator(db, email);
  if (disabled === (operator.disabledAt !== null)) throw new ShopError(ErrorCode.DataUnchanged);
  if (disabled) await keepAnAdmin(db, actor, operator);
  await db.transaction(async (tx) => {
    await tx
      .update(operators)
      .set({ disabledAt: disabled ? new Date() : null })
      .where(eq(operators.id, operator.id));
    if (disabled) {
      await tx.delete(operatorSessions).where(eq(operatorSessions.operatorId, operator.id));
      await tx.delete(operatorInvites).where(eq(operatorInvites.operatorId, operator.id));
    }
    await recordAudit(tx, actor, {
      action: disabled ? 'operator.disable' : 'operator.enable',
      subject: operator.email,
    });
  });
  return (await listOperators(db)).find((account) => account.email === operator.email)!;
}

/**
 * Resets an operator's password: the old one stops working at once, every session ends, and a new
 * one-time link sets the next. For a forgotten password or a suspected leak.
 */
export async function resetOperatorPassword(
  db: Database,
  actor: Actor,
  email: string,
  publicOrigin: string,
): Promise<PasswordLink> {
  const operator = await findOperator(db, email);
  if (operator.disabledAt) throw new ShopError(ErrorCode.AccountDisabled);
  if (actor !== 'cli' && actor.operatorId === operator.id)
    throw new ShopError(ErrorCode.IllegalRequest, { field: 'email' });
  await db.transaction(async (tx) => {
    await tx.update(operators).set({ passwordHash: null }).where(eq(operators.id, operator.id));
    await tx.delete(operatorSessions).where(eq(operatorSessions.operatorId, operator.id));
  });
  const { link, expiresInHours } = await inviteOperator(
    db,
    { email: operator.email, role: operator.role },
    publicOrigin,
  );
  await recordAudit(db, actor, { action: 'operator.password-reset', subject: operator.email });
  return { email: operator.email, role: operator.role, link, expiresInHours };
}
