import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '@/server/db/schema';
import {
  cookieFor,
  DEFAULT_PASSWORD,
  sessionTokenOf,
  signIn,
  signUp,
  uniqueEmail,
} from '../../../tests/support/customers';
import type { UserInfo } from './auth.schema';
import { CODE_ALPHABET } from './auth';
import { hashPassword } from './password';
import { findSession } from './session';
import { hashToken } from './tokens';
import { aShop } from '../../../tests/support/fixtures';

const shop = await aShop({ env: { REBATE_RATE_PERCENT: '7.5' } });

const userRow = async (email: string) => (await shop.db.select().from(users).where(eq(users.email, email)))[0]!;
const codePattern = new RegExp(`^[${CODE_ALPHABET}]{8}$`);

describe('registration', () => {
  it('creates the account, signs it in with an HttpOnly cookie and answers the user info', async () => {
    const email = uniqueEmail('ana');
    const response = await shop.post<UserInfo>(
      '/login/register',
      { firstName: ' Ana ', lastName: 'Lim', email, password: Buffer.from('secret123').toString('base64') },
      { language: 'MS' },
    );
    expect(response.body.code).toBe(1);
    const user = response.body.data;
    expect(user).toMatchObject({
      email,
      firstName: 'Ana',
      lastName: 'Lim',
      headPicture: '',
      phone: '',
      language: 'MS',
    });
    expect(user.userId).toMatch(/^\d+$/);
    expect(user.userCode).toMatch(codePattern);
    expect(user.shareCode).toMatch(codePattern);
    expect(user.shareCode).not.toBe(user.userCode);

    const cookie = response.headers.getSetCookie().find((value) => value.startsWith('token='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(new RegExp(`Max-Age=${30 * 24 * 60 * 60}`));
    expect(cookie).not.toMatch(/Secure/); // plain-http localhost

    const row = await userRow(email);
    expect(row.rebateRate).toBe(7.5);
    expect(row.referrerId).toBeNull();
    expect(row.passwordHash).toMatch(new RegExp(`^scrypt\\$${shop.config.passwords.hashCost}\\$8\\$1\\$`));
  });

  it('keeps only a hash of the session token', async () => {
    const customer = await signUp(shop);
    expect(customer.token).toMatch(/^[\w-]{43}$/);
    const stored = await shop.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(customer.token)));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(await shop.db.select().from(sessions))).not.toContain(customer.token);
  });

  it('links the new customer to the owner of a share code or personal code, in any letter case', async () => {
    const referrer = await signUp(shop);
    const byShareCode = await signUp(shop, { refereeCode: referrer.user.shareCode.toLowerCase() });
    const byUserCode = await signUp(shop, { refereeCode: ` ${referrer.user.userCode} ` });
    expect((await userRow(byShareCode.email)).referrerId).toBe(Number(referrer.user.userId));
    expect((await userRow(byUserCode.email)).referrerId).toBe(Number(referrer.user.userId));
  });

  it('ignores an unknown referee code', async () => {
    const customer = await signUp(shop, { refereeCode: 'ZZZZZZZZ' });
    expect((await userRow(customer.email)).referrerId).toBeNull();
  });

  it('tells whether an email is still free, in any letter case', async () => {
    const customer = await signUp(shop);
    const taken = await shop.get<boolean>(
      `/login/checkUniqueByEmail?email=${encodeURIComponent(customer.email.toUpperCase())}`,
    );
    expect(taken.body).toMatchObject({ code: 1, data: false });
    const free = await shop.get<boolean>(`/login/checkUniqueByEmail?email=${encodeURIComponent(uniqueEmail())}`);
    expect(free.body).toMatchObject({ code: 1, data: true });
  });
});

describe('signing in and out', () => {
  it('signs in with the email in any letter case and answers the user info', async () => {
    const customer = await signUp(shop);
    const response = await signIn(shop, customer.email.toUpperCase(), DEFAULT_PASSWORD);
    expect(response.body.code).toBe(1);
    expect(response.body.data).toEqual(customer.user);
  });

  it('rehashes a password stored at another cost when the customer signs in', async () => {
    const customer = await signUp(shop);
    await shop.db
      .update(users)
      .set({ passwordHash: await hashPassword(DEFAULT_PASSWORD, 10) })
      .where(eq(users.email, customer.email));
    expect((await signIn(shop, customer.email, DEFAULT_PASSWORD)).body.code).toBe(1);
    const { passwordHash } = await userRow(customer.email);
    expect(passwordHash.startsWith(`scrypt$${shop.config.passwords.hashCost}$`)).toBe(true);
    expect((await signIn(shop, customer.email, DEFAULT_PASSWORD)).body.code).toBe(1);
  });

  it('gives every sign-in a new token; signing out ends only that session and clears the cookie', async () => {
    const customer = await signUp(shop);
    const laptop = sessionTokenOf(await signIn(shop, customer.email, DEFAULT_PASSWORD))!;
    const phone = sessionTokenOf(await signIn(shop, customer.email, DEFAULT_PASSWORD))!;
    expect(new Set([customer.token, laptop, phone]).size).toBe(3);

    const out = await shop.get('/login/loginOut', { headers: cookieFor(laptop) });
    expect(out.body.code).toBe(1);
    expect(sessionTokenOf(out)).toBe('');
    expect(out.headers.getSetCookie().find((value) => value.startsWith('token='))).toMatch(/Max-Age=0/);

    expect((await shop.get<UserInfo>('/login/getUserInfo', { headers: cookieFor(laptop) })).body.data.email).toBe('');
    expect((await shop.get<UserInfo>('/login/getUserInfo', { headers: cookieFor(phone) })).body.data.email).toBe(
      customer.email,
    );
    expect((await shop.get<UserInfo>('/login/getUserInfo', { headers: customer.headers })).body.data.email).toBe(
      customer.email,
    );
  });

  it('ends the session the browser already had when it signs in again', async () => {
    const customer = await signUp(shop);
    const again = await signIn(shop, customer.email, DEFAULT_PASSWORD, { headers: customer.headers });
    expect(sessionTokenOf(again)).not.toBe(customer.token);
    expect((await shop.get<UserInfo>('/login/getUserInfo', { headers: customer.headers })).body.data.userId).toBe('');
  });

  it('answers an empty user with code 1 when nobody is signed in, and accepts a refereeCode', async () => {
    const response = await shop.get<UserInfo>('/login/getUserInfo?refereeCode=ABCDEFGH');
    expect(response.body.code).toBe(1);
    expect(Object.values(response.body.data).every((value) => value === '')).toBe(true);
    expect(Object.keys(response.body.data).sort()).toEqual(
      ['email', 'firstName', 'headPicture', 'language', 'lastName', 'phone', 'shareCode', 'userCode', 'userId'].sort(),
    );
  });

  it('signs out quietly when there is no session', async () => {
    expect((await shop.get('/login/loginOut')).body.code).toBe(1);
  });

  it('clears the cookie of a session that no longer exists', async () => {
    const response = await shop.get<UserInfo>('/login/getUserInfo', { headers: cookieFor('x'.repeat(43)) });
    expect(response.body.data.userId).toBe('');
    expect(sessionTokenOf(response)).toBe('');
  });
});

