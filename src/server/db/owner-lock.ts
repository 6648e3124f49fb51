import { readFileSync, unlinkSync } from 'node:fs';
import { readFile, stat, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

/*
 * One owner per embedded database (docs/decisions/023-one-owner-per-embedded-database.md). PGlite is a
 * database inside one process: two processes on one data directory each keep their own copy in memory
 * and overwrite each other's files, so acknowledged writes are lost. Whoever opens it first writes
 * `<dataDir>.lock` (created atomically, `wx`); everyone else refuses until the owner closes it. A
 * lock whose process is gone (kill -9, a crash, a reboot, a restarted container) is taken over.
 */

/** Who holds the database: a shop serving customers (at the URL it prints) or a short task. */
export type DatabaseOwner = { kind: 'shop'; url: string } | { kind: 'task'; name: string };

export type LockRecord = {
  pid: number;
  host: string;
  /** Linux: the kernel's boot id and the process's start tick tell a live owner from a reused pid. */
  bootId?: string;
  processStart?: string;
  since: string;
  owner: DatabaseOwner;
};

export class DatabaseInUseError extends Error {
  readonly holder: LockRecord;
  readonly dataDir: string;
  constructor(holder: LockRecord, dataDir: string, claimant: DatabaseOwner) {
    super(inUseMessage(holder, dataDir, claimant));
    this.name = 'DatabaseInUseError';
    this.holder = holder;
    this.dataDir = dataDir;
  }
}

export const lockPathFor = (dataDir: string) => `${dataDir}.lock`;

/** Locks this process holds: a second open in the same process is refused too. */
const held = new Set<string>();

/** Claims the embedded database in `dataDir` for `owner`, or throws DatabaseInUseError naming who has it. */
export async function claimEmbeddedDatabase(
  dataDir: string,
  owner: DatabaseOwner,
): Promise<{ release(): Promise<void> }> {
  const lockPath = lockPathFor(dataDir);
  const ours = `${JSON.stringify(describeThisProcess(owner), null, 2)}\n`;
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      await writeFile(lockPath, ours, { flag: 'wx' });
      return holdLock(lockPath, ours);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const current = await readLock(lockPath);
    if (current === undefined) continue;
    if (current === 'unreadable') {
      // Being written this instant, or left half-written by a process that died while writing it.
      if (await isRecent(lockPath, 2_000)) await sleep(25);
      else await removeStale(lockPath, await readFile(lockPath, 'utf8').catch(() => ''));
      continue;
    }
    if (ownerAlive(lockPath, current.record)) throw new DatabaseInUseError(current.record, dataDir, owner);
    await removeStale(lockPath, current.text);
  }
  throw new Error(
    `Could not take the lock ${lockPath}; if no shop or command is running on this data folder, delete that file.`,
  );
}

/** Who holds the embedded database in `dataDir` now, if anyone alive does. */
export async function currentOwner(dataDir: string): Promise<LockRecord | undefined> {
  const lockPath = lockPathFor(dataDir);
  const current = await readLock(lockPath);
  if (!current || typeof current === 'string') return undefined;
  return ownerAlive(lockPath, current.record) ? current.record : undefined;
}

const ownerAlive = (lockPath: string, record: LockRecord) =>
  record.pid === process.pid ? held.has(lockPath) : isAlive(record);

function holdLock(lockPath: string, ours: string) {
  held.add(lockPath);
  // A crash or process.exit still removes the lock; kill -9 leaves it, and the next claimant finds its process gone.
  const onExit = () => {
    try {
      if (readFileSync(lockPath, 'utf8') === ours) unlinkSync(lockPath);
    } catch {
      // Already gone.
    }
  };
  process.on('exit', onExit);
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      process.off('exit', onExit);
      held.delete(lockPath);
      if ((await readFile(lockPath, 'utf8').catch(() => undefined)) === ours)
        await unlink(lockPath).catch(ignoreMissing);
    },
  };
}

async function readLock(lockPath: string): Promise<{ text: string; record: LockRecord } | 'unreadable' | undefined> {
  let text: string;
  try {
    text = await readFile(lockPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const record = JSON.parse(text) as LockRecord;
    return Number.isInteger(record.pid) && record.owner ? { text, record } : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

/**
 * Removes a stale lock, under a short-lived guard so that of several processes finding the same stale
 * lock at once only one removes it, and none removes the fresh lock another has just written.
 */
async function removeStale(lockPath: string, staleText: string) {
  const guard = `${lockPath}.takeover`;
  try {
    await writeFile(guard, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another process is taking over; a guard left by one that died doing so is cleared after a while.
    if (!(await isRecent(guard, 5_000))) await unlink(guard).catch(ignoreMissing);
    else await sleep(25);
    return;
  }
  try {
    if ((await readFile(lockPath, 'utf8').catch(() => undefined)) === staleText)
      await unlink(lockPath).catch(ignoreMissing);
  } finally {
    await unlink(guard).catch(ignoreMissing);
  }
}

/** Whether the process that wrote `record` still runs. */
export function isAlive(record: Pick<LockRecord, 'pid' | 'bootId' | 'processStart'>): boolean {
  const bootId = readBootId();
  // After a reboot every process from before is gone, whatever pid now runs.
  if (record.bootId && bootId && record.bootId !== bootId) return false;
  // Our own pid in a lock we do not hold: a restarted container reuses pids.
  if (record.pid === process.pid) return false;
  try {
    process.kill(record.pid, 0);
  } catch (error) {
    // EPERM: alive, but another user's.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const now = processStat(record.pid);
  if (now?.state === 'Z') return false;
  if (record.processStart && now && now.start !== record.processStart) return false;
  return true;
}

function describeThisProcess(owner: DatabaseOwner): LockRecord {
  return {
    pid: process.pid,
    host: os.hostname(),
    bootId: readBootId(),
    processStart: processStat(process.pid)?.start,
    since: new Date().toISOString(),
    owner,
  };
}

/** Linux only (undefined elsewhere): the process's state and its start time in clock ticks since boot. */
function processStat(pid: number): { state: string; start: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces: state is field 3, starttime 22.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, start: fields[19]! };
  } catch {
    return undefined;
  }
}

function readBootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
}

async function isRecent(file: string, ms: number) {
  const info = await stat(file).catch(() => undefined);
  return info !== undefined && Date.now() - info.mtimeMs < ms;
}

function ignoreMissing(error: NodeJS.ErrnoException) {
  if (error.code !== 'ENOENT') throw error;
}

function inUseMessage(holder: LockRecord, dataDir: string, claimant: DatabaseOwner) {
  const who =
    holder.owner.kind === 'shop'
      ? `the shop running at ${holder.owner.url} (process ${holder.pid})`
      : `${holder.owner.name} (process ${holder.pid})`;
  const what = claimant.kind === 'shop' ? 'This shop did not start' : `${claimant.name} did not run`;
  const stop =
    holder.owner.kind === 'shop'
      ? `Stop that shop first (Ctrl+C in its terminal, or kill ${holder.pid}), then try again${claimant.kind === 'shop' ? `; or keep using it at ${holder.owner.url}` : ''}.`
      : `Wait until it has finished (or stop it: kill ${holder.pid}), then try again.`;
  return [
    `The embedded database in ${dataDir} is in use by ${who}.`,
    `${what} and changed nothing: the embedded database (PGlite) serves one process at a time.`,
    stop,
    'To run several shops and commands at once, run them on PostgreSQL: set DATABASE_URL.',
  ].join('\n');
}
