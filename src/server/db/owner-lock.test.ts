import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../../tests/support/processes';
import { claimEmbeddedDatabase, DatabaseInUseError, lockPathFor, type LockRecord } from './owner-lock';

let folder: string;
let count = 0;
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'shop-lock-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

const newDataDir = () => path.join(folder, `db-${++count}`);
const shopOwner = { kind: 'shop', url: 'http://127.0.0.1:4321' } as const;
const readRecord = async (dataDir: string) => JSON.parse(await readFile(lockPathFor(dataDir), 'utf8')) as LockRecord;
const writeRecord = (dataDir: string, record: Partial<LockRecord>) =>
  writeFile(
    lockPathFor(dataDir),
    JSON.stringify({
      host: 'elsewhere',
      since: new Date().toISOString(),
      owner: { kind: 'shop', url: 'http://127.0.0.1:5000' },
      ...record,
    }),
  );

/** The pid of a process that has come and gone. */
async function deadPid() {
  const child = spawn(process.execPath, ['-e', '']);
  await once(child, 'exit');
  return child.pid!;
}

describe('the embedded database lock', () => {
  it('names the owner to anyone else who claims it, until it is released', async () => {
    const dataDir = newDataDir();
    const lock = await claimEmbeddedDatabase(dataDir, shopOwner);
    expect(await readRecord(dataDir)).toMatchObject({ pid: process.pid, owner: shopOwner });

    const refused = await claimEmbeddedDatabase(dataDir, { kind: 'task', name: 'npm run shop -- orders' }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DatabaseInUseError);
    expect((refused as Error).message).toContain(
      `in use by the shop running at http://127.0.0.1:4321 (process ${process.pid})`,
    );
    expect((refused as Error).message).toContain('npm run shop -- orders did not run and changed nothing');

    await lock.release();
    const again = await claimEmbeddedDatabase(dataDir, shopOwner);
    await again.release();
  });

  it('takes over a lock whose process is gone (kill -9, a crash)', async () => {
    const dataDir = newDataDir();
    await writeRecord(dataDir, { pid: await deadPid() });
    const lock = await claimEmbeddedDatabase(dataDir, shopOwner);
    expect((await readRecord(dataDir)).pid).toBe(process.pid);
    await lock.release();
  });

  it('refuses while the owning process lives, and takes over once its pid belongs to another process', async () => {
    const dataDir = newDataDir();
    const owner = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      const processStart = (await readFile(`/proc/${owner.pid}/stat`, 'utf8').catch(() => undefined))
        ?.split(') ')[1]!
        .split(' ')[19];
      await writeRecord(dataDir, { pid: owner.pid!, processStart });
      await expect(claimEmbeddedDatabase(dataDir, shopOwner)).rejects.toThrow(`(process ${owner.pid})`);

      if (processStart === undefined) return; // Not Linux: a reused pid cannot be told apart.
      await writeRecord(dataDir, { pid: owner.pid!, processStart: String(Number(processStart) - 1) });
      const lock = await claimEmbeddedDatabase(dataDir, shopOwner);
      expect((await readRecord(dataDir)).pid).toBe(process.pid);
      await lock.release();
    } finally {
      owner.kill('SIGKILL');
    }
  });

  it('takes over a lock with its own pid that it does not hold (a restarted container reuses pids)', async () => {
    const dataDir = newDataDir();
    await writeRecord(dataDir, { pid: process.pid, processStart: 'another start' });
    const lock = await claimEmbeddedDatabase(dataDir, shopOwner);
    expect((await readRecord(dataDir)).owner).toEqual(shopOwner);
    await lock.release();
  });

  it('takes over a half-written lock once it is old, not while it may still be being written', async () => {
    const dataDir = newDataDir();
    await writeFile(lockPathFor(dataDir), '{"pid": 12');
    const old = new Date(Date.now() - 60_000);
    await utimes(lockPathFor(dataDir), old, old);
    const lock = await claimEmbeddedDatabase(dataDir, shopOwner);
    expect((await readRecord(dataDir)).pid).toBe(process.pid);
    await lock.release();
  });

  it('release leaves alone a lock that is no longer its own', async () => {
    const dataDir = newDataDir();
    const lock = await claimEmbeddedDatabase(dataDir, shopOwner);
    const other = JSON.stringify({ pid: 1, owner: { kind: 'task', name: 'someone else' } });
    await writeFile(lockPathFor(dataDir), other);
    await lock.release();
    await expect(readFile(lockPathFor(dataDir), 'utf8')).resolves.toBe(other);
  });

  it('of several processes that find the same stale lock at once, exactly one takes it', async () => {
    const dataDir = newDataDir();
    await writeRecord(dataDir, { pid: await deadPid() });
    // Each claimant says it is ready, is told when to claim (all at the same moment), and the one that
    // took the lock holds it until the test has heard from all of them (its stdin closes).
    const claim = `
      const { once } = await import('node:events');
      const { claimEmbeddedDatabase } = await import(${JSON.stringify(path.join(projectRoot, 'src/server/db/owner-lock.ts'))});
      const done = once(process.stdin, 'end');
      console.log('ready');
      const [go] = await once(process.stdin, 'data');
      const start = Number(String(go));
      while (Date.now() < start) await new Promise((resolve) => setTimeout(resolve, 1));
      try {
        await claimEmbeddedDatabase(${JSON.stringify(dataDir)}, { kind: 'task', name: 'claimant ' + process.pid });
        console.log('claimed');
      } catch (error) {
        console.log((error as Error).name);
      }
      await done;`;
    const script = path.join(folder, 'claim.mts');
    await writeFile(script, claim);
    const claimants = Array.from({ length: 4 }, () => {
      const child = spawn(path.join(projectRoot, 'node_modules/.bin/tsx'), [script], { cwd: projectRoot });
      const exited = once(child, 'exit');
      let errors = '';
      child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
      /** The claimant's next line, or what it wrote to stderr if it ended instead. */
      const said = async () =>
        ((await lines.next()).value as string | undefined) ?? (await exited.then(() => errors.trim()));
      return { child, exited, said };
    });
    try {
      expect(await Promise.all(claimants.map((claimant) => claimant.said()))).toEqual(Array(4).fill('ready'));
      const start = Date.now() + 100;
      for (const { child } of claimants) child.stdin.write(`${start}\n`);
      const results = await Promise.all(claimants.map((claimant) => claimant.said()));
      expect(results.filter((result) => result === 'claimed')).toHaveLength(1);
      expect(results.filter((result) => result === 'DatabaseInUseError')).toHaveLength(3);
    } finally {
      for (const { child } of claimants) child.stdin.end();
      await Promise.all(claimants.map((claimant) => claimant.exited));
    }
  }, 60_000);
});
