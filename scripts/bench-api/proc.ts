import { readdirSync, readFileSync } from 'node:fs';

/* What the measured processes cost, read from /proc: CPU time (a figure that holds on a busy machine) and resident memory. */

/**
 * CPU time (user and system) the processes have used, in ms: what a request costs whatever else the
 * machine runs. With `reaped`, also that of their children that have ended (PostgreSQL's postmaster
 * collects its backends' when a connection closes, so a closed connection's time is not lost).
 */
const cpuMs = (pids: number[], reaped = false) =>
  pids.reduce((sum, pid) => {
    const stat = readProc(`/proc/${pid}/stat`);
    if (stat === undefined) return sum; // ended meanwhile: its parent has its time
    const fields = stat.split(') ')[1]!.split(' ');
    const children = reaped ? Number(fields[13]) + Number(fields[14]) : 0;
    return sum + ((Number(fields[11]) + Number(fields[12]) + children) * 1000) / ticksPerSecond;
  }, 0);
const ticksPerSecond = 100;

/** The local PostgreSQL's processes (its backends come and go with connections: read them each time). */
const databasePids = () =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && readProc(`/proc/${entry}/comm`)?.trim() === 'postgres')
    .map(Number);

/** A file of /proc, or undefined once its process has ended. */
function readProc(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
/** CPU time of the shop's processes and of the database's, in ms. */
export const cpuNow = (pids: number[]) => ({ shop: cpuMs(pids), database: cpuMs(databasePids(), true) });
export const cpuPer = (before: ReturnType<typeof cpuNow>, pids: number[], count: number) => {
  const after = cpuNow(pids);
  return { shop: (after.shop - before.shop) / count, database: (after.database - before.database) / count };
};

export const rssMb = (pids: number[]) =>
  Math.round(
    pids.reduce(
      (kb, pid) => kb + Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0),
      0,
    ) / 1024,
  );
