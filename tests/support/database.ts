import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { embeddedOptions, openDatabase, type DatabaseHandle } from '@/server/db/client';

/*
 * Test databases: each test file gets its own freshly migrated database. By default an in-memory
 * PGlite loaded from a migrated template's dump (starting PGlite from scratch costs seconds). With
 * TEST_DATABASE_URL (a PostgreSQL server the tests may create databases on) a database copied from
 * a template migrated once per run, and dropped afterwards.
 */

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * The run on PostgreSQL (`.ci/run` runs the server tests a second time with TEST_DATABASE_URL). A file
 * whose shops run on the embedded database whatever it says (processes started without DATABASE_URL)
 * skips it: that run would repeat the first unchanged.
 */
export const onPostgres = Boolean(serverUrl);

function urlFor(database: string) {
  const url = new URL(serverUrl!);
  url.pathname = `/${database}`;
  return url.toString();
}

/** `work` on a connection of its own to the PostgreSQL database at `url`, closed after. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const withAdmin = <T>(work: (client: pg.Client) => Promise<T>) => withClient(serverUrl!, work);

/** One template per run, so that runs from several checkouts can share a server. */
export async function migrateTemplateDatabase(): Promise<{
  pgliteDump?: string;
  postgresTemplate?: string;
  cleanup: () => Promise<void>;
}> {
  if (serverUrl) {
    const name = `shop_test_template_${randomBytes(4).toString('hex')}`;
    await withAdmin((admin) => admin.query(`CREATE DATABASE ${name}`));
    const template = await openDatabase({ databaseUrl: urlFor(name), dataDir: null });
    await template.migrate();
    await template.close();
    return {
      postgresTemplate: name,
      cleanup: () => withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
    };
  }
  const client = new PGlite(embeddedOptions);
  const template = await openDatabase({ client });
  await template.migrate();
  const dump = path.join(os.tmpdir(), `shop-test-template-${process.pid}.tar`);
  await writeFile(dump, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await template.close();
  return { pgliteDump: dump, cleanup: () => rm(dump, { force: true }) };
}

export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (!serverUrl) {
    const client = new PGlite({
      ...embeddedOptions,
      loadDataDir: new Blob([await readFile(inject('pgliteTemplate'))]),
    });
    return openDatabase({ client });
  }
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`));
  const database = await openDatabase({ databaseUrl: urlFor(name), dataDir: null });
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdmin(async (admin) => {
        // pg's pool.end() resolves before its connections have said goodbye; a forced drop would cut
        // them off mid-way and their error would surface as an uncaught exception in the test run.
        for (let wait = 0; wait < 100; wait += 1) {
          const { rows } = await admin.query<{ connections: number }>(
            'SELECT count(*)::int AS connections FROM pg_stat_activity WHERE datname = $1',
            [name],
          );
          if (rows[0]?.connections === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    },
  };
}

/** A fresh migrated (or, `empty`, never migrated) PostgreSQL database for another process to open (TEST_DATABASE_URL only): its URL, and how to drop it. */
export async function createTestDatabaseUrl(
  options: { empty?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) =>
    admin.query(
      options.empty ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`,
    ),
  );
  return {
    url: urlFor(name),
    drop: () => withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}
