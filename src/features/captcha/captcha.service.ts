import { randomBytes, randomInt } from 'node:crypto';
import { createChallenge } from 'altcha-lib/v1';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import * as ErrorCode from '@/lib/error-codes';
import type { Executor } from '@/server/db/client';
import { captchas } from '@/server/db/schema';
import { ShopError } from '@/server/http/errors';
import { CAPTCHA_LIFETIME_SECONDS } from './captcha.lifetime';

/*
 * The captcha is a proof of work (ALTCHA's, docs/decisions/075): the browser is given a salt and the
 * SHA-256 of the salt followed by a secret number up to `CAPTCHA_MAX_NUMBER`, and finds the number by
 * trying them all, about a second of a phone's work. The number is the captcha's answer, six digits at
 * most as the spec's `captchaCode`; guessing it succeeds once in 100,001 tries.
 */

export const CAPTCHA_MAX_NUMBER = 100_000;

/** ALTCHA's challenge signs itself with a key; the shop keeps the answer instead, so any key of this process does. */
const hmacKey = randomBytes(32).toString('hex');

/** A new challenge for the browser, its id for the cookie; the answer stays in the database. */
export async function createCaptcha(db: Executor, now = new Date()) {
  const answer = randomInt(0, CAPTCHA_MAX_NUMBER + 1);
  const {
    algorithm,
    challenge,
    salt,
    maxnumber = CAPTCHA_MAX_NUMBER,
  } = await createChallenge({ hmacKey, number: answer, maxnumber: CAPTCHA_MAX_NUMBER });
  const id = randomBytes(18).toString('base64url');
  await db.delete(captchas).where(lt(captchas.expiresAt, now));
  await db
    .insert(captchas)
    .values({ id, answer, expiresAt: new Date(now.getTime() + CAPTCHA_LIFETIME_SECONDS * 1000) });
  return { id, challenge: { algorithm, challenge, salt, maxnumber } };
}

/**
 * Uses up the captcha whatever the answer (single use): -232 when it is missing, used or expired,
 * -233 when the answer is wrong.
 */
export async function consumeCaptcha(
  db: Executor,
  id: string | undefined,
  answer: string,
  now = new Date(),
): Promise<void> {
  if (!id) throw new ShopError(ErrorCode.CaptchaInvalid);
  const [used] = await db
    .update(captchas)
    .set({ usedAt: sql`now()` })
    .where(and(eq(captchas.id, id), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
    .returning({ answer: captchas.answer });
  if (!used) throw new ShopError(ErrorCode.CaptchaInvalid);
  if (String(used.answer) !== answer.trim()) throw new ShopError(ErrorCode.CaptchaWrong);
}
