import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { operators } from '@/server/db/schema';
import { aShop } from '../../../../tests/support/fixtures';
import {
  anOperator,
  OPERATOR_PASSWORD,
  secondFactorCode,
  withSecondFactor,
  wrongSecondFactorCode,
  type TestOperator,
} from '../../../../tests/support/operators';
import { operatorAccountsCommand } from './operators.commands';

/* The optional second factor of back-office operators: on with a code, asked at sign-in, each code once, off, reset. */

// Eight attempts per account: a test's sign-ins and codes fit, the ninth is refused.
const shop = await aShop({ catalogue: 'none', env: { RATE_LIMIT_PER_ACCOUNT: '8', RATE_LIMIT_PER_IP: '1000' } });
const admin = await anOperator(shop, 'admin');

type Me = { email: string; role: string; secondFactor: boolean };
const me = (headers: { Cookie: string }) => shop.get<Me>('/admin/auth/me', { headers });
const signIn = async (operator: TestOperator, code?: string) => {
  const answer = await shop.post<Me>('/admin/auth/signIn', {
    email: operator.email,
    password: OPERATOR_PASSWORD,
    ...(code === undefined ? {} : { code }),
  });
  return { code: answer.body.code, data: answer.body.data, cookie: answer.headers.get('Set-Cookie') };
};
const storedSecret = async (email: string) =>
  (
    await shop.db
      .select({ secret: operators.totpSecret })
      .from(operators)
      .where(sql`lower(${operators.email}) = lower(${email})`)
  )[0]!.secret;
const auditOf = async (subject: string) => {
  const answer = await shop.get<{ actor: string; action: string; subject: string; before: unknown; after: unknown }[]>(
    '/admin/audit?limit=200',
    { headers: await admin.freshSession() },
  );
  return answer.body.data
    .filter((entry) => entry.subject === subject && entry.action.startsWith('operator.second-factor'))
    .reverse();
};

