import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
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
  migrate(): Promise<void>;
  close(): Promise<void>;
};

/** The rows of a raw `execute`: PGlite and node-postgres both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * PostgreSQL when a URL is given, otherwise PGlite in `dataDir` (in memory when `dataDir` is null),
 * or on a PGlite `client` the caller made. PGlite in a folder has one owner at a time: opening it
 * claims `<dataDir>.lock` for `owner` first and throws DatabaseInUseError, having touched nothing,
 * when a live process holds it (see owner-lock.ts).
 */
export async function openDatabase(
  options: { databaseUrl?: string | undefined; dataDir: null } | { databaseUrl?: string | undefined; dataDir: string; owner: DatabaseOwner } | { client: PGlite },
): Promise<DatabaseHandle> {
  if ('client' in options) return pgliteHandle(options.client);
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzlePostgres({ client: pool, schema });
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePostgres(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (!options.dataDir) return pgliteHandle(new PGlite());
  await mkdir(path.dirname(options.dataDir), { recursive: true });
  const lock = await claimEmbeddedDatabase(options.dataDir, options.owner);
  try {
    const client = new PGlite(options.dataDir);
    await client.waitReady;
    return pgliteHandle(client, () => lock.release());
  } catch (error) {
    await lock.release();
    throw error;
  }
}

function pgliteHandle(client: PGlite, afterClose?: () => Promise<void>): DatabaseHandle {
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: async () => {
      try {
        await client.close();
      } finally {
        await afterClose?.();
      }
    },
  };
}
