import { parseArgs } from 'node:util';
import { isWorker, startWorker, startWorkers, WorkerStartError } from '@/app/cluster';
import { ConfigError, loadConfig, productionRefusal } from '@/server/config';
import { DatabaseInUseError } from '@/server/db/owner-lock';
import { ListenError } from '@/app/listen';
import { PreparationError } from '@/app/prepare';
import { StorageError } from '@/server/storage/storage';

/**
 * `npm start`: the whole shop at one URL (`-- --rebuild` rebuilds the pages, `-- --no-build` serves the
 * API and whatever pages exist, `-- --pages <dir>` serves and builds the pages in <dir> instead of dist/).
 * With WORKERS > 1 (PostgreSQL only) this process starts that many processes on the same port.
 */
try {
  const { values } = parseArgs({
    options: { rebuild: { type: 'boolean' }, 'no-build': { type: 'boolean' }, pages: { type: 'string' } },
  });
  const config = loadConfig();
  const refusal = productionRefusal(config);
  if (refusal) throw refusal;
  const build = values.rebuild ? 'always' : values['no-build'] ? 'never' : 'if-missing';
  const options = { build, ...(values.pages && { siteDir: values.pages }) } as const;

  if (config.workers > 1 && !isWorker()) {
    const workers = startWorkers(config, build, (line) => console.error(`  ${line}`));
    onStopSignal(async () => process.exit(await workers.stop()));
    const started = await workers.started;
    printRunning(
      started.url,
      started.localUrl,
      `${started.pids.length} processes serve it: ${started.pids.join(', ')}`,
    );
  } else {
    const shop = isWorker()
      ? await startWorker(config, options)
      : await (await import('@/app/main')).startShop(config, options);
    // Before the URL is printed: whoever reads it may stop the shop at once, and must find it closing cleanly.
    onStopSignal(async (signal) => {
      shop.logger.info({ signal }, 'shutting down');
      await shop.close();
      process.exit(0);
    });
    if (!isWorker()) printRunning(shop.url, shop.localUrl);
    // A worker whose primary process is gone (killed outright) stops too.
    if (isWorker()) process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  }
} catch (error) {
  if (
    error instanceof ConfigError ||
    error instanceof ListenError ||
    error instanceof DatabaseInUseError ||
    error instanceof StorageError ||
    error instanceof WorkerStartError ||
    error instanceof PreparationError ||
    isUsageError(error)
  ) {
    console.error(`\n${(error as Error).message}\n`);
    process.exit(1);
  }
  throw error;
}

function printRunning(url: string, localUrl: string, ...notes: string[]) {
  if (url !== localUrl) notes.unshift(`(listening on ${localUrl}; PUBLIC_ORIGIN is ${url})`);
  console.log([`\n  Energy Shop is running at ${url}\n`, ...notes.map((note) => `  ${note}\n`)].join('\n'));
}

/** Runs `stop` once, on the first SIGINT or SIGTERM. */
function onStopSignal(stop: (signal: string) => Promise<void>) {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void stop(signal);
    });
  }
}

function isUsageError(error: unknown) {
  return String((error as NodeJS.ErrnoException).code).startsWith('ERR_PARSE_ARGS');
}
