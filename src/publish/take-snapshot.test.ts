import { describe, expect, it } from 'vitest';
import type { CatalogueSnapshot } from './snapshot';
import { takeCatalogueSnapshot, takeSnapshotText } from './take-snapshot';
import { rowsOf } from '@/server/db/client';
import { aShop } from '../../tests/support/fixtures';

const shop = await aShop({ catalogue: 'demo' });
const options = { pictureUrl: shop.storage.url, testMode: true };
const [first, second] = rowsOf<{ id: number }>(
  await shop.db.execute('select id from goods where on_sale order by id limit 2'),
).map((row) => row.id) as [number, number];

/** What a publish writes (reading again only what changed), parsed, beside what a whole read answers. */
async function takeBoth(fresh = false) {
  const taken = await takeSnapshotText(shop.db, { ...options, fresh, beside: { settings: { shown: true } } });
  const {
    takenAt: _takenAt,
    settings,
    ...written
  } = JSON.parse(Buffer.concat(taken.pieces).toString()) as CatalogueSnapshot & {
    settings: unknown;
  };
  const { takenAt: _wholeTakenAt, ...whole } = await takeCatalogueSnapshot(shop.db, options);
  return { read: taken.read, written, whole, settings };
}

const execute = (statement: string) => shop.db.execute(statement);

describe('the snapshot a publish writes', () => {
  it('reads every product the first time, with the fields written beside it', async () => {
    const { read, written, whole, settings } = await takeBoth();
    expect(read).toBe(whole.products.length);
    expect(written).toEqual(whole);
    expect(settings).toEqual({ shown: true });
  });

  it('reads no product again while nothing changed, and every one when asked to', async () => {
    const unchanged = await takeBoth();
    expect(unchanged.read).toBe(0);
    expect(unchanged.written).toEqual(unchanged.whole);
    const fresh = await takeBoth(true);
    expect(fresh.read).toBe(fresh.whole.products.length);
    expect(fresh.written).toEqual(fresh.whole);
  });

  // Each change as the database sees it, whoever makes it (the back office, the CLI, a checkout, a review).
  it.each([
    ['its name', `update goods_texts set name = name || ' (new)' where goods_id = ${first} and language = 'EN'`],
    ['its sales count', `update goods set sold_count = sold_count + 3 where id = ${first}`],
    [
      "a picture's description",
      `insert into goods_picture_texts (picture_id, language, alt) select id, 'MS', 'Gambar' from goods_pictures where goods_id = ${first} order by position limit 1`,
    ],
    [
      'a picture removed',
      `delete from goods_pictures where id = (select max(id) from goods_pictures where goods_id = ${first})`,
    ],
    [
      'a price',
      `update specification_prices set unit_price = unit_price + 100 where specification_id = (select min(id) from specifications where goods_id = ${first}) and currency = 'USD'`,
    ],
    [
      'a price removed',
      `delete from specification_prices where specification_id = (select min(id) from specifications where goods_id = ${first}) and currency = 'MYR'`,
    ],
    ['its stock', `update specifications set stock = stock - 1 where goods_id = ${first} and stock > 0`],
    [
      "a size's name",
      `update specification_texts set name = name || ' +' where specification_id = (select min(id) from specifications where goods_id = ${first})`,
    ],
    [
      'a review withheld',
      `update comments set state = 'rejected' where id = (select min(id) from comments where goods_id = ${first} and state = 'approved')`,
    ],
  ])('reads again the one product whose rows changed: %s', async (_change, statement) => {
    await takeBoth();
    await execute(statement);
    const { read, written, whole } = await takeBoth();
    expect(read).toBe(1);
    expect(written).toEqual(whole);
  });

  it('leaves out a product taken off sale, and reads it again when it is back', async () => {
    await takeBoth();
    await execute(`update goods set on_sale = false where id = ${second}`);
    const off = await takeBoth();
    expect(off.read).toBe(0);
    expect(off.written.products.map((product) => product.goodsId)).not.toContain(second);
    expect(off.written).toEqual(off.whole);

    await execute(`update goods set on_sale = true where id = ${second}`);
    const back = await takeBoth();
    expect(back.read).toBe(1);
    expect(back.written.products.map((product) => product.goodsId)).toContain(second);
    expect(back.written).toEqual(back.whole);
  });
});
