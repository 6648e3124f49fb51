import { ConfigError, loadConfig } from '@/server/config';
import { startShop } from '@/server/main';

/** `npm start`: the whole shop at one URL (`-- --rebuild` rebuilds the pages, `-- --no-build` serves the API and whatever pages exist). */
try {
  const config = loadConfig();
  const build = process.argv.includes('--rebuild') ? 'always' : process.argv.includes('--no-build') ? 'never' : 'if-missing';
  const shop = await startShop(config, { build });
  console.log(`\n  Energy Shop is running at ${shop.url}\n`);
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
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
