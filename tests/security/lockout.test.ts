import { expect, it } from 'vitest';
import { passwordGuessDelayMs, SIGN_IN_DELAY_MAX_MS } from '@/features/auth/rate-limit';
import { DEFAULT_PASSWORD, signIn, signUp } from '../support/customers';
import { aShop } from '../support/fixtures';
import { anOperator, OPERATOR_PASSWORD } from '../support/operators';

/*
 * Someone who knows a customer's or an operator's email spends its sign-in limit: the guesser is
 * refused, and the owner, from her own address, still signs in (docs/decisions/075).
 */

const shop = await aShop({ env: { TRUST_PROXY: 'true', RATE_LIMIT_PER_ACCOUNT: '3', RATE_LIMIT_PER_IP: '50' } });
const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } });
const timed = async <T>(call: () => Promise<T>) => {
  const started = performance.now();
  const result = await call();
  return { result, ms: performance.now() - started };
};

it('refuses the guesser and lets the customer in with her password from her own address', async () => {
  const customer = await signUp(shop, {}, from('198.51.100.1'));
  const codes = [];
  for (let attempt = 0; attempt < 5; attempt += 1)
    codes.push((await signIn(shop, customer.email, `guess${attempt}1234`, from('203.0.113.5'))).body.code);
  expect(codes).toEqual([-207, -207, -207, -9999, -9999]);

  const owner = await timed(() => signIn(shop, customer.email, DEFAULT_PASSWORD, from('198.51.100.1')));
  expect(owner.result.status).toBe(200);
  expect(owner.result.body.code).toBe(1);
  // The account's attempts from every address slow the next one down rather than refuse it.
  expect(owner.ms).toBeGreaterThanOrEqual(passwordGuessDelayMs(6, 3) - 50);
});

it('slows guesses at one account from many addresses more with each one', async () => {
  const customer = await signUp(shop, {}, from('198.51.100.2'));
  const times = [];
  for (let attempt = 0; attempt < 5; attempt += 1)
    times.push((await timed(() => signIn(shop, customer.email, 'guess1234', from(`192.0.2.${attempt + 10}`)))).ms);
  expect(times.slice(0, 3).every((ms) => ms < 400)).toBe(true);
  expect(times[3]).toBeGreaterThanOrEqual(450);
  expect(times[4]).toBeGreaterThanOrEqual(950);
  expect([4, 5, 6, 10, 40].map((attempts) => passwordGuessDelayMs(attempts, 3))).toEqual([
    500,
    1000,
    2000,
    SIGN_IN_DELAY_MAX_MS,
    SIGN_IN_DELAY_MAX_MS,
  ]);
});

it('lets an operator in while someone else spends the limit of her email', async () => {
  const operator = await anOperator(shop, 'admin');
  for (let attempt = 0; attempt < 4; attempt += 1)
    await shop.post(
      '/admin/auth/signIn',
      { email: operator.email, password: 'wrong horse battery' },
      from('203.0.113.6'),
    );
  expect(
    (await shop.post('/admin/auth/signIn', { email: operator.email, password: OPERATOR_PASSWORD }, from('203.0.113.6')))
      .body.code,
  ).toBe(-9999);
  expect(
    (
      await shop.post(
        '/admin/auth/signIn',
        { email: operator.email, password: OPERATOR_PASSWORD },
        from('198.51.100.3'),
      )
    ).body.code,
  ).toBe(1);
});
