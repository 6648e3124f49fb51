import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verificationCodes } from '@/server/db/schema';
import { solveCaptcha } from '../../../tests/support/customers';
import { checkCode } from './fixtures/verify-client';
import { verifyCodesCommand } from './verify-codes.command';
import { issueVerificationCodes } from './verify.service';
import { aShop } from '../../../tests/support/fixtures';

const shop = await aShop({ catalogue: 'demo' });
const genuine = (
  await issueVerificationCodes(shop.db, {
    sku: 'pebble-massager-sage',
    count: 1,
    publicOrigin: shop.config.publicOrigin,
  })
)[0]!.code;

const countOfGenuine = async () =>
  (await shop.db.select().from(verificationCodes).where(eq(verificationCodes.code, genuine)))[0]!.checkCount;
const put = (body: unknown, headers: Record<string, string> = {}) =>
  shop.call('PUT', '/goods/antifake/verifyCode', { body, headers });

describe('an unknown code', () => {
  it.each([
    ['a well-formed code nobody issued', 'ABCDEFGHJKMN'],
    ['a code of the wrong length', 'ABCDEFGHJKM'],
    ['characters no code has', 'ABCDEFGHJKM0'],
  ])('answers -234 for %s, in the request language', async (_case, code) => {
    const response = await checkCode(shop, code);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ code: -234, data: null, message: 'Please check the anti-counterfeiting code' });
    expect((await checkCode(shop, code, { language: 'ZH' })).body.message).toBe('请检查防伪码');
  });
});

describe('the captcha', () => {
  it('is required: -232 without one, and the code is not counted', async () => {
    const response = await put({ code: genuine, captchaCode: '7' });
    expect(response.body.code).toBe(-232);
    expect(await countOfGenuine()).toBe(0);
  });

  it('must be answered right: -233, and the code is not counted', async () => {
    const response = await checkCode(shop, genuine, { answer: (right) => String(Number(right) + 1) });
    expect(response.body.code).toBe(-233);
    expect(await countOfGenuine()).toBe(0);
  });

  it('works once: a second check with the same captcha answers -232', async () => {
    const captcha = await solveCaptcha(shop);
    const headers = { Cookie: captcha.cookie };
    expect((await put({ code: genuine, captchaCode: captcha.answer }, headers)).body.code).toBe(1);
    expect((await put({ code: genuine, captchaCode: captcha.answer }, headers)).body.code).toBe(-232);
    expect(await countOfGenuine()).toBe(1);
  });
});

describe('malformed input', () => {
  it.each([
    [{ captchaCode: '7' }, 'code'],
    [{ code: '   ', captchaCode: '7' }, 'code'],
    [{ code: 'A'.repeat(41), captchaCode: '7' }, 'code'],
    [{ code: 'ABCDEFGHJKMN' }, 'captchaCode'],
    [{ code: 'ABCDEFGHJKMN', captchaCode: '1234567' }, 'captchaCode'],
    [{ code: 42, captchaCode: '7' }, 'code'],
  ])('%j answers -218 naming %s', async (body, field) => {
    const response = await put(body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: -218, message: `Invalid value for ${field}` });
  });

  it('refuses a body that is not JSON', async () => {
    const response = await shop.call('PUT', '/goods/antifake/verifyCode', {
      body: `code=${genuine}`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(response.body.code).toBe(-218);
  });

  it('answers only PUT', async () => {
    expect((await shop.get(`/goods/antifake/verifyCode?code=${genuine}`)).body).toMatchObject({ code: -218 });
  });
});

describe('the operator command', () => {
  const operator = () => ({ db: shop.db, config: shop.config }) as Parameters<typeof verifyCodesCommand.execute>[1];

  it.each([
    [['issue', 'pebble-massager-sage']],
    [['issue', 'pebble-massager-sage', 'ten']],
    [['list', 'pebble-massager-sage', '3']],
    [['issue', 'pebble-massager-sage', '3', '--out']],
  ])('explains its usage for %j', async (args) => {
    await expect(verifyCodesCommand.execute(args, operator())).rejects.toThrow(
      'usage: npm run shop -- verify-codes issue <sku> <count> [--out file.csv]',
    );
  });

  it('prints the codes it issued as CSV, or writes them to --out', async () => {
    const printed = (await verifyCodesCommand.execute(['issue', 'pebble-massager-lavender', '2'], operator())).split(
      '\n',
    );
    expect(printed).toHaveLength(3);
    expect(printed[0]).toBe('code,link');
    expect(printed[1]).toMatch(/^[A-Z2-9]{12},http:\/\/127\.0\.0\.1:4321\/verify\/[A-Z2-9]{12}$/);

    const out = path.join(await mkdtemp(path.join(os.tmpdir(), 'verify-codes-')), 'labels.csv');
    expect(await verifyCodesCommand.execute(['issue', 'pebble-massager-lavender', '3', '--out', out], operator())).toBe(
      `Issued 3 codes for pebble-massager-lavender into ${out}.`,
    );
    expect((await readFile(out, 'utf8')).trimEnd().split('\n')).toHaveLength(4);
    await rm(path.dirname(out), { recursive: true, force: true });
  });
});
