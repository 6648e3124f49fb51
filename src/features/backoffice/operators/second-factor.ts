import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { recordAudit, type Actor } from '@/features/audit/audit';
import * as ErrorCode from '@/lib/error-codes';
import type { Executor } from '@/server/db/client';
import { operators } from '@/server/db/schema';
import { ShopError } from '@/server/http/errors';

/*
 * The optional second factor of back-office operators: a TOTP code (RFC 6238: SHA-1, 6 digits, 30 s)
 * from any authenticator app, computed by the `otpauth` library. The secret is stored only once a
 * correct code confirms it, and never sent out again; each code is accepted once. Turning it on, off
 * and an admin's or the CLI's reset are audited. See docs/decisions/044-operator-second-factor.md.
 */

const PERIOD_SECONDS = 30;
/** Codes of one step before and after are taken too, for a phone whose clock is a little off. */
const WINDOW = 1;

type OperatorRow = typeof operators.$inferSelect;

const totp = (secret: string, label?: string, issuer?: string) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    ...(label ? { label } : {}),
    ...(issuer ? { issuer } : {}),
  });

const wrongCode = () => new ShopError(ErrorCode.SecondFactorWrong);
const unchanged = () => new ShopError(ErrorCode.DataUnchanged, { status: 409 });

/**
 * A new secret for the operator to add to an authenticator app, as text and as an otpauth:// URI for a
 * QR code. Nothing is stored: `enableSecondFactor` stores it once a code from the app matches.
 */
export function newSecondFactorSecret(email: string, publicOrigin: string) {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totp(secret, email, `${new URL(publicOrigin).hostname} back office`).toString() };
}

/** The step `code` belongs to (now, or one step either side), or null when it matches none. */
function stepOf(secret: string, code: string, now: Date): number | null {
  const generator = totp(secret);
  const delta = generator.validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  return delta === null ? null : generator.counter({ timestamp: now.getTime() }) + delta;
}

/**
 * Accepts a code of the operator's second factor once: the last accepted step moves forward in one
 * conditional update, so the same code, or an older one, is refused, even from two requests at once.
 */
export async function acceptSecondFactorCode(
  db: Executor,
  operator: Pick<OperatorRow, 'id' | 'totpSecret'>,
  code: string,
  now = new Date(),
): Promise<void> {
  const step = operator.totpSecret ? stepOf(operator.totpSecret, code, now) : null;
  if (step === null) throw wrongCode();
  const [accepted] = await db
    .update(operators)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(operators.id, operator.id),
        eq(operators.totpSecret, operator.totpSecret!),
        or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step)),
      ),
    )
    .returning({ id: operators.id });
  if (!accepted) throw wrongCode();
}

const operatorById = async (db: Executor, id: number) =>
  (await db.select().from(operators).where(eq(operators.id, id)))[0]!;

/** The operator as the back office shows them: whether the second factor is on, never its secret. */
export const operatorView = (operator: Pick<OperatorRow, 'email' | 'role' | 'totpSecret' | 'language'>) => ({
  email: operator.email,
  role: operator.role,
  secondFactor: operator.totpSecret !== null,
  language: operator.language,
});

/** Turns the second factor on with the secret `newSecondFactorSecret` gave, once `code` from the app matches it. */
export async function enableSecondFactor(
  db: Executor,
  actor: Exclude<Actor, 'cli'>,
  secret: string,
  code: string,
  now = new Date(),
) {
  if ((await operatorById(db, actor.operatorId)).totpSecret) throw unchanged();
  const step = stepOf(secret, code, now);
  if (step === null) throw wrongCode();
  const [enabled] = await db
    .update(operators)
    .set({ totpSecret: secret, totpLastStep: step })
    .where(and(eq(operators.id, actor.operatorId), isNull(operators.totpSecret)))
    .returning();
  if (!enabled) throw unchanged();
  await recordAudit(db, actor, {
    action: 'operator.second-factor-on',
    subject: enabled.email,
    before: { secondFactor: false },
    after: { secondFactor: true },
  });
  return operatorView(enabled);
}

/** Turns the operator's own second factor off; a current code proves the app is still at hand. */
export async function disableSecondFactor(db: Executor, actor: Exclude<Actor, 'cli'>, code: string, now = new Date()) {
  const operator = await operatorById(db, actor.operatorId);
  if (!operator.totpSecret) throw unchanged();
  await acceptSecondFactorCode(db, operator, code, now);
  return turnOff(db, actor, operator, 'operator.second-factor-off');
}

/**
 * An admin's (or the CLI's) reset of another operator's second factor, for a lost phone: they sign
 * in with the password alone until they turn it on again. -206 for no such operator, -225 when it is
 * off, -218 for the admin's own (turned off with a code instead).
 */
export async function resetSecondFactor(db: Executor, actor: Actor, email: string) {
  const [operator] = await db
    .select()
    .from(operators)
    .where(sql`lower(${operators.email}) = lower(${email.trim()})`);
  if (!operator) throw new ShopError(ErrorCode.AccountNotFound, { field: 'email', status: 404 });
  // One's own factor goes off only with a current code: a stolen session alone must not remove it.
  if (actor !== 'cli' && actor.operatorId === operator.id)
    throw new ShopError(ErrorCode.IllegalRequest, { field: 'email' });
  if (!operator.totpSecret) throw unchanged();
  return turnOff(db, actor, operator, 'operator.second-factor-reset');
}

async function turnOff(db: Executor, actor: Actor, operator: OperatorRow, action: string) {
  const [off] = await db
    .update(operators)
    .set({ totpSecret: null, totpLastStep: null })
    .where(and(eq(operators.id, operator.id), isNotNull(operators.totpSecret)))
    .returning();
  if (!off) throw unchanged();
  await recordAudit(db, actor, {
    action,
    subject: off.email,
    before: { secondFactor: true },
    after: { secondFactor: false },
  });
  return operatorView(off);
}
