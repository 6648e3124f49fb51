import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@/app/app';
import { rowsOf } from '@/server/db/client';
import { rateLimitCounters } from '@/server/db/schema';
import { createLogger } from '@/server/logger';
import { createMailer } from '@/server/mail/mailer';
import { createTestApi, type TestApi } from '../../../tests/support/api';
import { DEFAULT_PASSWORD, signIn, signUp, solveCaptcha, uniqueEmail } from '../../../tests/support/customers';
import { encodePassword } from './auth';
import { aShop } from '../../../tests/support/fixtures';

const from = (address: string) => ({ headers: { 'X-Forwarded-For': `${address}, 10.0.0.1` } });
const busy = { code: -9999, data: null, message: 'The system is busy, please try again later' };

describe('rate limits behind a trusted proxy', () => {
  let shop: TestApi;
  beforeAll(async () => {
    shop = await createTestApi({
      seed: false,
      env: { TRUST_PROXY: 'true', RATE_LIMIT_PER_ACCOUNT: '3', RATE_LIMIT_PER_IP: '5' },
    });
  });
  afterAll(() => shop.close());

  it('stop guessing one account from one address, without saying which limit tripped; the owner still signs in from hers', async () => {
    const customer = await signUp(shop, {}, from('198.51.100.1'));
    for (const password of ['guess1234', 'guess2345', 'guess3456']) {
      expect((await signIn(shop, customer.email, password, from('203.0.113.1'))).body.code).toBe(-207);
    }
    const blocked = await signIn(shop, customer.email, DEFAULT_PASSWORD, from('203.0.113.1'));
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual(busy);
    expect(blocked.headers.getSetCookie()).toEqual([]);
    // A client can tell "wait" from "broken": the seconds until the limit's window ends.
    const retryAfter = Number(blocked.headers.get('Retry-After'));
    expect(
      Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 900,
      `Retry-After ${blocked.headers.get('Retry-After')}`,
    ).toBe(true);
    expect((await signIn(shop, customer.email, DEFAULT_PASSWORD, from('198.51.100.1'))).body.code).toBe(1);
  });

  it('stop one address trying many accounts; other addresses carry on', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await signIn(shop, uniqueEmail(), DEFAULT_PASSWORD, from('192.0.2.7'))).body.code).toBe(-206);
    }
    const blocked = await signIn(shop, uniqueEmail(), DEFAULT_PASSWORD, from('192.0.2.7'));
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual(busy);
    expect((await signIn(shop, uniqueEmail(), DEFAULT_PASSWORD, from('192.0.2.8'))).body.code).toBe(-206);
  });

  it('count registrations per email and per address', async () => {
    const email = uniqueEmail();
    const register = (address: string) =>
      shop.post(
        '/login/register',
        { firstName: 'Mei', lastName: 'Tan', email, password: encodePassword('short') },
        from(address),
      );
    for (const address of ['198.51.100.21', '198.51.100.22', '198.51.100.23'])
      expect((await register(address)).body.code).toBe(-204);
    expect((await register('198.51.100.24')).body).toEqual(busy);
  });

  it('count reset requests per email, so nobody can flood a mailbox', async () => {
    const customer = await signUp(shop, {}, from('198.51.100.30'));
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const address = `198.51.100.${31 + attempt}`;
      const response = await shop.post(
        '/login/preResetPwd',
        { email: customer.email, captchaCode: '1' },
        from(address),
      );
      expect(response.body.code).toBe(-232);
    }
    expect(
      (await shop.post('/login/preResetPwd', { email: customer.email, captchaCode: '1' }, from('198.51.100.40'))).body,
    ).toEqual(busy);
  });

  it('count captchas per address', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) await solveCaptcha(shop, from('192.0.2.50').headers);
    const blocked = await shop.app.request('/api/v1/captcha/mathGenerator', from('192.0.2.50'));
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual(busy);
  });

  it('are shared by every API process on the database', async () => {
    const other = createApp({
      db: shop.db,
      config: shop.config,
      storage: shop.storage,
      logger: createLogger('silent'),
      mailer: createMailer(shop.config, createLogger('silent')),
      catalogueCache: shop.catalogueCache,
    });
    const attemptOn = (app: typeof other, address: string) =>
      app.request('/api/v1/login/pwdLogin', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
        body: JSON.stringify({ email: uniqueEmail(), password: encodePassword(DEFAULT_PASSWORD) }),
      });
    const codes = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await attemptOn(attempt % 2 === 0 ? shop.app : other, '192.0.2.60');
      codes.push(((await response.json()) as { code: number }).code);
    }
    expect(codes).toEqual([-206, -206, -206, -206, -206, -9999]);
  });

  it('forget the counters of past windows', async () => {
    await shop.db
      .insert(rateLimitCounters)
      .values({ key: 'sign-in:ip:198.51.100.250', windowStart: new Date(Date.now() - 2 * 60 * 60 * 1000), hits: 9 });
    await signIn(shop, uniqueEmail(), DEFAULT_PASSWORD, from('198.51.100.251'));
    const keys = (await shop.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((row) => row.key);
    expect(keys).not.toContain('sign-in:ip:198.51.100.250');
    expect(keys).toContain('sign-in:ip:198.51.100.251');
  });

  it('keep no email addresses in the counters', async () => {
    const keys = (await shop.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((row) => row.key);
    expect(keys.some((key) => key.includes(':account:'))).toBe(true);
    expect(keys.join()).not.toContain('@');
  });
});

