import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '@/server/db/client';

/*
 * Test databases. By default each test file gets a fresh in-memory PGlite, migrated. With
 * TEST_DATABASE_URL (a PostgreSQL server the tests may create databases on) each file gets its own
 * database copied from a template migrated once per run, and dropped afterwards.
 */

const TEMPLATE = 'shop_test_template';
const serverUrl = process.env.TEST_DATABASE_URL;

function urlFor(database: string) {
  const url = new URL(serverUrl!);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function migrateTemplateDatabase() {
  if (!serverUrl) return;
  await withAdmin(async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  });
  const template = await openDatabase({ databaseUrl: urlFor(TEMPLATE), dataDir: null });
  await template.migrate();
  await template.close();
}

export type TestDatabase = DatabaseHandle & { kind: DatabaseHandle['kind'] };

export async function createTestDatabase(): Promise<TestDatabase> {
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: null });
    await database.migrate();
    return database;
  }
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`));
  const database = await openDatabase({ databaseUrl: urlFor(name), dataDir: null });
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
