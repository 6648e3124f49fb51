import { describe, expect, it } from 'vitest';
import { checkCode } from './fixtures/verify-client';
import { aShop } from '../../../tests/support/fixtures';

const shop = await aShop({ env: { TRUST_PROXY: 'true', RATE_LIMIT_PER_IP: '3', RATE_LIMIT_WINDOW_SECONDS: '3600' } });

const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } });

describe('guessing codes', () => {
  it('is rate-limited per address, every attempt counted; other addresses carry on', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await checkCode(shop, 'ABCDEFGHJKMN', from('203.0.113.5'))).body.code).toBe(-234);
    // The limit is checked before the captcha (whose own route shares the per-address limit).
    const blocked = await shop.call('PUT', '/goods/antifake/verifyCode', {
      body: { code: 'ABCDEFGHJKMN', captchaCode: '7' },
      ...from('203.0.113.5'),
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ code: -9999, data: null, message: 'The system is busy, please try again later' });
    expect((await checkCode(shop, 'ABCDEFGHJKMN', from('203.0.113.6'))).body.code).toBe(-234);
  });
});