describe("an operator's second factor", () => {
  it('is turned on only with a correct code from the new secret, which is never shown again; other sessions end', async () => {
    const operator = await anOperator(shop, 'editor');
    const [here, elsewhere] = [await operator.freshSession(), await operator.freshSession()];
    const setup = await shop.post<{ secret: string; uri: string }>(
      '/admin/auth/secondFactor/setup',
      {},
      { headers: here },
    );
    const { secret, uri } = setup.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(new RegExp(`^otpauth://totp/.+:${encodeURIComponent(operator.email)}\\?.*secret=${secret}`));

    const wrong = await shop.post(
      '/admin/auth/secondFactor/enable',
      { secret, code: wrongSecondFactorCode(secret) },
      { headers: here },
    );
    expect(wrong.body.code).toBe(-242);
    expect(wrong.body.message).toBe('The code is wrong or was used already. Wait for the next code and try again.');
    expect(await storedSecret(operator.email)).toBeNull();
    expect((await me(here)).body.data.secondFactor).toBe(false);

    const right = await shop.post<Me>(
      '/admin/auth/secondFactor/enable',
      { secret, code: secondFactorCode(secret) },
      { headers: here },
    );
    expect(right.body).toMatchObject({ code: 1, data: { email: operator.email, secondFactor: true } });
    expect(await storedSecret(operator.email)).toBe(secret);
    const seen = await me(here);
    expect(seen.body.data).toEqual({
      email: operator.email,
      role: 'editor',
      secondFactor: true,
      secondFactorRequired: false,
      language: 'EN',
    });
    expect(JSON.stringify(seen.body)).not.toContain(secret);
    expect((await me(elsewhere)).body.code).toBe(-212);

    // On already: no new secret is handed out and the stored one is not replaced.
    expect((await shop.post('/admin/auth/secondFactor/setup', {}, { headers: here })).body.code).toBe(1);
    const again = await shop.post(
      '/admin/auth/secondFactor/enable',
      { secret: 'A'.repeat(32), code: secondFactorCode('A'.repeat(32)) },
      { headers: here },
    );
    expect(again.body.code).toBe(-225);
    expect(await storedSecret(operator.email)).toBe(secret);
    expect(await auditOf(operator.email)).toEqual([
      expect.objectContaining({
        actor: operator.email,
        action: 'operator.second-factor-on',
        before: { secondFactor: false },
        after: { secondFactor: true },
      }),
    ]);
  });

  it('asks for the code after the right password at sign-in and accepts each code once', async () => {
    const operator = await anOperator(shop, 'fulfilment');
    const { secret } = await withSecondFactor(shop, operator);

    const passwordOnly = await signIn(operator);
    expect(passwordOnly).toMatchObject({ code: -241, cookie: null });
    const wrongPassword = await shop.post('/admin/auth/signIn', {
      email: operator.email,
      password: 'not the password',
      code: secondFactorCode(secret, 1),
    });
    expect(wrongPassword.body.code).toBe(-209);
    expect(await signIn(operator, wrongSecondFactorCode(secret))).toMatchObject({ code: -242, cookie: null });

    // The code that turned it on is spent; the app's next one is taken.
    const next = secondFactorCode(secret, 1);
    const signedIn = await signIn(operator, next);
    expect(signedIn).toMatchObject({ code: 1, data: { email: operator.email, secondFactor: true } });
    const session = { Cookie: /operator=[^;]+/.exec(signedIn.cookie!)![0] };
    expect((await me(session)).body.data.email).toBe(operator.email);

    expect(await signIn(operator, next)).toMatchObject({ code: -242, cookie: null });
  });

  it('counts every code at sign-in against the same limit as passwords', async () => {
    const operator = await anOperator(shop, 'editor');
    const { secret } = await withSecondFactor(shop, operator); // two attempts: a sign-in and a code
    const codes = [];
    for (let attempt = 0; attempt < 7; attempt += 1)
      codes.push((await signIn(operator, wrongSecondFactorCode(secret))).code);
    expect(codes).toEqual([-242, -242, -242, -242, -242, -242, -9999]);
    expect((await signIn(operator, secondFactorCode(secret, 1))).code).toBe(-9999);
  });

  it('is turned off by its operator with a current code, after which the password alone signs in', async () => {
    const operator = await anOperator(shop, 'admin');
    const { headers, secret } = await withSecondFactor(shop, operator);
    expect(
      (await shop.post('/admin/auth/secondFactor/disable', { code: wrongSecondFactorCode(secret) }, { headers })).body
        .code,
    ).toBe(-242);
    expect((await shop.post('/admin/auth/secondFactor/disable', { code: '12345' }, { headers })).body).toMatchObject({
      code: -218,
      message: 'Invalid value for code',
    });
    expect((await me(headers)).body.data.secondFactor).toBe(true);

    const off = await shop.post<Me>(
      '/admin/auth/secondFactor/disable',
      { code: secondFactorCode(secret, 1) },
      { headers },
    );
    expect(off.body).toMatchObject({ code: 1, data: { secondFactor: false } });
    expect(await storedSecret(operator.email)).toBeNull();
    expect((await signIn(operator)).code).toBe(1);
    expect(
      (await shop.post('/admin/auth/secondFactor/disable', { code: secondFactorCode(secret, 1) }, { headers })).body
        .code,
    ).toBe(-225);
    expect((await auditOf(operator.email)).map((entry) => [entry.actor, entry.action])).toEqual([
      [operator.email, 'operator.second-factor-on'],
      [operator.email, 'operator.second-factor-off'],
    ]);
  });

  it("is reset by an admin for an operator who lost it, but not the admin's own", async () => {
    const operator = await anOperator(shop, 'fulfilment');
    await withSecondFactor(shop, operator);
    const headers = await admin.freshSession();

    const reset = await shop.post<Me>(
      '/admin/operators/resetSecondFactor',
      { email: operator.email.toUpperCase() },
      { headers },
    );
    expect(reset.body).toMatchObject({ code: 1, data: { email: operator.email, secondFactor: false } });
    expect((await signIn(operator)).code).toBe(1);
    expect(
      (await shop.post('/admin/operators/resetSecondFactor', { email: operator.email }, { headers })).body.code,
    ).toBe(-225);
    expect(
      (await shop.post('/admin/operators/resetSecondFactor', { email: 'nobody@shop.example' }, { headers })).body.code,
    ).toBe(-206);

    const otherAdmin = await anOperator(shop, 'admin');
    const { headers: own } = await withSecondFactor(shop, otherAdmin);
    expect(
      (await shop.post('/admin/operators/resetSecondFactor', { email: otherAdmin.email }, { headers: own })).body.code,
    ).toBe(-218);
    expect(await storedSecret(otherAdmin.email)).not.toBeNull();

    expect((await auditOf(operator.email)).map((entry) => [entry.actor, entry.action, entry.after])).toEqual([
      [operator.email, 'operator.second-factor-on', { secondFactor: true }],
      [admin.email, 'operator.second-factor-reset', { secondFactor: false }],
    ]);
  });

  it('is reset from the operator CLI by the same rule', async () => {
    const operator = await anOperator(shop, 'editor');
    await withSecondFactor(shop, operator);
    const printed = await operatorAccountsCommand.execute(['reset-2fa', operator.email], shop.operator);
    expect(printed).toBe(
      `${operator.email} signs in with the password alone until they turn two-step sign-in on again.`,
    );
    expect((await signIn(operator)).code).toBe(1);
    await expect(operatorAccountsCommand.execute(['reset-2fa', operator.email], shop.operator)).rejects.toThrow(
      `${operator.email} has no second factor to reset.`,
    );
    await expect(operatorAccountsCommand.execute(['reset-2fa', 'nobody@shop.example'], shop.operator)).rejects.toThrow(
      'No operator with the email nobody@shop.example.',
    );
    await expect(operatorAccountsCommand.execute(['reset-2fa'], shop.operator)).rejects.toThrow(
      'usage: npm run shop -- operator add',
    );
    const [row] = await shop.db.select().from(operators).where(eq(operators.email, operator.email));
    expect(row).toMatchObject({ totpSecret: null, totpLastStep: null });
    expect((await auditOf(operator.email)).at(-1)).toMatchObject({
      actor: 'cli',
      action: 'operator.second-factor-reset',
    });
  });
});
