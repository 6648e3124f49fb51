import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { captchas } from '@/server/db/schema';
import { consumeCaptcha } from './captcha.service';
import { aShop } from '../../../tests/support/fixtures';

const shop = await aShop();

async function newCaptcha() {
  const response = await shop.app.request('/api/v1/captcha/mathGenerator');
  const cookie = response.headers.get('Set-Cookie') ?? '';
  const id = /captcha=([^;]+)/.exec(cookie)?.[1];
  return { response, cookie, id: id! };
}

describe('math captcha', () => {
  it('answers a PNG picture and keeps the answer on the server, in an HttpOnly cookie id', async () => {
    const { response, cookie, id } = await newCaptcha();
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('image/png');
    const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 160, height: 48 });
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const rows = await shop.db.select().from(captchas);
    const row = rows.find((candidate) => candidate.id === id)!;
    expect(row.answer).toBeGreaterThanOrEqual(2);
    expect(row.answer).toBeLessThanOrEqual(18);
  });

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
    await expect(consumeCaptcha(shop.db, id, String(row!.answer), sixMinutesLater)).rejects.toMatchObject({ code: -232 });
  });
});
