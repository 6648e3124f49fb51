import { describe, expect, it } from 'vitest';
import { signUp } from '../../../../tests/support/customers';
import { aShop } from '../../../../tests/support/fixtures';
import { anOperator, OPERATOR_PASSWORD } from '../../../../tests/support/operators';
import { inviteOperator } from './operator-auth';
import { operatorAccountsCommand } from './operators.commands';

const shop = await aShop({ catalogue: 'small', env: { RATE_LIMIT_PER_ACCOUNT: '3', RATE_LIMIT_PER_IP: '1000' } });
const buyer = await signUp(shop);
const inviteToken = (link: string) => new URL(link).searchParams.get('invite')!;

describe('operator accounts', () => {
  it('are made by the CLI with a one-time link on the shop origin that sets the password once', async () => {
    const printed = await operatorAccountsCommand.execute(
      ['add', 'first.admin@shop.example', '--role', 'admin'],
      shop.operator,
    );
    const link = /https?:\/\/\S+/.exec(printed)![0];
    expect(link.startsWith(`${shop.config.publicOrigin}/admin/?invite=`)).toBe(true);

    const set = await shop.post('/admin/auth/setPassword', { token: inviteToken(link), password: OPERATOR_PASSWORD });
    expect(set.body.code).toBe(1);
    const again = await shop.post('/admin/auth/setPassword', {
      token: inviteToken(link),
      password: 'another long password',
    });
    expect(again.body.code).toBe(-219);

    const signedIn = await shop.post('/admin/auth/signIn', {
      email: 'FIRST.admin@shop.example',
      password: OPERATOR_PASSWORD,
    });
    expect(signedIn.body).toMatchObject({ code: 1, data: { email: 'first.admin@shop.example', role: 'admin' } });
    const cookie = signedIn.headers.get('Set-Cookie')!;
    expect(cookie).toMatch(/^operator=[\w-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\//);
  });

  it('refuses an expired link, a short password and an unknown usage', async () => {
    const { link } = await inviteOperator(
      shop.db,
      { email: 'late@shop.example', role: 'editor' },
      shop.config.publicOrigin,
      new Date(Date.now() - 25 * 3600 * 1000),
    );
    expect(
      (await shop.post('/admin/auth/setPassword', { token: inviteToken(link), password: OPERATOR_PASSWORD })).body.code,
    ).toBe(-219);
    const fresh = await inviteOperator(
      shop.db,
      { email: 'late@shop.example', role: 'editor' },
      shop.config.publicOrigin,
    );
    expect(
      (await shop.post('/admin/auth/setPassword', { token: inviteToken(fresh.link), password: 'short' })).body.code,
    ).toBe(-218);
    await expect(
      operatorAccountsCommand.execute(['add', 'x@shop.example', '--role', 'owner'], shop.operator),
    ).rejects.toThrow('usage: npm run shop -- operator add');
  });

  it('do not share sign-in with customers, and sign-in is rate limited per account', async () => {
    expect((await shop.post('/admin/auth/signIn', { email: buyer.email, password: buyer.password })).body.code).toBe(
      -209,
    );
    const operator = await anOperator(shop, 'editor');
    const codes = [];
    for (let attempt = 0; attempt < 4; attempt += 1)
      codes.push(
        (await shop.post('/admin/auth/signIn', { email: operator.email, password: 'wrong password!' })).body.code,
      );
    expect(codes).toEqual([-209, -209, -209, -9999]);
  });

  it('sign out everywhere ends every session of that operator', async () => {
    const operator = await anOperator(shop, 'fulfilment');
    const [first, second] = [await operator.freshSession(), await operator.freshSession()];
    expect((await shop.post('/admin/auth/signOutEverywhere', {}, { headers: first })).body.code).toBe(1);
    expect((await shop.get('/admin/auth/me', { headers: second })).body.code).toBe(-212);
  });
});
