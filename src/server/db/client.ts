import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { createHash } from 'node:crypto';
import { is, type ExtractTablesWithRelations, type Query, type SQL } from 'drizzle-orm';
import {
  PgTransaction,
  type PgDatabase,
  type PgDialect,
  type PgQueryResultHKT,
  type PgSession,
} from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { countWrites } from './kept-reads';
import { claimEmbeddedDatabase, type DatabaseOwner } from './owner-lock';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What a service runs its queries on: the database, or a transaction it was handed. */
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Brings the schema to the code's head; on PostgreSQL under the advisory lock `migrate`, so that shops starting together migrate once. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while holding the PostgreSQL advisory lock named `name` (shops sharing one database
   * wait for each other there); on the embedded database, which has one owner, it just runs it.
   */
  exclusively<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** Hears the notifications on `channel` that committed transactions send (see `Listener`). */
  listen(channel: string, listener: Listener): Promise<Listening>;
  close(): Promise<void>;
};

/**
 * What a listener is told: each notification, and whether it hears at all. While `hearing(false)`
 * notifications may be lost (the connection that listens broke; it comes back by itself), and on
 * `hearing(true)` anything may have changed meanwhile.
 */
export type Listener = { notified(): void; hearing(yes: boolean): void };
export type Listening = {
  /** Resolves once every notification of a transaction committed before the call has been heard. */
  settled(): Promise<void>;
  stop(): Promise<void>;
};

/** The rows of a raw `execute`: PGlite and node-postgres both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * Runs a raw statement as a named prepared statement: PostgreSQL parses and plans a named statement
 * once per connection (node-postgres prepares it on its first use there), where an unnamed one is
 * parsed and planned on every call; the large statements of a checkout spent more of the database's
 * time being planned than run (docs/decisions/091). The name is a digest of the text, so each
 * distinct text is a statement of its own: use it where the text takes values as parameters, never
 * spelled into it. PGlite runs it as any statement.
 */
export function executeNamed(db: Executor, statement: SQL): Promise<unknown> {
  const { dialect } = db as unknown as { dialect: PgDialect };
  return runNamed(db, named(dialect.sqlToQuery(statement)));
}

type NamedQuery = { query: Query; name: string };
const named = (query: Query): NamedQuery => ({
  query,
  name: `n_${createHash('sha1').update(query.sql).digest('base64url')}`,
});
const statementsBuilt = new Map<string, NamedQuery>();

/**
 * `executeNamed` for a statement built once per `shape` by `build`, whose values are placeholders
 * (`sql.placeholder`), run with each call's `values`: Drizzle builds the text of checkout's statement
 * in about as much processor time as PostgreSQL spends running it (docs/decisions/091). `shape` names
 * everything that changes the text.
 */
export function executeShaped(
  db: Executor,
  shape: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<unknown> {
  let built = statementsBuilt.get(shape);
  if (!built)
    statementsBuilt.set(shape, (built = named((db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(build()))));
  return runNamed(db, built, values);
}

/**
 * Runs the statement; one that PostgreSQL ends as a deadlock runs again (at most DEADLOCK_TRIES times)
 * when it runs alone: it wrote nothing. Fifty checkouts of one size at once met one in about a
 * thousand orders (docs/decisions/091). Inside a transaction the whole transaction has failed, so the
 * refusal goes to its caller.
 */
async function runNamed(db: Executor, { query, name }: NamedQuery, values?: Record<string, unknown>): Promise<unknown> {
  const { session } = db as unknown as { session: PgSession };
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await session.prepareQuery(query, undefined, name, false).execute(values);
    } catch (error) {
      if (attempt < DEADLOCK_TRIES && refusalOf(error)?.code === DEADLOCK_DETECTED && !is(db, PgTransaction)) continue;
      throw error;
    }
  }
}

const DEADLOCK_DETECTED = '40P01';
const DEADLOCK_TRIES = 5;

/** What PostgreSQL says of a statement it refused (PGlite and node-postgres both carry these fields). */
export type DatabaseRefusal = { code?: string; table?: string; column?: string; constraint?: string };

/** The database's own refusal behind a failed query (Drizzle wraps it as the error's cause), if it is one. */
export function refusalOf(error: unknown): DatabaseRefusal | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (typeof (cause as DatabaseRefusal).code === 'string' && 'severity' in cause) return cause as DatabaseRefusal;
  }
  return undefined;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * The embedded database's settings. PostgreSQL's default 128 MB of shared buffers live in PGlite's
 * WebAssembly memory, which is touched at start and never given back: 16 MB hold the shop's hot
 * tables many times over and take about 110 MB off the process (docs/decisions/060). Durability is
 * PGlite's default: every commit is written before it returns.
 */
export const embeddedOptions = { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] };

/**
 * PostgreSQL when a URL is given, otherwise PGlite in `dataDir` (in memory when `dataDir` is null),
 * or on a PGlite `client` the caller made. PGlite in a folder has one owner at a time: opening it
 * claims `<dataDir>.lock` for `owner` first and throws DatabaseInUseError, having touched nothing,
 * when a live process holds it (see owner-lock.ts).
 */
