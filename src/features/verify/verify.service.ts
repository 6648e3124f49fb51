import { randomInt } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { consumeCaptcha } from '@/features/captcha/captcha.service';
import { CODE_ALPHABET } from '@/features/auth/auth';
import * as ErrorCode from '@/lib/error-codes';
import type { Language } from '@/lib/locale';
import type { ShopDeps } from '@/server/deps';
import type { Executor } from '@/server/db/client';
import { productPictures, productTexts, productSizes, productSizeTexts, verificationCodes } from '@/server/db/schema';
import { ShopError } from '@/server/http/errors';
import { normalizeVerifyCode, type VerifyCodeBody, type VerifyResult } from './verify.schema';

/*
 * Anti-counterfeit codes: the operator issues a batch for one specification and prints each as a QR
 * to /verify/{code}; a customer checks one with a captcha. Every check counts, so a code copied onto
 * many fakes shows a count no single genuine item reaches.
 */

/** 12 characters of a 31-letter alphabet without 0/O, 1/I/L: about 59 bits, read aloud without doubt. */
export const VERIFY_CODE_LENGTH = 12;
const ISSUE_MAX = 100_000;
const INSERT_CHUNK = 1_000;
const wellFormed = new RegExp(`^[${CODE_ALPHABET}]{${VERIFY_CODE_LENGTH}}$`);

export const newVerifyCode = () =>
  Array.from({ length: VERIFY_CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

const unknownCode = () => new ShopError(ErrorCode.AntifakeCodeUnknown, { status: 404 });

export const verifyLink = (publicOrigin: string, code: string) => `${publicOrigin}/verify/${code}`;

/**
 * Checks a code: the captcha first (-232 missing or used, -233 wrong), then the code (-234 unknown).
 * A known code's count goes up by one in the same statement that reads it, whatever the concurrency.
 */
export async function verifyCode(
  { db, storage, config }: Pick<ShopDeps, 'db' | 'storage' | 'config'>,
  check: VerifyCodeBody & { captchaId: string | undefined; language: Language },
): Promise<VerifyResult> {
  await consumeCaptcha(db, check.captchaId, check.captchaCode);
  const code = normalizeVerifyCode(check.code);
  if (!wellFormed.test(code)) throw unknownCode();

  const [checked] = await db
    .update(verificationCodes)
    .set({
      checkCount: sql`${verificationCodes.checkCount} + 1`,
      firstCheckedAt: sql`COALESCE(${verificationCodes.firstCheckedAt}, now())`,
      lastCheckedAt: sql`now()`,
    })
    .where(eq(verificationCodes.code, code))
    .returning({
      specificationId: verificationCodes.specificationId,
      checkCount: verificationCodes.checkCount,
      firstCheckedAt: verificationCodes.firstCheckedAt,
    });
  if (!checked) throw unknownCode();

  const item = await describeSize(db, checked.specificationId, check.language);
  const warnAfterChecks = config.verify.warnAfterChecks;
  return {
    code,
    goodsId: item.goodsId,
    goodsName: item.goodsName,
    specificationName: item.specificationName,
    picture: item.pictureKey ? storage.url(item.pictureKey) : null,
    checkCount: checked.checkCount,
    firstCheckTime: (checked.firstCheckedAt ?? new Date()).toISOString(),
    warnAfterChecks,
    suspicious: checked.checkCount > warnAfterChecks,
  };
}

async function describeSize(db: Executor, specificationId: number, language: Language) {
  const [row] = await db
    .select({ goodsId: productSizes.goodsId, goodsName: productTexts.name, specificationName: productSizeTexts.name })
    .from(productSizes)
    .innerJoin(productTexts, and(eq(productTexts.goodsId, productSizes.goodsId), eq(productTexts.language, language)))
    .innerJoin(
      productSizeTexts,
      and(eq(productSizeTexts.specificationId, productSizes.id), eq(productSizeTexts.language, language)),
    )
    .where(eq(productSizes.id, specificationId));
  if (!row) throw new Error(`specification ${specificationId} has no texts in ${language}`);
  const [picture] = await db
    .select({ key: productPictures.storageKey })
    .from(productPictures)
    .where(eq(productPictures.goodsId, row.goodsId))
    .orderBy(asc(productPictures.position))
    .limit(1);
  return { ...row, pictureKey: picture?.key ?? null };
}

export type IssuedCode = { code: string; link: string };

/**
 * Issues `count` new codes for the specification with `sku`. Codes are random, so a clash with an
 * existing one is possible but rare: clashing codes are skipped and drawn again.
 */
export async function issueVerificationCodes(
  db: Executor,
  batch: { sku: string; count: number; publicOrigin: string },
): Promise<IssuedCode[]> {
  if (!Number.isInteger(batch.count) || batch.count < 1 || batch.count > ISSUE_MAX) {
    throw new Error(`count must be a whole number from 1 to ${ISSUE_MAX}`);
  }
  const [specification] = await db
    .select({ id: productSizes.id })
    .from(productSizes)
    .where(eq(productSizes.sku, batch.sku));
  if (!specification) throw new Error(`no specification has the sku "${batch.sku}"`);

  const issued: string[] = [];
  while (issued.length < batch.count) {
    const wanted = Math.min(INSERT_CHUNK, batch.count - issued.length);
    const candidates = [...new Set(Array.from({ length: wanted }, newVerifyCode))];
    const inserted = await db
      .insert(verificationCodes)
      .values(candidates.map((code) => ({ code, specificationId: specification.id })))
      .onConflictDoNothing({ target: verificationCodes.code })
      .returning({ code: verificationCodes.code });
    issued.push(...inserted.map((row) => row.code));
  }
  return issued.map((code) => ({ code, link: verifyLink(batch.publicOrigin, code) }));
}
