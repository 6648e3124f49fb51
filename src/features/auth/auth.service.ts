import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { isReservedSegment } from '@/edge/rewrite';
import { consumeCaptcha } from '@/features/captcha/captcha.service';
import * as ErrorCode from '@/lib/error-codes';
import type { Language } from '@/lib/locale';
import { isValidEmail, isValidPassword } from '@/lib/validation';
import type { ShopDeps } from '@/server/deps';
import type { Executor } from '@/server/db/client';
import { passwordResets, users } from '@/server/db/schema';
import { queueMail } from '@/server/mail/outbox';
import { ShopError } from '@/server/http/errors';
import { CODE_ALPHABET, CODE_LENGTH, decodePassword, maskEmail, normalizeCode, sameMailbox } from './auth';
import type { RegisterBody, ResetPasswordBody, ResetRequestBody, SignInBody, UserInfo } from './auth.schema';
import { hashPassword, needsRehash, verifyPassword } from './password';
import { passwordResetMail } from './reset-mail';
import { endSessions, type User } from './session';
import { hashToken, newToken } from './tokens';

export type AuthDeps = Pick<ShopDeps, 'db' | 'config'>;

/** What the storefront knows about the signed-in customer. */
export function toUserInfo(user: User, pictureUrl: (storageKey: string) => string): UserInfo {
  return {
    userId: String(user.id),
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    headPicture: user.headPictureKey ? pictureUrl(user.headPictureKey) : '',
    phone: user.phone,
    userCode: user.userCode,
    shareCode: user.shareCode,
    language: user.language,
  };
}