export async function openDatabase(
  options:
    | { databaseUrl?: string | undefined; dataDir: null }
    | { databaseUrl?: string | undefined; dataDir: string; owner: DatabaseOwner }
    | { client: PGlite },
): Promise<DatabaseHandle> {
  if ('client' in options) return pgliteHandle(options.client);
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server ends (a restart, a fail-over, an administrator) reports its error
    // here: the pool has already let it go and opens another for the next query. Unheard, the error
    // would end the shop.
    pool.on('error', () => {});
    const db = drizzlePostgres({ client: pool, schema });
    const exclusively = <T>(name: string, work: () => Promise<T>) => withAdvisoryLock(pool, name, work);
    return {
      db,
      kind: 'postgres',
      migrate: () => exclusively('migrate', () => migratePostgres(db, { migrationsFolder })),
      exclusively,
      listen: (channel, listener) => listenOnPostgres(options.databaseUrl!, channel, listener),
      close: () => pool.end(),
    };
  }
  if (!options.dataDir) return pgliteHandle(new PGlite(embeddedOptions));
  await mkdir(path.dirname(options.dataDir), { recursive: true });
  const lock = await claimEmbeddedDatabase(options.dataDir, options.owner);
  try {
    const client = new PGlite(options.dataDir, embeddedOptions);
    await client.waitReady;
    return pgliteHandle(client, () => lock.release());
  } catch (error) {
    await lock.release();
    throw error;
  }
}

function pgliteHandle(client: PGlite, afterClose?: () => Promise<void>): DatabaseHandle {
  const db = drizzlePglite({ client, schema });
  countWrites(client, db);
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    exclusively: (_name, work) => work(),
    // One connection: PGlite tells its listeners as the committing statement returns.
    listen: async (channel, listener) => {
      const unlisten = await client.listen(channel, () => listener.notified());
      listener.hearing(true);
      return { settled: async () => {}, stop: () => unlisten() };
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        await afterClose?.();
      }
    },
  };
}

/**
 * Holds PostgreSQL's session advisory lock `energy-shop:<name>` on a connection of its own while
 * `work` runs. Drizzle's migrator takes no lock: two shops starting on an empty database would both
 * create its table and run every migration (docs/decisions/072). A connection that breaks lets go of the lock.
 */
async function withAdvisoryLock<T>(pool: pg.Pool, name: string, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  const key = `energy-shop:${name}`;
  try {
    await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [key]);
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]);
    }
  } finally {
    client.release();
  }
}

/** How the listening connections name themselves to PostgreSQL (`pg_stat_activity.application_name`). */
export const LISTENING_APPLICATION = 'shop: listens on';

/** Seconds between attempts to listen again after the listening connection broke. */
const RELISTEN_SECONDS = 1;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries). PostgreSQL delivers
 * a notification to a listening session before the answer of the next statement it runs, so a round
 * trip on this connection is the `settled` barrier.
 */
async function listenOnPostgres(connectionString: string, channel: string, listener: Listener): Promise<Listening> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const listenAgainLater = () => {
    if (!stopped) retry = setTimeout(() => void connect().catch(listenAgainLater), RELISTEN_SECONDS * 1000);
  };
  const connect = async () => {
    const candidate = new pg.Client({ connectionString, application_name: `${LISTENING_APPLICATION} ${channel}` });
    candidate.on('notification', (message) => message.channel === channel && listener.notified());
    candidate.on('error', () => {}); // 'end' follows
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await candidate.end().catch(() => {});
      throw error;
    }
    candidate.on('end', () => {
      client = undefined;
      listener.hearing(false);
      listenAgainLater();
    });
    client = candidate;
    listener.hearing(true);
  };
  await connect();
  // One round trip at a time on this connection. A caller that comes while one is on its way cannot
  // count on it (it may have left before the caller's commit), so such callers share the next one.
  let inFlight: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const roundTrip = () => {
    const trip = client ? client.query('SELECT 1').then(() => {}) : Promise.resolve();
    inFlight = trip;
    trip.then(
      () => inFlight === trip && (inFlight = undefined),
      () => inFlight === trip && (inFlight = undefined),
    );
    return trip;
  };
  return {
    settled: () => {
      if (!inFlight) return roundTrip();
      return (queued ??= inFlight
        .catch(() => {})
        .then(() => {
          queued = undefined;
          return roundTrip();
        }));
    },
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      await client?.end();
    },
  };
}

/**
 * A query built once per database rather than on every call, for the hottest reads: Drizzle builds
 * its SQL once, and PostgreSQL parses and plans a named statement once per connection. Values come
 * as placeholders (`sql.placeholder('name')`), given to `execute`.
 */
export function preparedOnce<Query>(build: (db: Executor) => Query): (db: Executor) => Query {
  const built = new WeakMap<Executor, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}
