import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { encodePassword } from '@/features/auth/auth';
import type { UserInfo } from '@/features/auth/auth.schema';
import type { MyShare } from '@/features/referral/referral.schema';
import { VISITORS_PER_ADDRESS } from '@/features/referral/referral.service';
import { rowsOf } from '@/server/db/client';
import { captchas, sessions, users } from '@/server/db/schema';
import { DEFAULT_PASSWORD, signUp, solveCaptcha, uploadHeadPicture } from '../support/customers';
import { testPicture } from '../support/api';
import { aShop } from '../support/fixtures';
import { linkIn, sentMail } from '../support/mail';
import { anOperator } from '../support/operators';

/*
 * The smaller gaps of the audit (docs/decisions/075): reset links after a password change, sessions
 * that never end, body-less requests from other sites, avatars that outlive their replacement, and
 * share-link visits counted for every cookie-less request.
 */

const shop = await aShop({
  env: { TRUST_PROXY: 'true', SESSION_DAYS: '10', SESSION_MAX_DAYS: '30', OPERATOR_SESSION_HOURS: '12' },
});
const DAY = 24 * 60 * 60 * 1000;

it('kills a reset link once the password is changed on the account page', async () => {
  const customer = await signUp(shop);
  const captcha = await solveCaptcha(shop);
  expect(
    (
      await shop.post(
        '/login/preResetPwd',
        { email: customer.email, captchaCode: captcha.answer },
        { headers: { Cookie: captcha.cookie } },
      )
    ).body.code,
  ).toBe(1);
  const mail = (await sentMail(shop)).filter((each) => JSON.stringify(each.to).includes(customer.email)).at(-1)!;
  const token = linkIn(mail, `${shop.config.publicOrigin}/updatePwd/`)!.split('/updatePwd/')[1]!;

  const changed = await shop.call('PUT', '/account/updatePassword', {
    body: { oldPassword: encodePassword(DEFAULT_PASSWORD), newPassword: encodePassword('changed123') },
    headers: customer.headers,
  });
  expect(changed.body.code).toBe(1);
  expect((await shop.post('/login/updatePwd', { token, password: encodePassword('attacker123') })).body.code).toBe(
    -219,
  );
});

it("ends a session SESSION_MAX_DAYS after sign-in however often it is used, and an operator's after 12 hours", async () => {
  const customer = await signUp(shop);
  const me = () => shop.get<UserInfo>('/login/getUserInfo', { headers: customer.headers });
  expect((await me()).body.data.userId).not.toBe('');
  // Used yesterday, signed in 31 days ago.
  await shop.db
    .update(sessions)
    .set({
      createdAt: new Date(Date.now() - 31 * DAY),
      lastSeenAt: new Date(Date.now() - DAY),
      expiresAt: new Date(Date.now() + 9 * DAY),
    })
    .where(eq(sessions.userId, Number(customer.user.userId)));
  expect((await me()).body.data.userId).toBe('');

  const operator = await anOperator(shop, 'admin');
  const signedIn = await shop.post('/admin/auth/signIn', { email: operator.email, password: 'correct horse battery' });
  expect(signedIn.headers.get('Set-Cookie')).toContain('Max-Age=43200');
  const [row] = rowsOf<{ hours: string }>(
    await shop.db.execute(
      sql`select round(extract(epoch from expires_at - now()) / 3600) as hours from operator_sessions order by id desc limit 1`,
    ),
  );
  expect(Number(row!.hours)).toBe(12);
});

