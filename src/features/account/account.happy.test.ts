import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '@/features/auth/auth.schema';
import { encodePassword } from '@/features/auth/auth';
import {
  cookieFor,
  DEFAULT_PASSWORD,
  sessionTokenOf,
  signIn,
  signUp,
  uploadHeadPicture,
  type Customer,
} from '../../../tests/support/customers';
import { aShop } from '../../../tests/support/fixtures';

const shop = await aShop();

const put = <T = UserInfo>(customer: Customer, path: string, body: unknown) =>
  shop.call<T>('PUT', `/account/${path}`, { body, headers: customer.headers });
const userInfo = async (headers: Record<string, string>) =>
  (await shop.get<UserInfo>('/login/getUserInfo', { headers })).body.data;

describe('personal info', () => {
  it('changes names, phone and mail language, and answers the user info', async () => {
    const customer = await signUp(shop);
    const response = await put(customer, 'updateUserInfo', {
      firstName: ' Siti ',
      lastName: 'Aminah',
      phone: '+60 12-345 6789',
      language: 'MS',
    });
    expect(response.body.code).toBe(1);
    expect(response.body.data).toMatchObject({
      firstName: 'Siti',
      lastName: 'Aminah',
      phone: '+60 12-345 6789',
      language: 'MS',
      email: customer.email,
    });
    expect(await userInfo(customer.headers)).toEqual(response.body.data);
  });

  it('leaves phone and language alone when updateUserInfo leaves them out', async () => {
    const customer = await signUp(shop);
    await put(customer, 'updatePhone', { phone: '(555) 123-4567' });
    const response = await put(customer, 'updateUserInfo', { firstName: 'Ana', lastName: 'Lim' });
    expect(response.body.data).toMatchObject({ firstName: 'Ana', phone: '(555) 123-4567', language: 'EN' });
  });

  it('changes the name alone', async () => {
    const customer = await signUp(shop);
    const response = await put(customer, 'updateUserName', { firstName: '美', lastName: '陈' });
    expect(response.body.data).toMatchObject({ firstName: '美', lastName: '陈' });
  });

  it('sets and clears the phone number', async () => {
    const customer = await signUp(shop);
    expect((await put(customer, 'updatePhone', { phone: '+1 415 555 0100' })).body.data.phone).toBe('+1 415 555 0100');
    expect((await put(customer, 'updatePhone', { phone: '' })).body.data.phone).toBe('');
  });
});

describe('changing the password', () => {
  it('keeps this session, ends the others, and only the new password signs in', async () => {
    const customer = await signUp(shop);
    const other = sessionTokenOf(await signIn(shop, customer.email, DEFAULT_PASSWORD))!;
    const response = await put(customer, 'updatePassword', {
      oldPassword: encodePassword(DEFAULT_PASSWORD),
      newPassword: encodePassword('brand-new-9'),
    });
    expect(response.body.code).toBe(1);
    expect((await userInfo(customer.headers)).email).toBe(customer.email);
    expect((await userInfo(cookieFor(other))).email).toBe('');
    expect((await signIn(shop, customer.email, DEFAULT_PASSWORD)).body.code).toBe(-207);
    expect((await signIn(shop, customer.email, 'brand-new-9')).body.code).toBe(1);
  });
});

describe('the avatar', () => {
  it('is re-encoded to a 256 × 256 WebP without metadata, stored under a key the server chose', async () => {
    const customer = await signUp(shop);
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#7a4' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-camera-owner', Artist: 'GPS here' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const response = await uploadHeadPicture(shop, customer.headers, photo, '../../etc/passwd.jpg', 'image/jpeg');
    const body = (await response.json()) as { code: number; data: UserInfo };
    expect(body.code).toBe(1);
    expect(body.data.headPicture).toMatch(
      new RegExp(`^/api/v1/media/avatars/${customer.user.userId}-[0-9a-f]{16}\\.webp$`),
    );
    expect((await userInfo(customer.headers)).headPicture).toBe(body.data.headPicture);

    const served = await shop.app.request(body.data.headPicture);
    expect(served.headers.get('Content-Type')).toBe('image/webp');
    const stored = Buffer.from(await served.arrayBuffer());
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(metadata.exif).toBeUndefined();
    expect(stored.toString('latin1')).not.toContain('secret-camera-owner');
  });

  it('accepts a PNG whatever it is called, judging by its content', async () => {
    const customer = await signUp(shop);
    const png = await sharp({ create: { width: 300, height: 900, channels: 4, background: '#c97b94' } })
      .png()
      .toBuffer();
    const response = await uploadHeadPicture(shop, customer.headers, png, 'portrait.jpg', 'image/jpeg');
    expect(((await response.json()) as { code: number }).code).toBe(1);
  });
});
