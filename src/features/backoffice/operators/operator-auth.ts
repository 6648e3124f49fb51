import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { dummyHash, hashPassword, verifyPassword } from '@/features/auth/password';
import { hashToken, isWellFormedToken, newToken } from '@/features/auth/tokens';
import * as ErrorCode from '@/lib/error-codes';
import type { Config } from '@/server/config';
import type { Database, Executor } from '@/server/db/client';
import { operatorInvites, operatorSessions, operators } from '@/server/db/schema';
import type { ShopDeps } from '@/server/deps';
import type { AppEnv, SignedInOperator } from '@/server/http/context';
import { ShopError } from '@/server/http/errors';
import { may, type OperatorRole, type Permission } from './operators';
import { acceptSecondFactorCode } from './second-factor';

/*
 * Operators sign in to /admin with their own accounts and their own cookie (HttpOnly,
 * SameSite=Strict), apart from customers. A new operator sets a password through a one-time link
 * that expires; only token hashes are stored. See docs/decisions/040-back-office.md.
 */

export const OPERATOR_COOKIE = 'operator';
const INVITE_HOURS = 24;
const HOUR_MS = 3600 * 1000;

export type Operator = typeof operators.$inferSelect;

/**
 * Adds an operator (or, for one who exists, changes the role) and answers a one-time link to set
 * the password. Any earlier link of that operator stops working.
 */
export async function inviteOperator(
  db: Database,
  input: { email: string; role: OperatorRole },
  publicOrigin: string,
  now = new Date(),
) {
  const email = input.email.trim();
  const token = newToken();
  const operator = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(operators)
      .where(sql`lower(${operators.email}) = lower(${email})`);
    const [row] = existing
      ? await tx.update(operators).set({ role: input.role }).where(eq(operators.id, existing.id)).returning()
      : await tx.insert(operators).values({ email, role: input.role }).returning();
    await tx.delete(operatorInvites).where(eq(operatorInvites.operatorId, row!.id));
    await tx.insert(operatorInvites).values({
      tokenHash: hashToken(token),
      operatorId: row!.id,
      expiresAt: new Date(now.getTime() + INVITE_HOURS * HOUR_MS),
    });
    return row!;
  });
  return { operator, link: `${publicOrigin}/admin/?invite=${token}`, expiresInHours: INVITE_HOURS };
}

/** Uses a one-time link: sets the password, ends every session of that operator. */
export async function setOperatorPassword(
  db: Database,
  config: Pick<Config, 'passwords'>,
  token: string,
  password: string,
  now = new Date(),
) {
  if (!isWellFormedToken(token)) throw new ShopError(ErrorCode.LinkExpired);
  const passwordHash = await hashPassword(password, config.passwords.hashCost);
  return db.transaction(async (tx) => {
    const [invite] = await tx
      .update(operatorInvites)
      .set({ usedAt: now })
      .where(
        and(
          eq(operatorInvites.tokenHash, hashToken(token)),
          isNull(operatorInvites.usedAt),
          gt(operatorInvites.expiresAt, now),
        ),
      )
      .returning();
    if (!invite) throw new ShopError(ErrorCode.LinkExpired);
    await tx.update(operators).set({ passwordHash }).where(eq(operators.id, invite.operatorId));
    await tx.delete(operatorSessions).where(eq(operatorSessions.operatorId, invite.operatorId));
  });
}

/**
 * Checks the password, then, for an operator with the second factor on, the code (-241 without one,
 * -242 for a wrong or used one); answers the operator and a new session token. The same answer for
 * every password failure.
 */
export async function signInOperator(
  db: Executor,
  config: Pick<Config, 'passwords' | 'sessions'>,
  credentials: { email: string; password: string; code?: string | undefined },
  now = new Date(),
) {
  const [operator] = await db
    .select()
    .from(operators)
    .where(sql`lower(${operators.email}) = lower(${credentials.email.trim()})`);
  // An unknown email (or one without a password yet) costs the same hash as a known one: the time taken tells nothing.
  const matches = await verifyPassword(
    credentials.password,
    operator?.passwordHash ?? (await dummyHash(config.passwords.hashCost)),
  );
  if (!operator?.passwordHash) throw new ShopError(ErrorCode.PasswordAuthFailed);
  if (!operator || !matches || operator.disabledAt) throw new ShopError(ErrorCode.PasswordAuthFailed);
  if (operator.totpSecret) {
    if (!credentials.code) throw new ShopError(ErrorCode.SecondFactorRequired);
    await acceptSecondFactorCode(db, operator, credentials.code, now);
  }
  const token = newToken();
  await db
    .delete(operatorSessions)
    .where(and(eq(operatorSessions.operatorId, operator.id), lt(operatorSessions.expiresAt, now)));
  await db.insert(operatorSessions).values({
    tokenHash: hashToken(token),
    operatorId: operator.id,
    expiresAt: new Date(now.getTime() + config.sessions.operatorHours * HOUR_MS),
  });
  return { operator, token };
}