describe('rate limits without a trusted proxy', () => {
  let shop: TestApi;
  beforeAll(async () => {
    shop = await createTestApi({ seed: false, env: { RATE_LIMIT_PER_IP: '2', RATE_LIMIT_WINDOW_SECONDS: '3600' } });
  });
  afterAll(() => shop.close());

  it('count by the address of the connection on a real server', async () => {
    const server = serve({ fetch: shop.app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/login/pwdLogin`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.200' },
        body: JSON.stringify({ email: uniqueEmail(), password: encodePassword(DEFAULT_PASSWORD) }),
      });
      expect(((await response.json()) as { code: number }).code).toBe(-206);
      const keys = (await shop.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((row) => row.key);
      expect(keys).toContain('sign-in:ip:127.0.0.1');
      expect(keys.join()).not.toContain('203.0.113.200');
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await shop.db.delete(rateLimitCounters);
    }
  });

  it('ignore X-Forwarded-For, which any client can forge', async () => {
    for (const address of ['203.0.113.1', '203.0.113.2']) {
      expect((await signIn(shop, uniqueEmail(), DEFAULT_PASSWORD, from(address))).body.code).toBe(-206);
    }
    expect((await signIn(shop, uniqueEmail(), DEFAULT_PASSWORD, from('203.0.113.3'))).body.code).toBe(-9999);
  });
});

describe('a rate limit window', () => {
  /** A length no usual window divides (a quarter of an hour, a minute), so the counters' start shows which length counted. */
  const WINDOW_SECONDS = 3593;
  let shop: TestApi;
  beforeAll(async () => {
    shop = await createTestApi({
      seed: false,
      env: { RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS), RATE_LIMIT_PER_ACCOUNT: '2' },
    });
  });
  afterAll(() => shop.close());

  it('lets the customer sign in again from the same address once it has passed', async () => {
    const customer = await signUp(shop);
    let code = 0;
    for (let attempt = 0; attempt < 20 && code !== -9999; attempt += 1)
      code = (await signIn(shop, customer.email, 'guess1234')).body.code;
    expect(code).toBe(-9999);
    expect((await signIn(shop, customer.email, DEFAULT_PASSWORD)).body.code).toBe(-9999);

    // The counters count in the window the database clock is in (or the one before, had it just turned).
    const windows = await shop.db.execute(sql`
      SELECT window_start IN (to_timestamp(floor(extract(epoch from now()) / ${WINDOW_SECONDS}) * ${WINDOW_SECONDS}),
                              to_timestamp((floor(extract(epoch from now()) / ${WINDOW_SECONDS}) - 1) * ${WINDOW_SECONDS})) AS current
      FROM rate_limit_counters WHERE key LIKE 'sign-in:%'`);
    expect(rowsOf<{ current: boolean }>(windows).map((row) => row.current)).toEqual([true, true, true]);
    // The window passes: the counters' window started one window earlier.
    await shop.db
      .update(rateLimitCounters)
      .set({ windowStart: sql`${rateLimitCounters.windowStart} - make_interval(secs => ${WINDOW_SECONDS})` });
    expect((await signIn(shop, customer.email, DEFAULT_PASSWORD)).body.code).toBe(1);
  });
});

/** A shop whose public origin is https. */
const httpsShop = await aShop({ env: { PUBLIC_ORIGIN: 'https://shop.example' } });

describe('the session cookie', () => {
  const shop = httpsShop;

  it('is Secure when the shop is served over https', async () => {
    const response = await shop.post('/login/register', {
      firstName: 'Mei',
      lastName: 'Tan',
      email: uniqueEmail(),
      password: encodePassword('secret123'),
    });
    expect(response.headers.getSetCookie().find((cookie) => cookie.startsWith('token='))).toMatch(/; Secure/);
  });

  it('cannot be ended by a link on another site', async () => {
    const customer = await signUp(shop);
    const crossSite = await shop.get('/login/loginOut', {
      headers: { ...customer.headers, 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(crossSite.body.code).toBe(-218);
    expect(
      (await shop.get<{ email: string }>('/login/getUserInfo', { headers: customer.headers })).body.data.email,
    ).toBe(customer.email);
    const sameOrigin = await shop.get('/login/loginOut', {
      headers: { ...customer.headers, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(sameOrigin.body.code).toBe(1);
  });
});
