import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Publisher } from '@/features/backoffice/publish/publishing';
import { importCatalogue } from '@/features/catalogue/catalogue-import.service';
import { demoCatalogue } from '@/features/catalogue/demo/demo-catalogue';
import type { Currency, Language } from '@/lib/locale';
import { createApp } from '@/app/app';
import type { OperatorShop } from '@/server/cli/operator';
import { loadConfig } from '@/server/config';
import { createLogger } from '@/server/logger';
import { watchCatalogue } from '@/server/db/catalogue-cache';
import { createMailer } from '@/server/mail/mailer';
import { createPaymentProvider } from '@/server/payments/registry';
import { openStorage } from '@/server/storage/open-storage';
import type { DatabaseHandle } from '@/server/db/client';
import { createTestDatabase } from './database';

export type ApiBody<T = unknown> = { code: number; data: T; message: string };

/** A small solid picture: tests need real images, not the demo art, which takes longer to draw. */
export const testPicture = (color = '#c97b94') =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: color } })
    .png()
    .toBuffer();

export type TestApiOptions = {
  seed?: boolean;
  env?: Record<string, string>;
  publish?: Publisher;
  /** A data folder and its open database to use instead of fresh ones (kept on close). */
  on?: { dataDir: string; database: DatabaseHandle };
};

/**
 * The API in-process against a fresh, migrated database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL), with the demo catalogue seeded unless asked not to.
 */
export async function createTestApi(options: TestApiOptions = {}) {
  const dataDir = options.on?.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'shop-test-')));
  // scrypt at 2^12 instead of 2^17: the same code path at a fortieth of the time and memory. A test's
  // customer keeps more orders unpaid than a shopper may (tests/security/unpaid-orders.test.ts tests the limit).
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_COST: '12',
    UNPAID_ORDERS_PER_CUSTOMER: '1000',
    UNPAID_UNITS_PER_CUSTOMER: '100000',
    ...options.env,
  });
  const storage = await openStorage(config.storage);
  const database = options.on?.database ?? (await createTestDatabase());
  // Tests log nothing but the shop's errors, kept here: an answer of 500 prints the fault behind it.
  const errors: string[] = [];
  const logger = createLogger('error', {
    write(line: string) {
      if (errors.push(line) > 50) errors.shift();
    },
  });
  if (options.seed !== false) await importCatalogue(database.db, storage, demoCatalogue, () => testPicture());
  const catalogueCache = await watchCatalogue(database);
  const deps = { db: database.db, config, logger, storage, mailer: createMailer(config, logger), catalogueCache };
  const app = createApp(deps, { publish: options.publish });

  /** Calls the API the way the storefront does: JSON, with Language and Currency headers. */
  async function call<T = unknown>(
    method: string,
    pathAndQuery: string,
    init: {
      body?: unknown;
      language?: Language | string;
      currency?: Currency | string;
      headers?: Record<string, string>;
    } = {},
  ) {
    const headers: Record<string, string> = { ...init.headers };
    if (init.language) headers.Language = init.language;
    if (init.currency) headers.Currency = init.currency;
    if (init.body !== undefined) headers['Content-Type'] ??= 'application/json';
    // A browser names the page's origin on every call that is not a GET (a body-less POST needs it).
    if (!['GET', 'HEAD'].includes(method.toUpperCase())) headers.Origin ??= config.publicOrigin;
    // A person's next click comes after the shop heard of the last change; a test's next call may not.
    await catalogueCache.settled();
    const response = await app.request(`/api/v1${pathAndQuery}`, {
      method,
      headers,
      body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
    });
    if (response.status === 500) {
      const requestId = response.headers.get('X-Request-Id');
      console.error(
        `${method} ${pathAndQuery} answered ${response.status}:`,
        errors.filter((line) => requestId && line.includes(requestId)).join(''),
      );
    }
    const type = response.headers.get('Content-Type') ?? '';
    const body = type.includes('json') ? ((await response.json()) as ApiBody<T>) : undefined;
    return { status: response.status, headers: response.headers, body: body as ApiBody<T>, response };
  }

  return {
    app,
    db: database.db,
    databaseKind: database.kind,
    /** Hears what committed transactions notify (the outbox's sender listens so). */
    listen: database.listen,
    config,
    storage,
    catalogueCache,
    /** The shop as an operator command sees it. */
    operator: { ...deps, payments: createPaymentProvider(deps) } satisfies OperatorShop,
    call,
    get: <T = unknown>(pathAndQuery: string, init?: Parameters<typeof call>[2]) => call<T>('GET', pathAndQuery, init),
    post: <T = unknown>(pathAndQuery: string, body: unknown, init?: Parameters<typeof call>[2]) =>
      call<T>('POST', pathAndQuery, { ...init, body }),
    async close() {
      await catalogueCache.close();
      await storage.close();
      await database.close();
      if (!options.on) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApi = Awaited<ReturnType<typeof createTestApi>>;