export async function findOperatorSession(
  db: Executor,
  token: string,
  now = new Date(),
): Promise<{ operator: SignedInOperator; sessionId: number } | null> {
  if (!isWellFormedToken(token)) return null;
  const [row] = await db
    .select({
      sessionId: operatorSessions.id,
      expiresAt: operatorSessions.expiresAt,
      id: operators.id,
      email: operators.email,
      role: operators.role,
      language: operators.language,
      disabledAt: operators.disabledAt,
      secondFactor: sql<boolean>`${operators.totpSecret} is not null`,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(eq(operatorSessions.tokenHash, hashToken(token)));
  if (!row || row.expiresAt <= now || row.disabledAt) return null;
  return {
    operator: { id: row.id, email: row.email, role: row.role, language: row.language, secondFactor: row.secondFactor },
    sessionId: row.sessionId,
  };
}

export const endOperatorSession = (db: Executor, token: string) =>
  isWellFormedToken(token)
    ? db.delete(operatorSessions).where(eq(operatorSessions.tokenHash, hashToken(token)))
    : Promise.resolve();

/** Ends every session of the operator, or every one but the browser's that holds `keepToken`. */
export const endOperatorSessions = (db: Executor, operatorId: number, keepToken?: string) =>
  db
    .delete(operatorSessions)
    .where(
      and(
        eq(operatorSessions.operatorId, operatorId),
        keepToken ? ne(operatorSessions.tokenHash, hashToken(keepToken)) : undefined,
      ),
    );

/* ── The cookie and the guard ──────────────────────────────────────────────────────────────── */

const cookieOptions = (config: Pick<Config, 'publicOrigin'>) =>
  ({ httpOnly: true, sameSite: 'Strict', secure: config.publicOrigin.startsWith('https:'), path: '/' }) as const;

export const setOperatorCookie = (c: Context, config: Pick<Config, 'publicOrigin' | 'sessions'>, token: string) =>
  setCookie(c, OPERATOR_COOKIE, token, { ...cookieOptions(config), maxAge: config.sessions.operatorHours * 3600 });

export const clearOperatorCookie = (c: Context, config: Pick<Config, 'publicOrigin'>) =>
  deleteCookie(c, OPERATOR_COOKIE, cookieOptions(config));

export const operatorToken = (c: Context) => getCookie(c, OPERATOR_COOKIE);

/** The operator `requireOperator` let through. */
export function operatorOf(c: Context<AppEnv>): SignedInOperator {
  const operator = c.get('operator');
  if (!operator) throw new ShopError(ErrorCode.LoginRequired);
  return operator;
}

/** The signed-in operator as the audit log names an actor. */
export function actorOf(c: Context<AppEnv>) {
  const { id, email } = operatorOf(c);
  return { operatorId: id, email };
}

/**
 * Lets through only a signed-in operator whose role has `permission`: -212 (401) without a
 * back-office session, -218 (403) for a role without the permission. In production (`config.production`)
 * an operator without the second factor reaches only the routes that turn it on (`enrolling`): -243 (403) elsewhere.
 */
export const requireOperator = (
  deps: Pick<ShopDeps, 'db' | 'config'>,
  permission?: Permission,
  { enrolling = false } = {},
) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = operatorToken(c);
    const found = token ? await findOperatorSession(deps.db, token) : null;
    if (!found) throw new ShopError(ErrorCode.LoginRequired);
    if (deps.config.production && !found.operator.secondFactor && !enrolling)
      throw new ShopError(ErrorCode.SecondFactorEnrolmentRequired, { status: 403 });
    if (permission && !may(found.operator.role, permission))
      throw new ShopError(ErrorCode.IllegalRequest, { field: 'role', status: 403 });
    c.set('operator', found.operator);
    // An operator is answered in the language they chose, refusals included (decision 083).
    c.set('language', found.operator.language);
    await next();
  });
