import { existsSync } from 'node:fs';
import path from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import type { Hono } from 'hono';
import sharp from 'sharp';
import { hasProducts, seedDemoCatalogue } from '@/features/catalogue/demo/seed';
import { ensurePictureVariants, pictureVariantsMigrated } from '@/features/catalogue/picture-variants.service';
import { seedDemoShipping } from '@/features/shipping/demo-shipping';
import { countUnpaidOrdersInMetrics } from '@/features/orders/order-metrics';
import { seedDemoSalesRules } from '@/features/sales-rules/demo-sales-rules';
import { createApp } from './app';
import { listenUrl, type Config } from '@/server/config';
import { watchCatalogue, type CatalogueCache } from '@/server/db/catalogue-cache';
import { openDatabase, type DatabaseHandle } from '@/server/db/client';
import { currentOwner } from '@/server/db/owner-lock';
import { startJobs } from './jobs/scheduler';
import { createLogger } from '@/server/logger';
import { createMailer } from '@/server/mail/mailer';
import { collectProcessMetrics, shareMetricsWithPrimary } from '@/server/metrics';
import { countMailInMetrics } from '@/server/mail/mail-metrics';
import { startMailSender } from '@/server/mail/outbox';
import { ListenError, listen } from './listen';
import { linkOrigin, recordShopOrigin } from '@/server/origin';
import { servePages } from '@/publish/serve-pages';
import { endWarmRenderers } from '@/publish/render-pages';
import { publishingSettled, publishSite, type PublishOptions, type PublishResult } from '@/publish/publish';
import { hasPages, siteDir } from '@/publish/release';
import { prepareInChild } from './prepare';
import { openReleaseSharing, sharesReleases, type ReleaseSharing } from '@/publish/release-sharing';
import { openStorage } from '@/server/storage/open-storage';
import { openBackupChannel } from '@/server/backup/backup-channel';
import type { Storage } from '@/server/storage/storage';

export type StartOptions = {
  build?: 'if-missing' | 'always' | 'never';
  /** When building: render every page, ignoring the build cache. */
  fullBuild?: boolean;
  siteDir?: string;
  quietBuild?: boolean;
  /**
   * A short task (`npm run build`, `rebuild`) rather than the shop customers use: it listens on a
   * passing port for the page build only, and its links use the origin of the shop of this data folder.
   */
  task?: string;
  /**
   * Whether this process runs the background jobs (default yes). Of several processes on one port
   * only one does (see cluster.ts).
   */
  jobs?: boolean;
};

/**
 * The whole shop in one process: the API under /api/v1, the prebuilt pages and the background jobs.
 * Listens first (a port in use stops it before it touches the data), which settles the public origin
 * when PUBLIC_ORIGIN is not set; then claims and migrates the database, seeds the demo catalogue into
 * an empty shop and builds the pages when none are built. Until then requests are answered 503.
 */
