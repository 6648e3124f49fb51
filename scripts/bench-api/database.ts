import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { embeddedOptions } from '@/server/db/client';

/* The database a shop is measured on, and direct queries on it while the shop is stopped. */

export type Database = { kind: 'postgres' | 'pglite'; name: string; url: string | undefined; dataDir: string };
export type Sql = <Row>(text: string, params?: unknown[]) => Promise<Row[]>;

/** Runs `work` on the database directly, with the shop stopped (PGlite has one owner at a time). */
export async function onDatabase<T>(database: Database, work: (sql: Sql) => Promise<T>): Promise<T> {
  if (database.url) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return await work(async (text, params) => (await client.query(text, params)).rows);
    } finally {
      await client.end();
    }
  }
  const client = new PGlite(path.join(database.dataDir, 'db'), embeddedOptions);
  try {
    return await work(async <Row>(text: string, params?: unknown[]) => (await client.query<Row>(text, params)).rows);
  } finally {
    await client.close();
  }
}
