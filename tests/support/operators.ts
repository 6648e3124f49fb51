import { inviteOperator, setOperatorPassword } from '@/features/backoffice/operator-auth';
import type { OperatorRole } from '@/features/backoffice/operators';
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
