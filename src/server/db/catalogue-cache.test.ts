import { getTableColumns, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { importCatalogue } from '@/features/catalogue/catalogue-import.service';
import { demoCatalogue } from '@/features/catalogue/demo/demo-catalogue';
import { testPicture } from '../../../tests/support/api';
import { createTestDatabase } from '../../../tests/support/database';
import { createFolderStorage } from '../storage/storage';
import { watchCatalogue, type CatalogueCache } from './catalogue-cache';
import { LISTENING_APPLICATION, rowsOf } from './client';
import { productSizes } from './schema';

const database = await createTestDatabase();
const storage = createFolderStorage(`/tmp/shop-catalogue-cache-${process.pid}`);
await importCatalogue(database.db, storage, demoCatalogue, () => testPicture());
const cache = await watchCatalogue(database);
afterAll(async () => {
  await cache.close();
  await database.close();
});

/** What a public read answers: here, the name of the first product as the database holds it now. */
const firstName = async () =>
  rowsOf<{ name: string }>(
    await database.db.execute(sql`select name from goods_texts where language = 'EN' order by goods_id limit 1`),
  )[0]!.name;

/** Remembers `key`, counting how often the database was read for it. */
function counted(target: CatalogueCache = cache) {
  let reads = 0;
  const read = (key: string) =>
    target.remember(key, async () => {
      reads += 1;
      return firstName();
    });
  return { read, reads: () => reads };
}

async function change(statement: string) {
  await database.db.execute(sql.raw(statement));
  await cache.settled();
}

describe('the catalogue cache', () => {
  it('keeps an answer until the catalogue changes, then reads it anew', async () => {
    const name = counted();
    expect(await name.read('first')).toBe(await firstName());
    await name.read('first');
    expect(name.reads()).toBe(1);

    await change(
      `update goods_texts set name = 'Silk robe, new season' where language = 'EN' and goods_id = (select min(goods_id) from goods_texts)`,
    );

    expect(await name.read('first')).toBe('Silk robe, new season');
    expect(name.reads()).toBe(2);
  });

  it('forgets on a size selling out or coming back, a change to a size, its prices, reviews, adverts or shipping, but not on a sale that leaves stock', async () => {
    const name = counted();
    const firstSize = '(select min(id) from specifications)';
    // Every column of a size but its stock count: a column added to the table and not to the trigger fails here.
    const sizeColumns = Object.values(getTableColumns(productSizes))
      .map((column) => column.name)
      .filter((column) => column !== 'stock');
    const changes = [
      `update specifications set stock = 0 where id = ${firstSize}`,
      `update specifications set stock = 3 where id = ${firstSize}`,
      ...sizeColumns.map((column) => `update specifications set ${column} = ${column} where id = ${firstSize}`),
      `update specification_prices set unit_price = unit_price + 1 where specification_id = ${firstSize}`,
      `insert into comments (goods_id, rating, author_name, language, content) select min(id), 5, 'Mei', 'EN', 'Lovely' from goods`,
      'update adverts set position = position',
      'update shipping_zones set name = name',
      'update shipping_methods set position = position',
      'update tax_rates set label = label',
    ];
    for (const statement of changes) {
      await name.read('each change');
      const before = name.reads();
      await change(statement);
      await name.read('each change');
      expect(name.reads(), statement).toBe(before + 1);
    }

    const unrelated = [
      `update specifications set stock = stock - 1 where id = ${firstSize}`,
      `update specifications set stock = stock + 5 where id = ${firstSize}`,
      `insert into newsletter_subscribers (name, email, language, unsubscribe_token) values ('Mei', 'reader@example.com', 'EN', 'an-unrelated-token')`,
    ];
    for (const statement of unrelated) {
      await name.read('unrelated');
      const before = name.reads();
      await change(statement);
      await name.read('unrelated');
      expect(name.reads(), statement).toBe(before);
    }
  });

  it('keeps nothing from a change that was rolled back', async () => {
    const name = counted();
    await name.read('rolled back');
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update goods set sold_count = sold_count + 1`);
        tx.rollback();
      })
      .catch(() => {});
    await cache.settled();
    await name.read('rolled back');
    expect(name.reads()).toBe(1);
  });

  it('reads once for concurrent callers, and keeps neither failures nor missing answers', async () => {
    const name = counted();
    await Promise.all([name.read('together'), name.read('together'), name.read('together')]);
    expect(name.reads()).toBe(1);

    let attempts = 0;
    const failing = () =>
      cache.remember('failing', async () => {
        attempts += 1;
        throw new Error('database unreachable');
      });
    await expect(failing()).rejects.toThrow('database unreachable');
    await expect(failing()).rejects.toThrow('database unreachable');
    expect(attempts).toBe(2);

    let lookups = 0;
    const missing = () => cache.remember('missing', async () => ((lookups += 1), null));
    expect(await missing()).toBeNull();
    await missing();
    expect(lookups).toBe(2);
  });

  it('keeps at most as many answers as it is allowed, the oldest going first', async () => {
    const small = await watchCatalogue(database, 2);
    try {
      const name = counted(small);
      await name.read('a');
      await name.read('b');
      await name.read('c');
      await name.read('b');
      expect(name.reads()).toBe(3);
      await name.read('a');
      expect(name.reads()).toBe(4);
    } finally {
      await small.close();
    }
  });

  if (database.kind === 'postgres') {
    it('keeps nothing while it cannot hear the changes, and keeps again once it listens anew', async () => {
      const name = counted();
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name like ${`${LISTENING_APPLICATION}%`}`,
      );
      await expect
        .poll(async () => {
          const before = name.reads();
          await name.read('deaf');
          await name.read('deaf');
          return name.reads() - before;
        })
        .toBe(2);

      await expect
        .poll(
          async () => {
            const before = name.reads();
            await name.read('listening again');
            await name.read('listening again');
            return name.reads() - before;
          },
          { timeout: 5_000, interval: 200 },
        )
        .toBeLessThan(2);
      await change(
        `update goods_texts set name = 'Heard again' where language = 'EN' and goods_id = (select min(goods_id) from goods_texts)`,
      );
      expect(await name.read('listening again')).toBe('Heard again');
    });
  }
});