export async function findUserByEmail(db: Executor, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`);
  return user;
}

/** The owner of a share code or personal code, in any letter case; share codes win a tie. */
export async function findUserByCode(db: Executor, code: string): Promise<User | undefined> {
  const normalized = normalizeCode(code);
  if (normalized === '') return undefined;
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(users.shareCode, normalized), eq(users.userCode, normalized)))
    .orderBy(desc(sql`${users.shareCode} = ${normalized}`))
    .limit(1);
  return user;
}

/** The password a customer chose: -203 when it cannot be decoded, -204 when it breaks the rule. */
export function readNewPassword(encoded: string): string {
  const password = readPassword(encoded);
  if (!isValidPassword(password)) throw new ShopError(ErrorCode.PasswordRule);
  return password;
}

export function readPassword(encoded: string): string {
  const password = decodePassword(encoded);
  if (password === null) throw new ShopError(ErrorCode.PasswordUndecodable);
  return password;
}

export async function isEmailUnused(db: Executor, email: string): Promise<boolean> {
  if (!isValidEmail(email)) throw new ShopError(ErrorCode.InvalidEmail);
  return !(await findUserByEmail(db, email));
}

/** A new customer, checked and with the password hashed, ready to be inserted. */
export type NewCustomer = Omit<typeof users.$inferInsert, 'userCode' | 'shareCode'>;

/**
 * Checks a registration: -201 malformed email, -203/-204 password, -202 when the email is taken in
 * any letter case. A known refereeCode links the new customer to its owner; an unknown one is ignored.
 * The slow part (hashing) happens here, so the insert can run inside a short transaction.
 */
export async function prepareCustomer(
  { db, config }: AuthDeps,
  body: Pick<RegisterBody, 'firstName' | 'lastName' | 'email' | 'password' | 'refereeCode'>,
  language: Language,
): Promise<NewCustomer> {
  if (!isValidEmail(body.email)) throw new ShopError(ErrorCode.InvalidEmail);
  const password = readNewPassword(body.password);
  if (await findUserByEmail(db, body.email)) throw new ShopError(ErrorCode.AccountExists);
  const code = body.refereeCode ? await findUserByCode(db, body.refereeCode) : undefined;
  // A second account of the same mailbox is not a friend (self-referral): it registers unreferred.
  const referrer = code && !sameMailbox(code.email, body.email) ? code : undefined;
  return {
    email: body.email,
    passwordHash: await hashPassword(password, config.passwords.hashCost),
    firstName: body.firstName,
    lastName: body.lastName,
    language,
    rebateRate: config.referral.rebateRatePercent,
    referrerId: referrer?.id ?? null,
  };
}

/** Inserts a prepared customer with newly drawn codes; -202 when a parallel registration took the email. */
export async function insertCustomer(db: Executor, customer: NewCustomer): Promise<User> {
  // A clash on a drawn code is rare (31^8 codes); a clash on the email is a parallel registration.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [user] = await db
      .insert(users)
      .values({ ...customer, userCode: drawCode(), shareCode: drawCode() })
      .onConflictDoNothing()
      .returning();
    if (user) return user;
    if (await findUserByEmail(db, customer.email)) throw new ShopError(ErrorCode.AccountExists);
  }
  throw new Error('no free user code after 5 draws');
}

/** Creates the account (see `prepareCustomer` for the checks). */
export async function registerCustomer(deps: AuthDeps, body: RegisterBody, language: Language): Promise<User> {
  return insertCustomer(deps.db, await prepareCustomer(deps, body, language));
}

/**
 * A random code from the unambiguous alphabet (personal and share codes; the tail of order numbers),
 * never one of the shop's reserved path segments (a share link is `/{code}`).
 */
export function drawCode(length = CODE_LENGTH): string {
  for (;;) {
    const code = Array.from({ length }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    if (!isReservedSegment(code)) return code;
  }
}

/** Checks the credentials: -201 malformed email, -206 unknown, -205 disabled, -203 undecodable, -207 wrong password. */
export async function signIn({ db, config }: AuthDeps, body: SignInBody): Promise<User> {
  if (!isValidEmail(body.email)) throw new ShopError(ErrorCode.InvalidEmail);
  const password = readPassword(body.password);
  const user = await findUserByEmail(db, body.email);
  if (!user) throw new ShopError(ErrorCode.AccountNotFound);
  if (user.disabledAt) throw new ShopError(ErrorCode.AccountDisabled);
  if (!(await verifyPassword(password, user.passwordHash))) throw new ShopError(ErrorCode.WrongPassword);
  if (needsRehash(user.passwordHash, config.passwords.hashCost)) {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(password, config.passwords.hashCost) })
      .where(eq(users.id, user.id));
  }
  return user;
}

/** Disables an account (an operator's decision): it cannot sign in and its sessions end now. */
export async function disableCustomer(db: Executor, userId: number): Promise<void> {
  await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, userId));
  await endSessions(db, userId);
}

/* ── Password reset ────────────────────────────────────────────────────────────────────────── */

/**
 * Mails a single-use link `{publicOrigin}/updatePwd/{token}`: -201 malformed email, -232/-233 captcha,
 * -206 unknown account, -205 disabled. The link is built from configuration, never from the request.
 */
export async function requestPasswordReset(
  { db, config }: Pick<ShopDeps, 'db' | 'config'>,
  body: ResetRequestBody & { captchaId: string | undefined },
  now = new Date(),
): Promise<void> {
  if (!isValidEmail(body.email)) throw new ShopError(ErrorCode.InvalidEmail);
  await consumeCaptcha(db, body.captchaId, body.captchaCode, now);
  const user = await findUserByEmail(db, body.email);
  if (!user) throw new ShopError(ErrorCode.AccountNotFound);
  if (user.disabledAt) throw new ShopError(ErrorCode.AccountDisabled);

  const token = newToken();
  const minutes = config.passwords.resetMinutes;
  await db.delete(passwordResets).where(lt(passwordResets.expiresAt, now));
  await db.transaction(async (tx) => {
    await tx
      .insert(passwordResets)
      .values({ tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(now.getTime() + minutes * 60_000) });
    await queueMail(
      tx,
      'password-reset',
      passwordResetMail(user, `${config.publicOrigin}/updatePwd/${token}`, minutes),
    );
  });
}

async function findOpenReset(db: Executor, token: string, now: Date) {
  const [reset] = await db
    .select({ userId: passwordResets.userId, email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, hashToken(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    );
  if (!reset) throw new ShopError(ErrorCode.LinkExpired);
  return reset;
}

/** Which account a reset link is for, masked; -219 once it is used or expired. */
export async function getResetEmail(db: Executor, token: string, now = new Date()): Promise<string> {
  return maskEmail((await findOpenReset(db, token, now)).email);
}

/** Uses up every open reset link of the account: a password changed another way makes them dead too. */
export const endPasswordResets = (db: Executor, userId: number, now = new Date()) =>
  db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));

/**
 * Sets the new password from a reset link (-203/-204, -219 used or expired), uses up every open link
 * of the account and ends all its sessions: whoever knew the old password is signed out.
 */
export async function resetPassword(
  { db, config }: AuthDeps,
  body: ResetPasswordBody,
  now = new Date(),
): Promise<void> {
  const password = readNewPassword(body.password);
  await findOpenReset(db, body.token, now); // refuse a dead link before spending a hash on it
  const passwordHash = await hashPassword(password, config.passwords.hashCost);
  await db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(body.token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!reset) throw new ShopError(ErrorCode.LinkExpired);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, reset.userId));
    await endPasswordResets(tx, reset.userId, now);
    await endSessions(tx, reset.userId);
  });
}
