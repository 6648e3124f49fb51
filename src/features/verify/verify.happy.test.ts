import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verificationCodes } from '@/server/db/schema';
import { verifyCodesCsv } from './verify-codes.command';
import { checkCode } from './fixtures/verify-client';
import { issueVerificationCodes, VERIFY_CODE_LENGTH } from './verify.service';
import { aShop } from '../../../tests/support/fixtures';

const shop = await aShop({
  catalogue: 'demo',
  env: { VERIFY_WARN_AFTER_CHECKS: '3', PUBLIC_ORIGIN: 'https://shop.example' },
});

const issue = async (count = 1, sku = 'pebble-massager-sage') =>
  issueVerificationCodes(shop.db, { sku, count, publicOrigin: shop.config.publicOrigin });
const issueOne = async () => (await issue())[0]!.code;
const countOf = async (code: string) =>
  (await shop.db.select().from(verificationCodes).where(eq(verificationCodes.code, code)))[0]!.checkCount;

describe('issuing anti-counterfeit codes', () => {
  it('gives each item its own unguessable code and QR link, stored for the specification', async () => {
    const codes = await issue(50, 'pebble-massager-blush');
    expect(codes).toHaveLength(50);
    expect(new Set(codes.map(({ code }) => code)).size).toBe(50);
    for (const { code, link } of codes) {
      expect(code).toMatch(new RegExp(`^[A-HJ-KM-NP-Z2-9]{${VERIFY_CODE_LENGTH}}$`));
      expect(link).toBe(`https://shop.example/verify/${code}`);
    }
    expect(await countOf(codes[0]!.code)).toBe(0);
  });

  it('exports them as CSV for the label printer', async () => {
    const codes = await issue(2);
    expect(verifyCodesCsv(codes)).toBe(
      `code,link\n${codes[0]!.code},${codes[0]!.link}\n${codes[1]!.code},${codes[1]!.link}\n`,
    );
  });

  it('refuses an unknown sku or a count out of range', async () => {
    await expect(issue(1, 'no-such-sku')).rejects.toThrow('no specification has the sku "no-such-sku"');
    await expect(issue(0)).rejects.toThrow('count must be');
    await expect(issue(1.5)).rejects.toThrow('count must be');
  });
});

describe('checking a code', () => {
  it('answers the product, its size and picture, the check count and the first check time', async () => {
    const code = await issueOne();
    const before = Date.now();
    const first = await checkCode(shop, code);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      code: 1,
      message: 'success',
      data: {
        code,
        goodsId: expect.any(Number),
        goodsName: 'Pebble Personal Massager',
        specificationName: 'Sage',
        picture: expect.stringMatching(/^\/api\/v1\/media\/goods\/.+/),
        checkCount: 1,
        firstCheckTime: expect.any(String),
        warnAfterChecks: 3,
        suspicious: false,
      },
    });
    expect(Date.parse(first.body.data.firstCheckTime)).toBeGreaterThanOrEqual(before - 5_000);

    const second = await checkCode(shop, code);
    expect(second.body.data).toMatchObject({
      checkCount: 2,
      firstCheckTime: first.body.data.firstCheckTime,
      suspicious: false,
    });
  });

  it('answers in the request language', async () => {
    const code = await issueOne();
    expect((await checkCode(shop, code, { language: 'ZH' })).body.data).toMatchObject({
      goodsName: '鹅卵石个人按摩器',
      specificationName: '鼠尾草绿',
    });
    expect((await checkCode(shop, code, { language: 'MS' })).body.data).toMatchObject({
      goodsName: 'Pengurut Peribadi Pebble',
      specificationName: 'Hijau Sage',
    });
  });

  it('reads a code typed in lower case, with spaces or dashes', async () => {
    const code = await issueOne();
    const typed = `${code.slice(0, 4)}-${code.slice(4, 8)} ${code.slice(8)}`.toLowerCase();
    expect((await checkCode(shop, typed)).body.data).toMatchObject({ code, checkCount: 1 });
  });

  it('warns once a code has been checked more often than the configured number of times', async () => {
    const code = await issueOne();
    const suspicious: boolean[] = [];
    for (let check = 0; check < 4; check += 1) suspicious.push((await checkCode(shop, code)).body.data.suspicious);
    expect(suspicious).toEqual([false, false, false, true]);
  });

  it('counts every one of many simultaneous checks exactly once', async () => {
    const code = await issueOne();
    const answers = await Promise.all(Array.from({ length: 8 }, () => checkCode(shop, code)));
    expect(answers.map((answer) => answer.body.data.checkCount).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8,
    ]);
    expect(new Set(answers.map((answer) => answer.body.data.firstCheckTime)).size).toBe(1);
    expect(await countOf(code)).toBe(8);
  });

  it('does not count checks of other codes', async () => {
    const [one, other] = [await issueOne(), await issueOne()];
    await checkCode(shop, one);
    expect(await countOf(other)).toBe(0);
  });
});
