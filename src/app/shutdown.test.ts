import { afterAll, describe, expect, it } from 'vitest';
import { encodePassword } from '@/features/auth/auth';
import * as ErrorCode from '@/lib/error-codes';
import { copyOfDemoData } from '../../tests/support/demo-data';
import { startShopProcess } from '../../tests/support/processes';
import { onPostgres } from '../../tests/support/database';

let demo: Awaited<ReturnType<typeof copyOfDemoData>> | undefined;
afterAll(() => demo?.remove());

/** An account registered through the API: a second registration of the same email is refused once the first was kept. */
const register = (url: string) =>
  fetch(`${url}/api/v1/login/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Mei',
      lastName: 'Lin',
      email: 'mei@example.com',
      password: encodePassword('secret123'),
    }),
  }).then((response) => response.json() as Promise<{ code: number }>);

describe.skipIf(onPostgres)('shutting down', () => {
  it('closes the embedded database on SIGTERM without losing what was written', async () => {
    demo = await copyOfDemoData();
    const first = await startShopProcess({ DATA_DIR: demo.dataDir });
    expect((await register(first.url)).code).toBe(ErrorCode.Success);
    expect(await first.stop()).toBe(0);

    const second = await startShopProcess({ DATA_DIR: demo.dataDir });
    try {
      expect((await register(second.url)).code).toBe(ErrorCode.AccountExists);
    } finally {
      await second.stop();
    }
  }, 120_000);

  it('closes cleanly when stopped the moment it prints its URL, as a supervisor may stop it', async () => {
    demo ??= await copyOfDemoData();
    // Without a stop handler in place by then, SIGTERM kills the process outright (exit code null) before the database is closed.
    for (let attempt = 0; attempt < 4; attempt++) {
      const shop = await startShopProcess({ DATA_DIR: demo.dataDir });
      expect(await shop.stop()).toBe(0);
    }
  }, 120_000);
});
