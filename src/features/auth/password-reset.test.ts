import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, users } from '@/server/db/schema';
import { createTestApi, type TestApi } from '../../../tests/support/api';
import {
  DEFAULT_PASSWORD,
  sessionTokenOf,
  signIn,
  signUp,
  solveCaptcha,
  uniqueEmail,
  type Customer,
} from '../../../tests/support/customers';
import { linkIn, sentMail, startSmtpServer } from '../../../tests/support/mail';
import { encodePassword } from './auth';
import { getResetEmail, resetPassword } from './auth.service';
import { hashToken } from './tokens';

const ORIGIN = 'https://shop.example';

async function requestReset(
  shop: TestApi,
  email: string,
  options: { language?: string; headers?: Record<string, string> } = {},
) {
  const captcha = await solveCaptcha(shop);
  return shop.post(
    '/login/preResetPwd',
    { email, captchaCode: captcha.answer },
    { language: options.language, headers: { Cookie: captcha.cookie, ...options.headers } },
  );
}

describe('password reset through the outbox', () => {
  let shop: TestApi;
  let customer: Customer;
  beforeAll(async () => {
    shop = await createTestApi({ seed: false, env: { PUBLIC_ORIGIN: ORIGIN } });
    customer = await signUp(shop, { firstName: 'Ana' });
  });
  afterAll(() => shop.close());

  const lastMail = async () => (await sentMail(shop)).at(-1)!;
  const tokenFromLink = (link: string) => link.slice(`${ORIGIN}/updatePwd/`.length);

  it('mails a link built from the configured origin, never from the Host header', async () => {
    const response = await requestReset(shop, customer.email.toUpperCase(), {
      headers: { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' },
    });
    expect(response.body).toMatchObject({ code: 1, data: null });
    const mail = await lastMail();
    expect(mail.to).toMatchObject({ value: [{ address: customer.email }] });
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain('Hello Ana,');
    expect(mail.text).toContain('30 minutes');
    expect(mail.html).toContain('<a href="https://shop.example/updatePwd/');
    const link = linkIn(mail, `${ORIGIN}/updatePwd/`)!;
    expect(tokenFromLink(link)).toMatch(/^[\w-]{43}$/);
    expect(JSON.stringify(mail)).not.toContain('evil.example');
    // Only the token's hash is stored.
    const stored = await shop.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, hashToken(tokenFromLink(link))));
    expect(stored).toHaveLength(1);
  });

  it('shows the masked email, sets the new password once and signs the customer out everywhere', async () => {
    const elsewhere = sessionTokenOf(await signIn(shop, customer.email, DEFAULT_PASSWORD))!;
    await requestReset(shop, customer.email);
    const token = tokenFromLink(linkIn(await lastMail(), `${ORIGIN}/updatePwd/`)!);

    const email = await shop.post('/login/getResetEmail', { token });
    expect(email.body).toMatchObject({ code: 1, data: { email: `${customer.email.slice(0, 2)}***@example.com` } });

    const update = await shop.post('/login/updatePwd', { token, password: encodePassword('fresh-pass-1') });
    expect(update.body.code).toBe(1);
    for (const session of [customer.token, elsewhere]) {
      const info = await shop.get<{ userId: string }>('/login/getUserInfo', {
        headers: { Cookie: `token=${session}` },
      });
      expect(info.body.data.userId).toBe('');
    }
    expect((await signIn(shop, customer.email, DEFAULT_PASSWORD)).body.code).toBe(-207);
    expect((await signIn(shop, customer.email, 'fresh-pass-1')).body.code).toBe(1);

    const again = await shop.post(
      '/login/updatePwd',
      { token, password: encodePassword('other-pass-2') },
      { language: 'ZH' },
    );
    expect(again.body).toMatchObject({ code: -219, message: '链接已过期' });
    expect((await shop.post('/login/getResetEmail', { token })).body.code).toBe(-219);
  });

  it('kills the other open links of the account once one is used', async () => {
    await requestReset(shop, customer.email);
    const first = tokenFromLink(linkIn(await lastMail(), `${ORIGIN}/updatePwd/`)!);
    await requestReset(shop, customer.email);
    const second = tokenFromLink(linkIn(await lastMail(), `${ORIGIN}/updatePwd/`)!);
    expect(
      (await shop.post('/login/updatePwd', { token: second, password: encodePassword('second-pass-3') })).body.code,
    ).toBe(1);
    expect(
      (await shop.post('/login/updatePwd', { token: first, password: encodePassword('first-pass-4') })).body.code,
    ).toBe(-219);
  });

  it('expires a link after 30 minutes', async () => {
    await requestReset(shop, customer.email);
    const token = tokenFromLink(linkIn(await lastMail(), `${ORIGIN}/updatePwd/`)!);
    const in29Minutes = new Date(Date.now() + 29 * 60_000);
    const in31Minutes = new Date(Date.now() + 31 * 60_000);
    await expect(getResetEmail(shop.db, token, in29Minutes)).resolves.toContain('***@example.com');
    await expect(getResetEmail(shop.db, token, in31Minutes)).rejects.toMatchObject({ code: -219 });
    await expect(
      resetPassword(shop, { token, password: encodePassword('late-pass-5') }, in31Minutes),
    ).rejects.toMatchObject({ code: -219 });

    await shop.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    expect((await shop.post('/login/updatePwd', { token, password: encodePassword('late-pass-5') })).body.code).toBe(
      -219,
    );
  });

  it('checks the new password before using up the link', async () => {
    await requestReset(shop, customer.email);
    const token = tokenFromLink(linkIn(await lastMail(), `${ORIGIN}/updatePwd/`)!);
    expect((await shop.post('/login/updatePwd', { token, password: encodePassword('short') })).body.code).toBe(-204);
    expect((await shop.post('/login/updatePwd', { token, password: 'not base64!' })).body.code).toBe(-203);
    expect((await shop.post('/login/updatePwd', { token, password: encodePassword('long-enough-6') })).body.code).toBe(
      1,
    );
  });

  it('answers -219 for a token that never existed', async () => {
    expect((await shop.post('/login/getResetEmail', { token: 'x'.repeat(43) })).body.code).toBe(-219);
    expect(
      (await shop.post('/login/updatePwd', { token: 'nope', password: encodePassword('secret123') })).body.code,
    ).toBe(-219);
  });

  it('refuses a malformed email (-201), an unknown one (-206) and a disabled account (-205)', async () => {
    expect((await requestReset(shop, 'nobody@')).body.code).toBe(-201);
    expect((await requestReset(shop, uniqueEmail())).body.code).toBe(-206);
    const disabled = await signUp(shop);
    await shop.db.update(users).set({ disabledAt: new Date() }).where(eq(users.email, disabled.email));
    expect((await requestReset(shop, disabled.email)).body.code).toBe(-205);
  });

  it('needs the captcha of this browser: -232 without or expired, -233 wrong, each single use', async () => {
    expect((await shop.post('/login/preResetPwd', { email: customer.email, captchaCode: '3' })).body.code).toBe(-232);
    const captcha = await solveCaptcha(shop);
    const wrong = await shop.post(
      '/login/preResetPwd',
      { email: customer.email, captchaCode: String(Number(captcha.answer) + 1) },
      { headers: { Cookie: captcha.cookie }, language: 'MS' },
    );
    expect(wrong.body).toMatchObject({ code: -233, message: 'Kod pengesahan salah' });
    const reused = await shop.post(
      '/login/preResetPwd',
      { email: customer.email, captchaCode: captcha.answer },
      { headers: { Cookie: captcha.cookie } },
    );
    expect(reused.body.code).toBe(-232);
  });

  it('writes the mail in the customer’s language', async () => {
    const zh = await signUp(shop, { firstName: '美' }, { language: 'ZH' });
    await requestReset(shop, zh.email, { language: 'EN' });
    const zhMail = await lastMail();
    expect(zhMail.subject).toBe('重置您的密码');
    expect(zhMail.text).toContain('美，您好');
    expect(zhMail.text).toContain('30 分钟后失效');

    const ms = await signUp(shop, { firstName: 'Siti' }, { language: 'MS' });
    await requestReset(shop, ms.email);
    const msMail = await lastMail();
    expect(msMail.subject).toBe('Tetapkan semula kata laluan anda');
    expect(msMail.text).toContain('Helo Siti,');
    expect(msMail.html).toContain('Pilih kata laluan baharu');
  });

  it('escapes what the customer typed in the HTML part', async () => {
    const sly = await signUp(shop, { firstName: '<img src=x onerror=alert(1)>' });
    await requestReset(shop, sly.email);
    const mail = await lastMail();
    expect(mail.html).not.toContain('<img');
    expect(mail.text).toContain('<img src=x onerror=alert(1)>');
  });
});

describe('password reset over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let shop: TestApi;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    shop = await createTestApi({
      seed: false,
      env: { PUBLIC_ORIGIN: ORIGIN, SMTP_URL: smtp.url, MAIL_FROM: 'Energy Shop <shop@shop.example>' },
    });
  });
  afterAll(async () => {
    await shop.close();
    await smtp.close();
  });

  it('delivers the reset mail to a real SMTP server, and the link works', async () => {
    const customer = await signUp(shop);
    expect((await requestReset(shop, customer.email)).body.code).toBe(1);
    // Through the outbox: nothing is written to the folder when SMTP is set.
    expect(await sentMail(shop)).toEqual([]);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.from?.value[0]?.address).toBe('shop@shop.example');
    expect(mail!.to).toMatchObject({ value: [{ address: customer.email }] });
    const link = linkIn(mail!, `${ORIGIN}/updatePwd/`)!;
    const token = link.split('/').at(-1)!;
    expect((await shop.post('/login/updatePwd', { token, password: encodePassword('via-smtp-77') })).body.code).toBe(1);
    expect((await signIn(shop, customer.email, 'via-smtp-77')).body.code).toBe(1);
  });
});
