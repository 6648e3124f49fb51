import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '@/server/db/schema';
import { DEFAULT_PASSWORD, signIn, signUp, uniqueEmail } from '../../../tests/support/customers';
import { encodePassword } from './auth';
import { disableCustomer } from './auth.service';
import { aShop } from '../../../tests/support/fixtures';

const shop = await aShop();

const register = (fields: Record<string, unknown>, language?: string) =>
  shop.post(
    '/login/register',
    { firstName: 'Mei', lastName: 'Tan', email: uniqueEmail(), password: encodePassword('secret123'), ...fields },
    { language },
  );

describe('registration refuses', () => {
  it('a malformed email with -201', async () => {
    expect((await register({ email: 'mei@' })).body.code).toBe(-201);
    expect((await register({ email: 'mei at example.com' })).body.code).toBe(-201);
  });

  it('an email that is taken, in any letter case, with -202', async () => {
    const customer = await signUp(shop);
    const again = await register({ email: customer.email.toUpperCase() }, 'ZH');
    expect(again.body).toMatchObject({ code: -202, message: '该账号已存在' });
    expect(await shop.db.select().from(users).where(eq(users.email, customer.email.toUpperCase()))).toHaveLength(0);
  });

  it('a password that is not base64 of UTF-8 with -203', async () => {
    expect((await register({ password: 'secret123' })).body.code).toBe(-203);
    expect((await register({ password: Buffer.from([0xc3, 0x28, 0x41, 0x42]).toString('base64') })).body.code).toBe(
      -203,
    );
  });

  it.each([
    ['too short', 'abc123'],
    ['too long', 'abcdefghij1234567890x'],
    ['with a space', 'secret 123'],
    ['of one kind only (letters)', 'secretsecret'],
    ['of one kind only (digits)', '1234567890'],
  ])('a password %s with -204, in the request language', async (_case, password) => {
    const response = await register({ password: encodePassword(password) }, 'MS');
    expect(response.body.code).toBe(-204);
    expect(response.body.message).toMatch(/kata laluan/i);
  });

  it('accepts passwords at the edges of the rule', async () => {
    expect((await register({ password: encodePassword('abcdefg1') })).body.code).toBe(1);
    expect((await register({ password: encodePassword('abcdefghij123456789!') })).body.code).toBe(1);
    expect((await register({ password: encodePassword('!!!!2222') })).body.code).toBe(1);
  });

  it('missing or oversized names and emails with -218 naming the field', async () => {
    const noName = await register({ firstName: '   ' });
    expect(noName.body.code).toBe(-218);
    expect(noName.body.message).toContain('firstName');
    expect((await register({ lastName: 'x'.repeat(51) })).body.message).toContain('lastName');
    expect((await register({ email: `${'a'.repeat(39)}@example.com` })).body.code).toBe(-218); // 51 characters
    expect((await register({ email: undefined })).body.message).toContain('email');
    expect((await register({ cart: [{ goodsSpecificationId: 1, goodsQuantity: 101 }] })).body.code).toBe(-218);
  });
});

describe('sign-in refuses', () => {
  it('an unknown account with -206', async () => {
    expect((await signIn(shop, uniqueEmail(), DEFAULT_PASSWORD)).body.code).toBe(-206);
  });

  it('a wrong password with -207 and sets no cookie', async () => {
    const customer = await signUp(shop);
    const response = await signIn(shop, customer.email, 'secret124', { language: 'ZH' });
    expect(response.body).toMatchObject({ code: -207, message: '账号或密码错误' });
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('an undecodable password with -203 and a malformed email with -201', async () => {
    const customer = await signUp(shop);
    expect((await shop.post('/login/pwdLogin', { email: customer.email, password: '%%%' })).body.code).toBe(-203);
    expect((await shop.post('/login/pwdLogin', { email: 'nobody@', password: encodePassword('x') })).body.code).toBe(
      -201,
    );
  });

  it('a disabled account with -205, which also loses its sessions', async () => {
    const customer = await signUp(shop);
    const userInfo = () => shop.get<{ email: string }>('/login/getUserInfo', { headers: customer.headers });
    expect((await userInfo()).body.data.email).toBe(customer.email);
    await disableCustomer(shop.db, Number(customer.user.userId));
    expect(
      await shop.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, Number(customer.user.userId))),
    ).toHaveLength(0);
    expect((await userInfo()).body.data.email).toBe('');
    expect((await signIn(shop, customer.email, DEFAULT_PASSWORD)).body.code).toBe(-205);
  });

  it('a session whose account was disabled behind its back', async () => {
    const customer = await signUp(shop);
    await shop.db
      .update(users)
      .set({ disabledAt: new Date() })
      .where(eq(users.id, Number(customer.user.userId)));
    const response = await shop.get('/shoppingcart/queryShoppingCartList', { headers: customer.headers });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe(-212);
  });
});

describe('calls that need a session', () => {
  it.each([
    ['GET', '/shoppingcart/queryShoppingCartList'],
    ['POST', '/shoppingcart/addShoppingCart'],
    ['PUT', '/shoppingcart/updateShoppingCart'],
    ['DELETE', '/shoppingcart/deleteShoppingCart?goodsSpecificationId=1'],
    ['POST', '/shoppingcart/mergeShoppingCart'],
    ['PUT', '/account/updatePassword'],
    ['PUT', '/account/updateUserInfo'],
    ['PUT', '/account/updateUserName'],
    ['PUT', '/account/updatePhone'],
    ['PUT', '/account/updateHeadPicture'],
    ['GET', '/delivery/queryAddressList'],
    ['POST', '/delivery/addAddress'],
    ['PUT', '/delivery/updateAddress'],
    ['DELETE', '/delivery/deleteAddress?addressId=1'],
    ['PUT', '/delivery/setDefaultAddress?addressId=1'],
  ])('%s %s answers -212 (HTTP 401) without one, before looking at the body', async (method, path) => {
    const body = method === 'GET' || method === 'DELETE' ? undefined : {};
    const response = await shop.call(method, path, { body, language: 'ZH' });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: -212, message: '登录状态已变更，请重新登录' });
  });

  it('answers -212 for a forged or signed-out token', async () => {
    const customer = await signUp(shop);
    await shop.get('/login/loginOut', { headers: customer.headers });
    for (const token of [customer.token, 'A'.repeat(43), 'not-a-token', '']) {
      const response = await shop.get('/delivery/queryAddressList', { headers: { Cookie: `token=${token}` } });
      expect(response.body.code, token).toBe(-212);
    }
  });
});

describe('checking an email', () => {
  it('answers -201 for a malformed one and -218 for none', async () => {
    expect((await shop.get('/login/checkUniqueByEmail?email=nope')).body.code).toBe(-201);
    expect((await shop.get('/login/checkUniqueByEmail')).body.code).toBe(-218);
  });
});