describe('session expiry', () => {
  const DAY = 24 * 60 * 60 * 1000;

  it('slides forward while the customer keeps coming back, lapses after SESSION_DAYS idle, and ends SESSION_MAX_DAYS after sign-in', async () => {
    const customer = await signUp(shop);
    const lifetime = { days: shop.config.sessions.days, maxDays: 45 };
    const in20Days = new Date(Date.now() + 20 * DAY);
    expect(await findSession(shop.db, customer.token, lifetime, in20Days)).toMatchObject({ slid: true });
    const [row] = await shop.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(customer.token)));
    // Slid 30 days on, but no further than 45 days after sign-in.
    expect(row!.expiresAt.getTime()).toBe(row!.createdAt.getTime() + 45 * DAY);

    // 40 days after sign-in, but only 20 after the last visit: still signed in.
    expect(await findSession(shop.db, customer.token, lifetime, new Date(Date.now() + 40 * DAY))).not.toBeNull();
    // Used every few days, it still ends 45 days after sign-in, and is deleted.
    expect(await findSession(shop.db, customer.token, lifetime, new Date(Date.now() + 45 * DAY + 60_000))).toBeNull();
    expect(
      await shop.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(customer.token))),
    ).toHaveLength(0);

    // Unused for longer than SESSION_DAYS: gone.
    const idle = await signUp(shop);
    expect(await findSession(shop.db, idle.token, lifetime, new Date(Date.now() + 31 * DAY))).toBeNull();
  });

  it('renews the cookie when the session slides', async () => {
    const customer = await signUp(shop);
    await shop.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where(eq(sessions.tokenHash, hashToken(customer.token)));
    const response = await shop.get('/login/getUserInfo', { headers: customer.headers });
    expect(sessionTokenOf(response)).toBe(customer.token);
    const quiet = await shop.get('/login/getUserInfo', { headers: customer.headers });
    expect(sessionTokenOf(quiet)).toBeUndefined();
  });
});

describe('the OpenAPI document', () => {
  it('lists the account, cart and delivery endpoints and says which need the session cookie', async () => {
    type Document = {
      paths: Record<string, Record<string, { security?: unknown }>>;
      components: { securitySchemes: unknown };
    };
    const document = (await (await shop.app.request('/api/v1/openapi.json')).json()) as Document;
    expect(document.components.securitySchemes).toEqual({ session: { type: 'apiKey', in: 'cookie', name: 'token' } });
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(
        ([method, operation]) => [`${method.toUpperCase()} ${path}`, operation.security !== undefined] as const,
      ),
    );
    expect(operations.filter(([operation]) => /\/(login|account|shoppingcart|delivery)\//.test(operation))).toEqual([
      ['POST /login/register', false],
      ['POST /login/pwdLogin', false],
      ['GET /login/loginOut', false],
      ['GET /login/getUserInfo', false],
      ['GET /login/checkUniqueByEmail', false],
      ['POST /login/preResetPwd', false],
      ['POST /login/getResetEmail', false],
      ['POST /login/updatePwd', false],
      ['PUT /account/updatePassword', true],
      ['PUT /account/updateUserInfo', true],
      ['PUT /account/updateUserName', true],
      ['PUT /account/updatePhone', true],
      ['PUT /account/updateHeadPicture', true],
      ['GET /shoppingcart/queryShoppingCartList', true],
      ['POST /shoppingcart/addShoppingCart', true],
      ['PUT /shoppingcart/updateShoppingCart', true],
      ['DELETE /shoppingcart/deleteShoppingCart', true],
      ['POST /shoppingcart/mergeShoppingCart', true],
      ['POST /shoppingcart/getShoppingCartList', false],
      ['POST /shoppingcart/getSpecData', false],
      ['GET /delivery/getDeliveryAreaOptionList', false],
      ['GET /delivery/getDefaultAddress', false],
      ['GET /delivery/queryAddressList', true],
      ['POST /delivery/addAddress', true],
      ['PUT /delivery/updateAddress', true],
      ['DELETE /delivery/deleteAddress', true],
      ['PUT /delivery/setDefaultAddress', true],
    ]);
  });
});
