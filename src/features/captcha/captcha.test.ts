import { solveChallenge } from 'altcha-lib/v1';
import { describe, expect, it } from 'vitest';
import { captchas } from '@/server/db/schema';
import { CAPTCHA_MAX_NUMBER, consumeCaptcha } from './captcha.service';
import { aShop } from '../../../tests/support/fixtures';

const shop = await aShop();

async function newCaptcha() {
  const response = await shop.app.request('/api/v1/captcha/mathGenerator');
  const cookie = response.headers.get('Set-Cookie') ?? '';
  const id = /captcha=([^;]+)/.exec(cookie)?.[1];
  return { response, cookie, id: id! };
}

describe('the captcha, a proof of work', () => {
  it('answers a challenge whose number, found by trying, is the answer the server keeps; the browser holds only an HttpOnly cookie id', async () => {
    const { response, cookie, id } = await newCaptcha();
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as {
      data: { algorithm: string; challenge: string; salt: string; maxnumber: number };
    };
    expect(data).toMatchObject({ algorithm: 'SHA-256', maxnumber: CAPTCHA_MAX_NUMBER });
    expect(CAPTCHA_MAX_NUMBER).toBeGreaterThanOrEqual(100_000);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const solution = await solveChallenge(data.challenge, data.salt, data.algorithm, data.maxnumber).promise;
    const row = (await shop.db.select().from(captchas)).find((candidate) => candidate.id === id)!;
    expect(solution?.number).toBe(row.answer);
    expect(String(row.answer).length).toBeLessThanOrEqual(6);
  }, 120_000);

  it('accepts the right answer once (single use)', async () => {
    const { id } = await newCaptcha();
    const [row] = (await shop.db.select().from(captchas)).filter((candidate) => candidate.id === id);
    await expect(consumeCaptcha(shop.db, id, String(row!.answer))).resolves.toBeUndefined();
    await expect(consumeCaptcha(shop.db, id, String(row!.answer))).rejects.toMatchObject({ code: -232 });
  });

  it('answers -233 for a wrong answer and uses the captcha up', async () => {
    const { id } = await newCaptcha();
    const [row] = (await shop.db.select().from(captchas)).filter((candidate) => candidate.id === id);
    await expect(consumeCaptcha(shop.db, id, String(row!.answer + 1))).rejects.toMatchObject({ code: -233 });
    await expect(consumeCaptcha(shop.db, id, String(row!.answer))).rejects.toMatchObject({ code: -232 });
  });

  it('answers -232 for a missing or expired captcha', async () => {
    await expect(consumeCaptcha(shop.db, undefined, '3')).rejects.toMatchObject({ code: -232 });
    const { id } = await newCaptcha();
    const [row] = (await shop.db.select().from(captchas)).filter((candidate) => candidate.id === id);
    const sixMinutesLater = new Date(Date.now() + 6 * 60 * 1000);
    await expect(consumeCaptcha(shop.db, id, String(row!.answer), sixMinutesLater)).rejects.toMatchObject({
      code: -232,
    });
  });
});
