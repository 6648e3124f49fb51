import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '@/features/auth/auth.schema';
import { limits } from '@/lib/validation';
import { users } from '@/server/db/schema';
import { signUp, uploadHeadPicture } from '../../../tests/support/customers';
import { aShop, aCustomer } from '../../../tests/support/fixtures';

const shop = await aShop();
const customer = await aCustomer(shop);

const row = async (userId: string) =>
  (
    await shop.db
      .select()
      .from(users)
      .where(eq(users.id, Number(userId)))
  )[0]!;

describe('mass assignment', () => {
  it.each(['updateUserInfo', 'updateUserName', 'updatePhone'])(
    '%s ignores every field a customer may not set',
    async (path) => {
      const victim = await signUp(shop);
      const before = await row(customer.user.userId);
      const response = await shop.call<UserInfo>('PUT', `/account/${path}`, {
        headers: customer.headers,
        body: {
          firstName: 'Mei',
          lastName: 'Tan',
          phone: '',
          userCode: 'HACKED22',
          shareCode: 'HACKED33',
          rebateRate: 99,
          balance: 1_000_000,
          id: Number(victim.user.userId),
          userId: victim.user.userId,
          email: victim.email,
          referrerId: Number(victim.user.userId),
          passwordHash: 'scrypt$1$1$1$x$y',
          disabledAt: null,
          headPictureKey: 'goods/someone-else.webp',
        },
      });
      expect(response.body.code).toBe(1);
      const after = await row(customer.user.userId);
      expect({ ...after, updatedAt: before.updatedAt }).toEqual(before);
      expect(await row(victim.user.userId)).toMatchObject({ email: victim.email, firstName: 'Mei' });
    },
  );

  it('never lets one session change another customer', async () => {
    const victim = await signUp(shop, { firstName: 'Victim' });
    await shop.call('PUT', '/account/updateUserName', {
      headers: customer.headers,
      body: { firstName: 'Eve', lastName: 'X', userId: victim.user.userId },
    });
    expect((await row(victim.user.userId)).firstName).toBe('Victim');
    const info = await shop.get<UserInfo>('/login/getUserInfo', { headers: victim.headers });
    expect(info.body.data.firstName).toBe('Victim');
  });
});

describe('avatar uploads refuse', () => {
  const refused = async (response: Response, status = 400) => {
    expect(response.status).toBe(status);
    const body = (await response.json()) as { code: number; message: string };
    expect(body.code).toBe(-218);
    expect(body.message).toContain('file');
  };

  it('SVG, even named .png', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    await refused(await uploadHeadPicture(shop, customer.headers, svg, 'me.png', 'image/png'));
  });

  it('HTML, even named .jpg', async () => {
    await refused(
      await uploadHeadPicture(
        shop,
        customer.headers,
        Buffer.from('<!doctype html><script>alert(1)</script>'),
        'me.jpg',
        'image/jpeg',
      ),
    );
  });

  it('GIF and WebP, which are pictures but not the allowed kinds', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    await refused(await uploadHeadPicture(shop, customer.headers, gif, 'me.png'));
    await refused(await uploadHeadPicture(shop, customer.headers, webp, 'me.png'));
  });

  it('a file that only starts like a PNG', async () => {
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('not really a png at all'),
    ]);
    await refused(await uploadHeadPicture(shop, customer.headers, fake));
  });

  const pngOf = (bytes: number) => {
    const file = Buffer.alloc(bytes, 0);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(file);
    return file;
  };

  it('a file of 5 MB + 1 byte', async () => {
    await refused(await uploadHeadPicture(shop, customer.headers, pngOf(limits.avatarBytesMax + 1)), 413);
  });

  it('a 10 MB upload without a declared length', async () => {
    await refused(await uploadHeadPicture(shop, customer.headers, pngOf(limits.avatarBytesMax * 2)), 413);
  });

  it('a body declared far over the limit, before reading it', async () => {
    const response = await shop.app.request('/api/v1/account/updateHeadPicture', {
      method: 'PUT',
      headers: {
        ...customer.headers,
        Origin: shop.config.publicOrigin,
        'Content-Type': 'multipart/form-data; boundary=x',
        'Content-Length': String(50 * 1024 * 1024),
      },
      body: '--x--',
    });
    await refused(response, 413);
  });

  it('a picture 1 × 60000 pixels', async () => {
    const tall = await sharp({ create: { width: 1, height: 60_000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await refused(await uploadHeadPicture(shop, customer.headers, tall));
  });

  it('a decompression bomb: a small file of 49 million pixels', async () => {
    const bomb = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(limits.avatarBytesMax);
    await refused(await uploadHeadPicture(shop, customer.headers, bomb));
  });

  it('a form without a file, or with text in its place', async () => {
    const empty = new FormData();
    empty.append('picture', 'x');
    await refused(
      await shop.app.request('/api/v1/account/updateHeadPicture', {
        method: 'PUT',
        body: empty,
        headers: { Origin: shop.config.publicOrigin, ...customer.headers },
      }),
    );
    const text = new FormData();
    text.append('file', 'just text');
    await refused(
      await shop.app.request('/api/v1/account/updateHeadPicture', {
        method: 'PUT',
        body: text,
        headers: { Origin: shop.config.publicOrigin, ...customer.headers },
      }),
    );
  });

  it('anyone signed out, before reading the upload', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const response = await uploadHeadPicture(shop, {}, png);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { code: number }).code).toBe(-212);
  });

  it('and other routes do not take multipart bodies', async () => {
    const form = new FormData();
    form.append('firstName', 'Mei');
    const response = await shop.app.request('/api/v1/account/updateUserName', {
      method: 'PUT',
      body: form,
      headers: { Origin: shop.config.publicOrigin, ...customer.headers },
    });
    expect(response.status).toBe(415);
  });

  it('and leave the current avatar in place', async () => {
    const owner = await signUp(shop);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c97b94' } })
      .png()
      .toBuffer();
    expect((await uploadHeadPicture(shop, owner.headers, png)).status).toBe(200);
    const avatar = (await row(owner.user.userId)).headPictureKey;
    expect(avatar).toMatch(/^avatars\//);
    await refused(
      await uploadHeadPicture(shop, owner.headers, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
    );
    expect((await row(owner.user.userId)).headPictureKey).toBe(avatar);
  });
});
