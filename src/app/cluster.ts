import cluster, { type Worker } from 'node:cluster';
import { once } from 'node:events';
import type { Config } from '@/server/config';
import { aggregateWorkerMetrics } from '@/server/metrics';
import type { StartOptions } from './main';

/*
 * Several processes on one port (WORKERS > 1, PostgreSQL only): Node's cluster. The primary process
 * opens no database, serves nothing itself and does not even load the shop's code (only the metrics registry, to add up the workers' figures: src/server/metrics.ts); it starts the workers, hands them the incoming
 * connections in turn, replaces one that dies, and stops them all on SIGTERM or SIGINT. The first
 * worker migrates the database, seeds an empty shop, builds missing pages and runs the background
 * jobs; the others start once it serves and only serve. Everything they share lives in PostgreSQL
 * (sessions, carts, rate-limit counters) or on this machine's disk (the pages, a picture folder).
 * See docs/decisions/047-several-processes-and-shared-pictures.md.
 */

/** What a worker does besides serving. */
type Role = { jobs: boolean; build: NonNullable<StartOptions['build']> };

/** How the primary hands a worker its role (a worker reads it before anything else). */
const ROLE_VARIABLE = 'SHOP_WORKER_ROLE';

type ReadyMessage = { ready: { url: string; localUrl: string } };
const isReady = (message: unknown): message is ReadyMessage =>
  typeof message === 'object' && message !== null && 'ready' in message;

/** How long a worker may take to finish its requests and close the database before it is killed. */
const STOP_TIMEOUT_MS = 30_000;
/** A worker that died is replaced after this pause, so that a shop being stopped as a whole is not restarted. */
const REPLACE_AFTER_MS = 1_000;

/** A worker stopped while it was starting; it printed why. */
export class WorkerStartError extends Error {
  constructor(pid: number | undefined, code: number | null, signal: string | null) {
    super(
      `The shop did not start: its process ${pid} stopped (${signal ?? `exit code ${code}`}) while starting; see above for why.`,
    );
    this.name = 'WorkerStartError';
  }
}

export const isWorker = () => cluster.isWorker;

/** In a worker: starts the shop in the role the primary gave it, and tells the primary once it serves. */
export async function startWorker(config: Config, options: StartOptions) {
  const role = JSON.parse(process.env[ROLE_VARIABLE] ?? '{}') as Role;
  const { startShop } = await import('./main');
  const shop = await startShop(config, { ...options, build: role.build, jobs: role.jobs });
  process.send?.({ ready: { url: shop.url, localUrl: shop.localUrl } } satisfies ReadyMessage);
  return shop;
}

/**
 * In the primary: starts `config.workers` processes. `started` resolves once all serve (with the URL
 * and their pids), or rejects with WorkerStartError after stopping the others when one cannot start.
 * `stop` stops them all and answers the exit code: 0 when each finished cleanly.
 */
export function startWorkers(config: Config, build: Role['build'], log: (line: string) => void) {
  const exits = new Map<Worker, Promise<[number | null, string | null]>>();
  let stopping: Promise<number> | undefined;
  // A scrape of /metrics reaches one worker, which asks this process for every worker's figures.
  aggregateWorkerMetrics();

  /** Forks a worker and resolves once it serves; rejects if it exits first. */
  const fork = (role: Role): Promise<ReadyMessage['ready']> => {
    const worker = cluster.fork({ [ROLE_VARIABLE]: JSON.stringify(role) });
    const exited = once(worker, 'exit') as Promise<[number | null, string | null]>;
    exits.set(worker, exited);
    return new Promise((resolve, reject) => {
      let ready = false;
      worker.on('message', (message: unknown) => {
        if (!isReady(message) || ready) return;
        ready = true;
        resolve(message.ready);
      });
      void exited.then(([code, signal]) => {
        exits.delete(worker);
        if (!ready) reject(new WorkerStartError(worker.process.pid, code, signal));
        else if (!stopping) replace(worker, role, code, signal);
      });
    });
  };

  const replace = (worker: Worker, role: Role, code: number | null, signal: string | null) => {
    setTimeout(() => {
      if (stopping) return;
      log(`process ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another`);
      fork({ ...role, build: 'never' }).catch((error: unknown) => {
        log((error as Error).message);
        void stop().then(() => process.exit(1));
      });
    }, REPLACE_AFTER_MS).unref();
  };

  const stop = () =>
    (stopping ??= (async () => {
      const running = [...exits];
      for (const [worker] of running) worker.process.kill('SIGTERM');
      const timeout = setTimeout(() => {
        for (const [worker] of running) worker.process.kill('SIGKILL');
      }, STOP_TIMEOUT_MS);
      const results = await Promise.all(running.map(([, exited]) => exited));
      clearTimeout(timeout);
      return results.every(([code]) => code === 0) ? 0 : 1;
    })());

  const started = (async () => {
    try {
      // The first worker prepares the shop alone: two would migrate, seed or build at once.
      const first = await fork({ jobs: true, build });
      await Promise.all(Array.from({ length: config.workers - 1 }, () => fork({ jobs: false, build: 'never' })));
      return { ...first, pids: [...exits.keys()].map((worker) => worker.process.pid!) };
    } catch (error) {
      await stop();
      throw error;
    }
  })();

  return { started, stop };
}