it('refuses a state-changing request from another site without JSON, with a body or without', async () => {
  const customer = await signUp(shop);
  const foreign = { ...customer.headers, Origin: 'https://evil.example' };
  const bodyless = await shop.app.request('/api/v1/coupon/cancel?couponId=1', {
    method: 'POST',
    headers: { ...foreign, 'Content-Type': 'text/plain' },
  });
  expect(bodyless.status).toBe(403);
  expect(((await bodyless.json()) as { code: number }).code).toBe(-218);
  const noType = await shop.app.request('/api/v1/order/cancel?orderId=1', { method: 'PUT', headers: foreign });
  expect(noType.status).toBe(403);
  // A picture from another site's form: refused before it is read.
  const form = new FormData();
  form.append('file', new File([new Uint8Array(await testPicture())], 'me.png', { type: 'image/png' }));
  expect(
    (await shop.app.request('/api/v1/account/updateHeadPicture', { method: 'PUT', body: form, headers: foreign }))
      .status,
  ).toBe(403);
  // The shop's own pages: JSON from anywhere a preflight allows, and a body-less call from the shop's origin.
  expect(
    (
      await shop.app.request('/api/v1/coupon/cancel?couponId=1', {
        method: 'POST',
        headers: { ...customer.headers, 'Sec-Fetch-Site': 'same-origin' },
      })
    ).status,
  ).not.toBe(403);
  expect(
    (
      await shop.app.request('/api/v1/coupon/cancel?couponId=1', {
        method: 'POST',
        headers: { ...customer.headers, Origin: shop.config.publicOrigin },
      })
    ).status,
  ).not.toBe(403);
  expect(
    (
      await shop.app.request('/api/v1/coupon/cancel?couponId=1', {
        method: 'POST',
        headers: { ...foreign, 'Content-Type': 'application/json' },
        body: '{}',
      })
    ).status,
  ).not.toBe(403);
});

it('deletes an avatar when it is replaced, so an erased customer leaves no picture behind', async () => {
  const customer = await signUp(shop);
  const first = (await (await uploadHeadPicture(shop, customer.headers, await testPicture('#aa3366'))).json()) as {
    data: UserInfo;
  };
  const second = (await (await uploadHeadPicture(shop, customer.headers, await testPicture('#3366aa'))).json()) as {
    data: UserInfo;
  };
  expect(second.data.headPicture).not.toBe(first.data.headPicture);
  expect((await shop.app.request(first.data.headPicture)).status).toBe(404);
  expect((await shop.app.request(second.data.headPicture)).status).toBe(200);

  const erased = await shop.call('POST', '/privacy/deleteAccount', {
    body: { password: encodePassword(DEFAULT_PASSWORD) },
    headers: customer.headers,
  });
  expect(erased.body.code).toBe(1);
  expect((await shop.app.request(second.data.headPicture)).status).toBe(404);
  expect(
    (
      await shop.db
        .select()
        .from(users)
        .where(eq(users.id, Number(customer.user.userId)))
    )[0]?.headPictureKey ?? null,
  ).toBeNull();
});

it('counts share-link visits a client without cookies repeats only up to the few one address may hold', async () => {
  const sharer = await signUp(shop);
  const { shareCode } = (await shop.get<MyShare>('/share/getMyShare', { headers: sharer.headers })).body.data;
  for (let visit = 0; visit < 4 * VISITORS_PER_ADDRESS; visit += 1)
    await shop.post('/share/visit', { code: shareCode }, { headers: { 'X-Forwarded-For': '203.0.113.40' } });
  await shop.post('/share/visit', { code: shareCode }, { headers: { 'X-Forwarded-For': '203.0.113.41' } });
  expect((await shop.get<MyShare>('/share/getMyShare', { headers: sharer.headers })).body.data.visits).toBe(
    VISITORS_PER_ADDRESS + 1,
  );
});

it('hands out captchas whose answer a program cannot guess, only find by doing the work', async () => {
  const answers = [];
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const response = await shop.app.request('/api/v1/captcha/mathGenerator', {
      headers: { 'X-Forwarded-For': `192.0.2.${attempt + 100}` },
    });
    const { data } = (await response.json()) as { data: { challenge: string; salt: string; maxnumber: number } };
    expect(data.challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(data.maxnumber).toBeGreaterThanOrEqual(100_000);
    const id = /captcha=([^;]+)/.exec(response.headers.get('Set-Cookie') ?? '')![1]!;
    answers.push((await shop.db.select().from(captchas).where(eq(captchas.id, id)))[0]!.answer);
  }
  // "10" used to pass one time in nine: answers now spread over a hundred thousand numbers.
  expect(new Set(answers).size).toBeGreaterThanOrEqual(19);
  expect(Math.max(...answers)).toBeGreaterThan(1000);
});
