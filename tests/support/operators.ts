import { Secret, TOTP } from 'otpauth';
import { inviteOperator, setOperatorPassword } from '@/features/backoffice/operators/operator-auth';
import type { OperatorRole } from '@/features/backoffice/operators/operators';
import type { TestApi } from './api';

/* Back-office operators for API tests. */

let sequence = 0;
export const OPERATOR_PASSWORD = 'correct horse battery';

export type TestOperator = { email: string; role: OperatorRole; freshSession(): Promise<{ Cookie: string }> };

/** An operator with a password set through the one-time link, as the CLI makes one. */
export async function anOperator(shop: TestApi, role: OperatorRole): Promise<TestOperator> {
  const email = `${role}.${process.pid}.${(sequence += 1)}@shop.example`;
  const { link } = await inviteOperator(shop.db, { email, role }, shop.config.publicOrigin);
  await setOperatorPassword(shop.db, shop.config, new URL(link).searchParams.get('invite')!, OPERATOR_PASSWORD);
  return {
    email,
    role,
    async freshSession() {
      const answer = await shop.post('/admin/auth/signIn', { email, password: OPERATOR_PASSWORD });
      if (answer.body.code !== 1) throw new Error(`operator sign-in failed: ${JSON.stringify(answer.body)}`);
      const token = /operator=([^;]+)/.exec(answer.headers.get('Set-Cookie') ?? '')![1]!;
      return { Cookie: `operator=${token}` };
    },
  };
}

/** The code an authenticator app shows for `secret`, `steps` 30-second steps from now. */
export const secondFactorCode = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

/** A well-formed code that matches none the server takes now (this step or one either side). */
export function wrongSecondFactorCode(secret: string) {
  const near = [-1, 0, 1].map((steps) => secondFactorCode(secret, steps));
  let guess = 123456;
  while (near.includes(String(guess))) guess += 1;
  return String(guess);
}

/**
 * Turns the operator's second factor on in the back office as they would: a new secret, then the
 * current code of it. The code's step is used up: the next code accepted is the next step's.
 */
export async function withSecondFactor(shop: TestApi, operator: TestOperator) {
  const headers = await operator.freshSession();
  const setup = await shop.post<{ secret: string; uri: string }>('/admin/auth/secondFactor/setup', {}, { headers });
  const { secret } = setup.body.data;
  const enabled = await shop.post(
    '/admin/auth/secondFactor/enable',
    { secret, code: secondFactorCode(secret) },
    { headers },
  );
  if (enabled.body.code !== 1) throw new Error(`turning the second factor on failed: ${JSON.stringify(enabled.body)}`);
  return { headers, secret };
}
