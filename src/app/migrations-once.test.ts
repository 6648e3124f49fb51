import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '@/server/db/client';
import { createTestDatabaseUrl, withClient } from '../../tests/support/database';
import { startShopProcess, type ShopProcess } from '../../tests/support/processes';

/*
 * Two shops started at the same moment against one empty PostgreSQL database: both come up, the
 * migrations ran once and the demo catalogue was seeded once (docs/decisions/072). PostgreSQL only:
 * the embedded database has one owner at a time.
 */

const postgres = process.env.TEST_DATABASE_URL;

describe.runIf(postgres)('shops starting together on one empty database', () => {
  it('both come up, having migrated and seeded it once', async () => {
    const database = await createTestDatabaseUrl({ empty: true });
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-migrate-once-'));
    const shops: ShopProcess[] = [];
    try {
      // One data folder for both, as two processes of one machine share its picture folder.
      const started = await Promise.allSettled(
        [1, 2].map(() => startShopProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir })),
      );
      for (const result of started) if (result.status === 'fulfilled') shops.push(result.value);
      expect(started.map((result) => (result.status === 'rejected' ? String(result.reason) : 'running'))).toEqual([
        'running',
        'running',
      ]);

      const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
        entries: { tag: string }[];
      };
      const applied = await withClient(database.url, (client) =>
        client.query<{ hash: string }>('SELECT hash FROM drizzle.__drizzle_migrations'),
      );
      expect(applied.rows).toHaveLength(journal.entries.length);

      // Each shop answers from the one catalogue, seeded once.
      const lists = await Promise.all(
        shops.map(
          async (shop) =>
            (await (await fetch(`${shop.url}/api/v1/goods/queryProductList?pageSize=1`)).json()) as {
              data: { total: number };
            },
        ),
      );
      const products = await withClient(database.url, (client) =>
        client.query<{ count: number }>('SELECT count(*)::int AS count FROM goods WHERE on_sale'),
      );
      expect(products.rows[0]!.count).toBeGreaterThan(0);
      expect(lists.map((list) => list.data.total)).toEqual([products.rows[0]!.count, products.rows[0]!.count]);
    } finally {
      await Promise.all(shops.map((shop) => shop.stop()));
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
