import { describe, expect, it } from 'vitest';
import { encodePassword } from '@/features/auth/auth';
import { DEFAULT_PASSWORD, signIn } from '../../../tests/support/customers';
import { aShop, aCustomer } from '../../../tests/support/fixtures';

const shop = await aShop();
const customer = await aCustomer(shop);

const put = (path: string, body: unknown, language?: string) =>
  shop.call('PUT', `/account/${path}`, { body, headers: customer.headers, language });

describe('changing the password refuses', () => {
  it('a wrong current password with -207, keeping the old one', async () => {
    const response = await put(
      'updatePassword',
      { oldPassword: encodePassword('wrong-123'), newPassword: encodePassword('brand-new-9') },
      'ZH',
    );
    expect(response.body).toMatchObject({ code: -207, message: '账号或密码错误' });
    expect((await signIn(shop, customer.email, DEFAULT_PASSWORD)).body.code).toBe(1);
  });

  it('a new password breaking the rule with -204, and undecodable ones with -203', async () => {
    expect(
      (
        await put('updatePassword', {
          oldPassword: encodePassword(DEFAULT_PASSWORD),
          newPassword: encodePassword('short1'),
        })
      ).body.code,
    ).toBe(-204);
    expect(
      (await put('updatePassword', { oldPassword: '@@', newPassword: encodePassword('brand-new-9') })).body.code,
    ).toBe(-203);
    expect(
      (await put('updatePassword', { oldPassword: encodePassword(DEFAULT_PASSWORD), newPassword: '@@' })).body.code,
    ).toBe(-203);
    expect((await put('updatePassword', { newPassword: encodePassword('brand-new-9') })).body.code).toBe(-218);
  });
});

describe('personal info refuses with -218 naming the field', () => {
  it.each([
    ['updatePhone', { phone: '12' }, 'phone'],
    ['updatePhone', { phone: 'call me' }, 'phone'],
    ['updatePhone', {}, 'phone'],
    ['updateUserInfo', { firstName: 'Mei', lastName: 'Tan', phone: '+1 (415) abc' }, 'phone'],
    ['updateUserInfo', { firstName: 'Mei', lastName: 'Tan', language: 'FR' }, 'language'],
    ['updateUserInfo', { firstName: '', lastName: 'Tan' }, 'firstName'],
    ['updateUserName', { firstName: 'Mei', lastName: 'x'.repeat(51) }, 'lastName'],
  ])('%s %j', async (path, body, field) => {
    const response = await put(path, body, 'MS');
    expect(response.body.code).toBe(-218);
    expect(response.body.message).toBe(`Nilai tidak sah untuk ${field}`);
  });
});
