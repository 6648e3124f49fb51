import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodePassword } from '@/features/auth/auth';
import { ErrorCode } from '@/lib/error-codes';

const root = path.resolve(import.meta.dirname, '../..');
let dataDir: string;
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** Starts `npm start`'s script on a fresh port and resolves with its URL once it says it is running. */
function startShop(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/start.ts', '--no-build'], {
      cwd: root,
      env: { ...process.env, ...env, LOG_LEVEL: 'warn', PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /running at (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve({ child, url });
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`the shop exited (${code}) before it was running:\n${output}`)));
  });
}

/** An account registered through the API: a second registration of the same email is refused once the first was kept. */
const register = (url: string) =>
  fetch(`${url}/api/v1/login/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ firstName: 'Mei', lastName: 'Lin', email: 'mei@example.com', password: encodePassword('secret123') }),
  }).then((response) => response.json() as Promise<{ code: number }>);

describe('shutting down', () => {
  it('closes the embedded database on SIGTERM without losing what was written', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-shutdown-'));
    const first = await startShop({ DATA_DIR: dataDir });
    expect((await register(first.url)).code).toBe(ErrorCode.Success);
    const exited = new Promise<number | null>((resolve) => first.child.on('exit', resolve));
    first.child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const second = await startShop({ DATA_DIR: dataDir });
    try {
      expect((await register(second.url)).code).toBe(ErrorCode.AccountExists);
    } finally {
      second.child.kill('SIGTERM');
    }
  }, 120_000);
});
