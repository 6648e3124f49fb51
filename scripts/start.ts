import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '@/server/config';
import { DatabaseInUseError } from '@/server/db/owner-lock';
import { ListenError, startShop } from '@/server/main';

/**
 * `npm start`: the whole shop at one URL (`-- --rebuild` rebuilds the pages, `-- --no-build` serves the
 * API and whatever pages exist, `-- --pages <dir>` serves and builds the pages in <dir> instead of dist/).
 */
try {
  const { values } = parseArgs({ options: { rebuild: { type: 'boolean' }, 'no-build': { type: 'boolean' }, pages: { type: 'string' } } });
  const config = loadConfig();
  const build = values.rebuild ? 'always' : values['no-build'] ? 'never' : 'if-missing';
  const shop = await startShop(config, { build, ...(values.pages && { siteDir: values.pages }) });
  console.log(`\n  Energy Shop is running at ${shop.url}\n`);
  if (shop.url !== shop.localUrl) console.log(`  (listening on ${shop.localUrl}; PUBLIC_ORIGIN is ${shop.url})\n`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    shop.logger.info({ signal }, 'shutting down');
    await shop.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
} catch (error) {
  if (error instanceof ConfigError || error instanceof ListenError || error instanceof DatabaseInUseError || isUsageError(error)) {
    console.error(`\n${(error as Error).message}\n`);
    process.exit(1);
  }
  throw error;
}

function isUsageError(error: unknown) {
  return String((error as NodeJS.ErrnoException).code).startsWith('ERR_PARSE_ARGS');
}
