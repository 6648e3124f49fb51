import { timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import { sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Config } from '../config';
import { migrationsFolder, rowsOf, type Database } from '../db/client';
import type { Logger } from '../logger';
import { METRICS_CONTENT_TYPE, scrape } from '../metrics';
import type { Storage } from '../storage/storage';

/*
 * What load balancers and monitoring ask, outside the API (and its rate limits), never cached
 * (docs/decisions/072):
 *   GET /health/live   200 while the process serves
 *   GET /health/ready  200 when the database answers at the code's migration, the picture store
 *                      writes, reads and deletes, and the pages are there; else 503 naming what fails
 *   GET /metrics       Prometheus' text, with `Authorization: Bearer $METRICS_TOKEN` (without the
 *                      setting: only to a client on this machine that came through no proxy)
 */

type HealthDeps = { db: Database; storage: Storage; config: Pick<Config, 'metricsToken'>; logger: Logger };
/** `pagesPresent`: whether the prebuilt pages are there to serve; unset where this process serves none (the CDN does). */
export type HealthOptions = { pagesPresent?: () => boolean };

/** The newest migration the code has (drizzle's journal; drizzle records its `when` as `created_at`). */
const headMigration = (() => {
  let head: number | undefined;
  return () => {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    };
    return (head ??= Math.max(...journal.entries.map((entry) => entry.when)));
  };
})();

/** A readiness check gives up after this long: a load balancer's probe should not hang on a stuck database. */
const CHECK_TIMEOUT_MS = 3_000;

export function healthRoutes(deps: HealthDeps, options: HealthOptions = {}) {
  const checks: Record<string, () => Promise<void> | void> = {
    database: async () => {
      const [row] = rowsOf<{ head: string | number | null }>(
        await deps.db.execute(sql`SELECT max(created_at) AS head FROM drizzle.__drizzle_migrations`),
      );
      if (Number(row?.head ?? 0) < headMigration())
        throw new Error('the database is behind the code: its migrations have not all run');
    },
    pictures: async () => {
      const key = `health/${process.pid}-${Date.now()}.txt`;
      const body = Buffer.from('ready');
      await deps.storage.put(key, body);
      try {
        if (!(await deps.storage.get(key))?.equals(body))
          throw new Error('the picture store did not give back what was written');
      } finally {
        await deps.storage.remove(key);
      }
    },
    ...(options.pagesPresent && {
      pages: () => {
        if (!options.pagesPresent!()) throw new Error('no pages are built');
      },
    }),
  };

  // Mounted at the root beside the API and the pages: the no-store rule is for these paths alone.
  const noStore = createMiddleware(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  return new Hono()
    .use('/health/*', noStore)
    .use('/metrics', noStore)
    .get('/health/live', (c) => c.json({ status: 'live' }))
    .get('/health/ready', async (c) => {
      const outcomes = await Promise.all(
        Object.entries(checks).map(async ([name, check]) => {
          try {
            await withTimeout(Promise.resolve(check()), CHECK_TIMEOUT_MS);
            return { name, ok: true };
          } catch (error) {
            deps.logger.warn({ check: name, err: error }, 'readiness check failed');
            return { name, ok: false };
          }
        }),
      );
      const failing = outcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.name);
      return failing.length === 0
        ? c.json({ status: 'ready', checks: Object.keys(checks) })
        : c.json({ status: 'not ready', failing }, 503);
    })
    .get('/metrics', async (c) => {
      if (!metricsAllowed(c, deps.config.metricsToken)) {
        return c.json(
          {
            error: deps.config.metricsToken
              ? 'Authorization: Bearer <METRICS_TOKEN> required'
              : 'only from this machine; set METRICS_TOKEN to scrape from elsewhere',
          },
          deps.config.metricsToken ? 401 : 403,
        );
      }
      return c.body(await scrape(), 200, { 'Content-Type': METRICS_CONTENT_TYPE });
    });
}

/**
 * With a token: the right bearer token. Without: a client on a loopback address whose request came
 * through no proxy (a proxy on this machine would otherwise make every visitor look local).
 */
function metricsAllowed(c: Context, token: string | undefined) {
  if (token) {
    const given = Buffer.from(/^Bearer (.+)$/.exec(c.req.header('Authorization') ?? '')?.[1] ?? '');
    const expected = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  if (c.req.header('X-Forwarded-For') !== undefined || c.req.header('Forwarded') !== undefined) return false;
  try {
    const address = getConnInfo(c).remote.address ?? '';
    return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
  } catch {
    return false; // no socket: not a client on this machine
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)),
  );
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
