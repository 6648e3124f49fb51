import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl, onPostgres, withClient } from '../../../tests/support/database';
import { openDatabase, rowsOf, type DatabaseHandle } from './client';

/*
 * PostgreSQL may end a connection the shop holds idle: a restart, a fail-over, an administrator's
 * `pg_terminate_backend`. The shop goes on answering; it needs a server, so this runs in the
 * PostgreSQL pass of the suite (TEST_DATABASE_URL).
 */

describe.skipIf(!onPostgres)('a connection the database server ends', () => {
  let database: { url: string; drop: () => Promise<void> };
  let shop: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabaseUrl();
    shop = await openDatabase({ databaseUrl: database.url, dataDir: null });
  });
  afterAll(async () => {
    await shop?.close();
    await database?.drop();
  });

  it('costs the shop nothing: its idle connections are ended, and the next queries are answered', async () => {
    const products = async () =>
      rowsOf<{ count: number }>(await shop.db.execute(sql`select count(*)::int as count from goods`))[0]!.count;
    const before = await Promise.all([products(), products(), products()]);
    const ended = await withClient(database.url, async (admin) => {
      const { rows } = await admin.query<{ ended: boolean }>(
        'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      return rows.filter((row) => row.ended).length;
    });
    expect(ended).toBeGreaterThan(0);
    // The ended connections' errors arrive while the shop is idle (an unheard one would fail this file).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await Promise.all([products(), products(), products()])).toEqual(before);
  });
});
