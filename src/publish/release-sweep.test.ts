import { mkdtemp, rm, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ProductPage } from '@/features/catalogue/catalogue.schema';
import { publishedReleases } from '@/server/db/schema';
import { createLogger } from '@/server/logger';
import { createFolderStorage, type Storage } from '@/server/storage/storage';
import { createTestApi, type TestApi } from '../../tests/support/api';
import { KEPT_SHARED_RELEASES, openReleaseSharing } from './release-sharing';
import { endWarmRenderers } from './render-pages';
import { publishingSettled, publishSite, type PublishOptions } from './publish';
import { servedRelease } from './release';

/*
 * The bucket keeps the last three shared releases and the files they name (docs/decisions/084): a
 * sweep removes older releases and every file object none of the kept ones names, but not one a
 * publish under way may just have uploaded. A machine that starts afterwards still makes the current
 * release from what is left. The folder store stands in for the bucket: the sweep uses only `list`,
 * `get` and `remove`, which both stores answer alike (storage.test.ts).
 */

let shop: TestApi;
let bucket: Storage;
const folders: string[] = [];
const folder = async (name: string) => {
  const made = await mkdtemp(path.join(os.tmpdir(), `shop-sweep-${name}-`));
  folders.push(made);
  return made;
};
let bucketDir: string;
beforeAll(async () => {
  shop = await createTestApi();
  bucketDir = await folder('bucket');
  bucket = createFolderStorage(bucketDir);
}, 120_000);
afterAll(async () => {
  await publishingSettled();
  await endWarmRenderers();
  await shop.close();
  for (const made of folders) await rm(made, { recursive: true, force: true });
});

const sharingOn = (root: string) =>
  openReleaseSharing({
    database: { db: shop.db, exclusively: (_name, work) => work(), listen: shop.listen },
    bucket,
    cdn: null,
    root,
    logger: createLogger('silent'),
  });
const fileKeys = async () => {
  const keys: string[] = [];
  for await (const object of bucket.list('site/files')) keys.push(object.key);
  return keys;
};

it('keeps the last three releases and the files they name, a file a publish under way uploaded too, and nothing else', async () => {
  const root = await folder('site');
  const sharing = sharingOn(root);
  const options: PublishOptions = {
    db: shop.db,
    storage: shop.storage,
    testMode: true,
    apiOrigin: 'http://127.0.0.1:1',
    publicOrigin: 'http://127.0.0.1:1',
    root,
    quiet: true,
  };
  const published = [path.basename((await sharing.publish(() => publishSite({ ...options, full: true }))).release)];
  const [product] = (await shop.get<ProductPage>('/goods/queryProductList?pageSize=1')).body.data.list;
  for (const price of [111100, 222200, 333300]) {
    await shop.db.execute(
      `update specification_prices set unit_price = ${price}, original_price = null where currency = 'USD' and specification_id in (select id from specifications where goods_id = ${product!.goodsId})`,
    );
    published.push(path.basename((await sharing.publish(() => publishSite(options))).release));
  }
  // Each publish sweeps after itself (closing waits for it): the first release is retired, its files are too young to go.
  await sharing.close();
  const kept = (await shop.db.select({ id: publishedReleases.id }).from(publishedReleases))
    .map((release) => release.id)
    .sort();
  expect(kept).toEqual(published.slice(-KEPT_SHARED_RELEASES).sort());
  expect(await bucket.has(`site/releases/${published[0]!.toLowerCase()}.json`)).toBe(false);
  const before = await fileKeys();

  // An hour later, a publish on another machine is uploading a file its release does not name yet.
  const hoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
  for (const key of before) await utimes(path.join(bucketDir, key), hoursAgo, hoursAgo);
  await bucket.put('site/files/0123456789abcdef0123456789abcdef01234567', Buffer.from('a page of a publish under way'));
  const sweeper = sharingOn(root);
  expect(await sweeper.sweepBucket()).toBeGreaterThan(0);
  const after = await fileKeys();
  // The first release's own pages (the first price) are gone; the upload under way is not.
  expect(after.length).toBeLessThan(before.length);
  expect(after).toContain('site/files/0123456789abcdef0123456789abcdef01234567');
  // Swept again, nothing more goes.
  expect(await sweeper.sweepBucket()).toBe(0);
  await sweeper.close();

  // A machine that starts now makes the current release from what the bucket kept.
  const newcomer = await folder('newcomer');
  const following = sharingOn(newcomer);
  await following.follow();
  expect(path.basename((await servedRelease(newcomer))!)).toBe(published.at(-1));
  await following.close();
}, 300_000);
