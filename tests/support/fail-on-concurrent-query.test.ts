import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, withClient } from './database';
import { checkOneQueryAtATime } from './fail-on-concurrent-query';

// The guard of the PostgreSQL test run (tests/support/fail-on-concurrent-query.ts), provoked on purpose.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two queries at once on one PostgreSQL connection', () => {
  it('fails the test that sends a second query to a connection still running one', async () => {
    const database = await createTestDatabase();
    try {
      await database.db.transaction((tx) =>
        Promise.all([tx.execute(sql`select pg_sleep(0.05)`), tx.execute(sql`select 1`)]),
      );
      expect(checkOneQueryAtATime).toThrow(/two queries at once on one database connection[\s\S]*same connection/);
      // One after the other on the same transaction, and in parallel on the pool's connections: allowed.
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await tx.execute(sql`select 2`);
      });
      await Promise.all([database.db.execute(sql`select 1`), database.db.execute(sql`select 2`)]);
      expect(checkOneQueryAtATime).not.toThrow();
    } finally {
      await database.close();
    }
  });

  it("fails on the driver's own warning", async () => {
    await withClient(process.env.TEST_DATABASE_URL!, async (client) => {
      await Promise.all([client.query('select pg_sleep(0.05)'), client.query('select 1'), client.query('select 2')]);
    });
    await new Promise((resolve) => setImmediate(resolve)); // the warning is emitted on the next tick
    expect(checkOneQueryAtATime).toThrow(/already executing a query/);
  });
});