export async function startShop(config: Config, options: StartOptions = {}) {
  // The shop draws each picture once (uploads, the demo catalogue); libvips' cache of operations would only hold memory.
  sharp.cache(false);
  const pagesDir = options.siteDir ?? siteDir;
  const logger = createLogger(config.logLevel);
  const dbDir = path.join(config.dataDir, 'db');
  let app: Hono | undefined;
  const server = createAdaptorServer({
    fetch: (request, env) => app?.fetch(request, env) ?? starting(),
    hostname: config.host,
  });
  const port = await listen(server, config.host, options.task ? 0 : config.port).catch(async (error: unknown) => {
    if (error instanceof ListenError && !config.databaseUrl) {
      const owner = await currentOwner(dbDir);
      if (owner?.owner.kind === 'shop')
        error.message += `\nThe shop of this data folder already runs at ${owner.owner.url} (process ${owner.pid}).`;
    }
    throw error;
  });
  const localUrl = listenUrl(config.host, port);
  const settled: Config = options.task
    ? { ...config, publicOrigin: await linkOrigin(config) }
    : { ...config, port, publicOrigin: config.publicOriginSet ? config.publicOrigin : localUrl };
  const url = options.task ? localUrl : settled.publicOrigin;

  let database: DatabaseHandle | undefined;
  let catalogueCache: CatalogueCache | undefined;
  let storage: Storage | undefined;
  let jobs: ReturnType<typeof startJobs> | undefined;
  let backupChannel: { close(): Promise<void> } | undefined;
  let mailSender: Awaited<ReturnType<typeof startMailSender>> | undefined;
  let sharing: ReleaseSharing | undefined;
  /** Publishes the pages from the shop's catalogue with the code's kept renderer: only what changed, unless `full` (docs/decisions/050, 065). */
  const publish = (
    publishOptions: { full?: boolean; onProgress?: PublishOptions['onProgress'] } = {},
  ): Promise<PublishResult> =>
    // One publish at a time across the shop's machines; shared with them and purged from the CDN (docs/decisions/084, 085).
    sharing!.publish(() =>
      publishSite({
        db: database!.db,
        storage: storage!,
        testMode: config.payment.provider === 'test',
        apiOrigin: localUrl,
        publicOrigin: settled.publicOrigin,
        root: pagesDir,
        full: publishOptions.full ?? false,
        render: config.render,
        quiet: options.quietBuild ?? false,
        ...(publishOptions.onProgress ? { onProgress: publishOptions.onProgress } : {}),
      }),
    );
  const stopServer = () => new Promise<void>((resolve) => server.close(() => resolve()));
  try {
    // A picture store that cannot be reached stops the shop before it touches the data.
    storage = await openStorage(config.storage);
    // A serving shop leaves seeding and building to a child process (prepare.ts). The embedded
    // database has one owner at a time, so there the child runs before this process opens it: for
    // a new data folder or pages to build. On PostgreSQL, once it is open: also for an empty shop.
    const build = options.build ?? 'if-missing';
    const wantsPages = () => build === 'always' || (build === 'if-missing' && !hasPages(pagesDir));
    let pagesWanted = wantsPages();
    const prepare = () =>
      prepareInChild({
        config: { ...settled, publicOriginSet: true },
        build: pagesWanted ? build : 'never',
        siteDir: pagesDir,
        fullBuild: options.fullBuild ?? false,
        quietBuild: options.quietBuild ?? false,
      });
    const serving = !options.task;
    // Pictures stored before their sizes were made at upload get them before anything publishes (decision 067).
    const picturesToSize = serving && !(await pictureVariantsMigrated(storage));
    if (
      serving &&
      !config.databaseUrl &&
      (pagesWanted || picturesToSize || !existsSync(path.join(dbDir, 'PG_VERSION')))
    )
      await prepare();
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: dbDir,
      owner: options.task ? { kind: 'task', name: options.task } : { kind: 'shop', url },
    });
    await database.migrate();
    sharing = openReleaseSharing({
      database,
      bucket: sharesReleases(database, config.storage.kind) ? storage : null,
      cdn: config.cdn,
      root: pagesDir,
      logger,
    });
    // Shops starting together on one PostgreSQL database prepare it one at a time: the next finds it seeded.
    if (serving && config.databaseUrl) {
      const opened = database;
      const shared = sharing;
      await opened.exclusively('prepare', async () => {
        // A release another machine published is served as it is, not built again (docs/decisions/084).
        await shared.follow();
        pagesWanted = wantsPages();
        if (pagesWanted || picturesToSize || !(await hasProducts(opened.db))) await prepare();
      });
    }
    if (!serving) {
      // A production shop sells what its owner imports: demo products there would take real money for
      // goods that do not exist, unless the shop says it is a demonstration (SHOP_DEMO=true).
      const seed =
        settled.production && !settled.demo
          ? { seeded: false as const }
          : await seedDemoCatalogue(database.db, storage);
      if (seed.seeded) await seedDemoShipping(database.db);
      if (seed.seeded) await seedDemoSalesRules(database.db);
      if (seed.seeded) logger.info({ products: seed.products, adverts: seed.adverts }, 'demo catalogue seeded');
      const sized = await ensurePictureVariants({ db: database.db, storage });
      if (sized?.made) logger.info({ pictures: sized.pictures, made: sized.made }, 'picture sizes made');
      if (sized?.lost.length)
        logger.warn({ lost: sized.lost }, 'pictures the catalogue names are missing from the picture store');
    }

    catalogueCache = await watchCatalogue(database);
    const mailer = createMailer(settled, logger);
    const shopApp = createApp(
      { db: database.db, config: settled, logger, storage, mailer, catalogueCache },
      { publish, pagesPresent: () => hasPages(pagesDir) },
    );
    if (serving) {
      collectProcessMetrics();
      shareMetricsWithPrimary();
      countUnpaidOrdersInMetrics(database.db);
    }
    servePages(shopApp, pagesDir, settled);
    if (serving) await sharing.listen();
    if (options.jobs ?? true) {
      jobs = startJobs({ db: database.db, config: settled, logger, storage, mailer });
      const onOutcome = serving ? countMailInMetrics(database.db) : undefined;
      mailSender = await startMailSender(
        { database, db: database.db, mailer, logger, config: settled },
        onOutcome ? { onOutcome } : {},
      );
    }
    app = shopApp;
    if (!options.task) await recordShopOrigin(config.dataDir, url);
    // The embedded database is this process's alone: `npm run shop -- backup` asks it for the backup (docs/decisions/074).
    if (serving && database.kind === 'pglite') {
      const source = { db: database.db, kind: database.kind, storage: config.storage };
      // Loaded on the first request: a shop that is never backed up this way does not carry the archive code.
      backupChannel = await openBackupChannel(
        config.dataDir,
        async (out) => (await import('@/server/backup/backup')).writeBackup(source, out),
        logger,
      );
    }

    if (!serving && pagesWanted) {
      logger.info('building the pages');
      const published = await publish({ full: options.fullBuild ?? false });
      logger.info(
        { pages: published.pages, rendered: published.rendered, seconds: published.seconds },
        'pages published',
      );
    }
  } catch (error) {
    await stopServer();
    await backupChannel?.close();
    await jobs?.stop();
    await mailSender?.stop();
    await catalogueCache?.close();
    await sharing?.close();
    await storage?.close();
    await database?.close();
    throw error;
  }

  const db = database;
  const store = storage;
  const cache = catalogueCache!;
  const channel = backupChannel;
  const releases = sharing;
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await stopServer();
      await channel?.close();
      await jobs?.stop();
      await mailSender?.stop();
      // A publish still tidying holds the site folder's lock; the render worker kept warm would outlive the database.
      await releases.close();
      await publishingSettled();
      await endWarmRenderers();
      await cache.close();
      await store.close();
      await db.close();
    })());
  return { url, localUrl, config: settled, app: app as Hono, close, database: db, logger, publish };
}

const starting = () =>
  new Response('The shop is starting; try again in a moment.', {
    status: 503,
    headers: { 'Retry-After': '2', 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
