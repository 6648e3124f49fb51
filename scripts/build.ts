import { ConfigError, loadConfig } from '@/server/config';
import { DatabaseInUseError } from '@/server/db/owner-lock';
import { startShop } from '@/app/main';

/** `npm run build`: rebuilds the pages from the shop's database, through a short-lived local API. */
try {
  const shop = await startShop(loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' }), {
    build: 'always',
    task: 'npm run build',
  });
  await shop.close();
  console.log('Pages built into dist/');
} catch (error) {
  if (!(error instanceof ConfigError || error instanceof DatabaseInUseError)) throw error;
  console.error(`\n${error.message}\n`);
  process.exit(1);
}
