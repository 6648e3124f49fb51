import { describe, expect, it } from 'vitest';
import { aShop } from '../../../tests/support/fixtures';

const shop = await aShop({ env: { BODY_LIMIT_BYTES: '2048' } });

describe('the API platform', () => {
  it('wraps every answer as { code, data, message } with security headers, and keeps personal reads out of caches', async () => {
    const response = await shop.get('/login/getUserInfo');
    expect(Object.keys(response.body).sort()).toEqual(['code', 'data', 'message']);
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('X-Frame-Options')).toBe('DENY');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(response.headers.get('X-Request-Id')).toBeTruthy();
  });

  it('takes state-changing calls as JSON only', async () => {
    const form = await shop.call('POST', '/mail/subscribers/addSubscribers', {
      body: 'subscribeName=A&email=a%40example.com',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(form.body.code).toBe(-218);
  });

  it('answers malformed JSON and oversized bodies with -218', async () => {
    const broken = await shop.call('POST', '/mail/subscribers/addSubscribers', { body: '{"subscribeName":' });
    expect(broken.body.code).toBe(-218);
    const huge = await shop.call('POST', '/mail/subscribers/addSubscribers', {
      body: { subscribeName: 'x'.repeat(4096), email: 'a@example.com' },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe(-218);
  });

  it('publishes an OpenAPI document listing the endpoints', async () => {
    const response = await shop.app.request('/api/v1/openapi.json');
    const document = (await response.json()) as { paths: Record<string, unknown> };
    for (const path of [
      '/site/getSiteInfo',
      '/site/querySiteOptionList',
      '/language/queryLanguageOptionList',
      '/currency/queryCurrencyOptionList',
      '/goods/queryProductList',
      '/goods/getProductDetails',
      '/goods/recommendations',
      '/goods/comment/getProductCommentList',
      '/goods/newArrivals',
      '/goods/getProductOptionList',
      '/goods/getProductSpecPoints',
      '/advertising/getAdvertisingList',
      '/advertising/getAdvertising',
      '/advertising/batchGetAdvertisingPosition',
      '/mail/subscribers/addSubscribers',
      '/captcha/mathGenerator',
    ]) {
      expect(Object.keys(document.paths), path).toContain(path);
    }
  });
});
