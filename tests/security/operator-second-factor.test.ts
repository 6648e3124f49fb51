import { expect, it } from 'vitest';
import { aShop } from '../support/fixtures';
import { anOperator, OPERATOR_PASSWORD, withSecondFactor } from '../support/operators';

/*
 * Operators reach purchase histories and refunds: once the shop runs in production (NODE_ENV=production
 * or an https public origin) each turns the second factor on before anything else; and the time a
 * sign-in takes does not tell an operator's email from an unknown one (docs/decisions/075).
 */

const shop = await aShop({ env: { PUBLIC_ORIGIN: 'https://shop.example', PASSWORD_HASH_COST: '15' } });

it('lets an operator without a second factor do nothing but turn it on, in production', async () => {
  expect(shop.config.production).toBe(true);
  const admin = await anOperator(shop, 'admin');
  const headers = await admin.freshSession();
  const me = await shop.get('/admin/auth/me', { headers });
  expect(me.body).toMatchObject({ code: 1, data: { secondFactor: false, secondFactorRequired: true } });
  for (const path of ['/admin/audit?limit=20', '/admin/orders']) {
    const refused = await shop.get(path, { headers });
    expect(refused.status, path).toBe(403);
    expect(refused.body.code, path).toBe(-243);
  }
  expect((await shop.post('/admin/reviews/approve', { commentId: 1 }, { headers })).body.code).toBe(-243);

  const { headers: enrolled } = await withSecondFactor(shop, admin);
  expect((await shop.get('/admin/audit?limit=20', { headers: enrolled })).body.code).toBe(1);
});

it('takes as long to refuse an unknown email as a known one with a wrong password', async () => {
  const operator = await anOperator(shop, 'editor');
  const timed = async (email: string) => {
    const started = performance.now();
    const answer = await shop.post('/admin/auth/signIn', { email, password: `not ${OPERATOR_PASSWORD}` });
    expect(answer.body.code).toBe(-209);
    return performance.now() - started;
  };
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const known = [];
  const unknown = [];
  for (let round = 0; round < 3; round += 1) {
    known.push(await timed(operator.email));
    unknown.push(await timed(`nobody.${round}@shop.example`));
  }
  expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
});
