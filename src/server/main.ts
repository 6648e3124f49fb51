import { existsSync } from 'node:fs';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { seedDemoCatalog } from '@/features/catalog/demo/seed';
import { createApp } from './app';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { startJobs } from './jobs/scheduler';
import { createLogger } from './logger';
import { createMailer } from './mail/mailer';
import { servePages } from './pages';
import { buildSite, siteDir } from './site-build';
import { createFolderStorage } from './storage/storage';

/**
 * The whole shop in one process: the API under /api/v1, the prebuilt pages and the background jobs.
 * Migrates the database, seeds the demo catalogue into an empty shop and builds the pages when none
 * are built.
 */
export async function startShop(config: Config, options: { build?: 'if-missing' | 'always' | 'never'; siteDir?: string; quietBuild?: boolean } = {}) {
  const pagesDir = options.siteDir ?? siteDir;
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
  await database.migrate();
  const storage = createFolderStorage(config.storageDir);
  const seed = await seedDemoCatalog(database.db, storage);
  if (seed.seeded) logger.info({ products: seed.products, adverts: seed.adverts }, 'demo catalogue seeded');

  const app = createApp({ db: database.db, config, logger, storage, mailer: createMailer(config, logger) });
  servePages(app, pagesDir);
  const jobs = startJobs({ db: database.db, config, logger });

  const server: ServerType = await new Promise((resolve) => {
    const started = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, () => resolve(started));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;

  const build = options.build ?? 'if-missing';
  if (build === 'always' || (build === 'if-missing' && !existsSync(path.join(pagesDir, 'en-usd', 'index.html')))) {
    logger.info('building the pages');
    await buildSite(url, { outDir: pagesDir, quiet: options.quietBuild ?? false });
  }

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await jobs.stop();
      await database.close();
    })());
  return { url, app, close, database, logger };
}
