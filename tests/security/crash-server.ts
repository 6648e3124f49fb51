import path from 'node:path';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { seedCartCatalogue, sizeIdsBySku } from '@/features/cart/fixtures/cart-catalogue';
import { createApp } from '@/app/app';
import { loadConfig } from '@/server/config';
import { watchCatalogue } from '@/server/db/catalogue-cache';
import { openDatabase } from '@/server/db/client';
import { productSizes } from '@/server/db/schema';
import { createLogger } from '@/server/logger';
import { createMailer } from '@/server/mail/mailer';
import { openStorage } from '@/server/storage/open-storage';

/*
 * The shop's API as its own process, for the crash test to kill: on PGlite in CRASH_DATA_DIR, or on
 * PostgreSQL at CRASH_DATABASE_URL. Prints `{"port":…,"ids":…}` once it listens.
 */
const dataDir = process.env.CRASH_DATA_DIR!;
const databaseUrl = process.env.CRASH_DATABASE_URL || undefined;
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  PASSWORD_HASH_COST: '10',
  RATE_LIMIT_PER_IP: '100000',
  // Every shopper comes from this machine's one address, and each keeps many orders unpaid.
  ORDERS_PER_ADDRESS: '100000',
  ORDER_UNITS_PER_ADDRESS: '100000',
  UNPAID_ORDERS_PER_CUSTOMER: '100000',
  UNPAID_UNITS_PER_CUSTOMER: '100000',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const database = await openDatabase({
  databaseUrl,
  dataDir: path.join(dataDir, 'db'),
  owner: { kind: 'task', name: 'crash test server' },
});
await database.migrate();
const storage = await openStorage(config.storage);
let ids = await sizeIdsBySku(database.db);
if (!ids['robe-s']) {
  ids = await seedCartCatalogue({ db: database.db, storage }, () =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: '#c97b94' } })
      .png()
      .toBuffer(),
  );
  await database.db
    .update(productSizes)
    .set({ stock: 100_000, pointsPrice: 100 })
    .where(eq(productSizes.id, ids['robe-s']));
}
const logger = createLogger(config.logLevel);
const app = createApp({
  db: database.db,
  config,
  logger,
  storage,
  mailer: createMailer(config, logger),
  catalogueCache: await watchCatalogue(database),
});
const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
  process.stdout.write(`${JSON.stringify({ port: info.port, ids })}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  void database.close().then(() => process.exit(0));
});
