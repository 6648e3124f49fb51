import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { ErrorCode } from '@/lib/error-codes';
import type { Executor } from '@/server/db/client';
import { captchas } from '@/server/db/schema';
import { ShopError } from '@/server/http/errors';
import { newMathChallenge, renderCaptchaPng } from './captcha-image';

export const CAPTCHA_LIFETIME_SECONDS = 5 * 60;

/** A new challenge: its picture for the browser, its id for the cookie; the answer stays in the database. */
export async function createCaptcha(db: Executor, now = new Date()) {
  const challenge = newMathChallenge();
  const id = randomBytes(18).toString('base64url');
  await db.delete(captchas).where(lt(captchas.expiresAt, now));
  await db.insert(captchas).values({
    id,
    answer: challenge.answer,
    expiresAt: new Date(now.getTime() + CAPTCHA_LIFETIME_SECONDS * 1000),
  });
  return { id, png: await renderCaptchaPng(challenge.text) };
}

/**
 * Uses up the captcha whatever the answer (single use): -232 when it is missing, used or expired,
 * -233 when the answer is wrong.
 */
export async function consumeCaptcha(db: Executor, id: string | undefined, answer: string, now = new Date()): Promise<void> {
  if (!id) throw new ShopError(ErrorCode.CaptchaInvalid);
  const [used] = await db
    .update(captchas)
    .set({ usedAt: sql`now()` })
    .where(and(eq(captchas.id, id), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
    .returning({ answer: captchas.answer });
  if (!used) throw new ShopError(ErrorCode.CaptchaInvalid);
  if (String(used.answer) !== answer.trim()) throw new ShopError(ErrorCode.CaptchaWrong);
}
