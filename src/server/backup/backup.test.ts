// Over 300 lines: backing up and restoring share one shop and its backup files.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePassword } from '@/features/auth/auth';
import type { ProductDetails, ProductPage } from '@/features/catalogue/catalogue.schema';
import { markSignedFor, shipOrder } from '@/features/orders/order-lifecycle';
import { loadConfig } from '@/server/config';
import { openDatabase } from '@/server/db/client';
import { createTestApi, testPicture, type ApiBody, type TestApi } from '../../../tests/support/api';
import { cookieFor, sessionTokenOf, signUp, uploadHeadPicture, type Customer } from '../../../tests/support/customers';
import { createTestDatabaseUrl, onPostgres } from '../../../tests/support/database';
import { copyOfDemoData } from '../../../tests/support/demo-data';
import { anOrder, grantPoints } from '../../../tests/support/fixtures';
import { placeOrder } from '../../../tests/support/orders';
import { runScript, startShopProcess, type ShopProcess } from '../../../tests/support/processes';
import { BACKUP_FORMAT, backupWriter, manifestEntry, type BackupManifest } from './backup-file';
import { restoreBackup } from './backup';

/*
 * Backups you can restore (docs/decisions/074-backups-you-can-restore.md), with real processes: a
 * serving shop with a customer, her orders, points, review and avatar and the demo catalogue's
 * pictures is backed up by `npm run shop -- backup` beside it, restored elsewhere by `restore`,
 * started, and found whole; on PostgreSQL too when TEST_DATABASE_URL is set.
 */

const folders: string[] = [];
const shops: ShopProcess[] = [];
const drops: (() => Promise<void>)[] = [];
let source: { dataDir: string; shop: ShopProcess };
let customer: Customer;
let firstOrderId: number;
let sage: number;
/** What the customer sees of her account in the source shop. */
let seen: Awaited<ReturnType<typeof customerView>>;
let work: string;

afterAll(async () => {
  await Promise.all(shops.map((shop) => shop.stop()));
  await Promise.all(drops.map((drop) => drop()));
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

const aFolder = async (name: string) => {
  const folder = await mkdtemp(path.join(os.tmpdir(), `shop-backup-${name}-`));
  folders.push(folder);
  return folder;
};

const startShop = async (env: Record<string, string>) => {
  const shop = await startShopProcess(env);
  shops.push(shop);
  return shop;
};

/** The API of a shop process, shaped as the test helpers call it. */
function overHttp(url: string) {
  const call = async (
    method: string,
    pathAndQuery: string,
    init: { body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const response = await fetch(`${url}/api/v1${pathAndQuery}`, {
      method,
      headers: { ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as ApiBody, response };
  };
  return {
    call,
    get: (pathAndQuery: string, init?: { headers?: Record<string, string> }) => call('GET', pathAndQuery, init),
    post: (pathAndQuery: string, body: unknown, init?: { headers?: Record<string, string> }) =>
      call('POST', pathAndQuery, { ...init, body }),
  } as unknown as TestApi;
}

/** Signs the customer in at `url` and reads what she would: her account, points, orders, reviews, and the pictures shown to her. */
async function customerView(url: string) {
  const shop = overHttp(url);
  const signedIn = await shop.post('/login/pwdLogin', {
    email: customer.email,
    password: encodePassword(customer.password),
  });
  expect(signedIn.body.code, JSON.stringify(signedIn.body)).toBe(1);
  const headers = cookieFor(sessionTokenOf(signedIn)!);
  const read = async <T>(pathAndQuery: string) => (await shop.get(pathAndQuery, { headers })).body.data as T;
  const user = await read<{ email: string; headPicture: string }>('/login/getUserInfo');
  const products = await read<ProductPage>('/goods/queryProductList?pageSize=48');
  const pictureUrls = [
    user.headPicture,
    ...products.list.flatMap((product) => (product.picture ? [product.picture.url] : [])),
  ];
  const pictures = await Promise.all(
    pictureUrls.map(async (pictureUrl) => {
      const response = await fetch(new URL(pictureUrl, url));
      return `${pictureUrl} ${response.status} ${createHash('sha256')
        .update(Buffer.from(await response.arrayBuffer()))
        .digest('hex')}`;
    }),
  );
  return {
    user,
    energy: await read('/energy/getMyEnergy'),
    orders: await read('/order/queryOrderList'),
    reviews: await read('/reviews/mine'),
    products: products.total,
    pictures,
  };
}

/** New ids continue after the restored ones: a new customer and her order get ids never used. */
async function expectNewIdsAfterRestore(url: string) {
  const shop = overHttp(url);
  const newcomer = await signUp(shop, { email: `newcomer.${Date.now()}@example.com` });
  expect(Number(newcomer.user.userId)).toBeGreaterThan(Number(customer.user.userId));
  const order = await placeOrder(shop, newcomer, [{ goodsSpecificationId: sage, goodsQuantity: 1 }]);
  expect(order.orderId).toBeGreaterThan(firstOrderId);
}

beforeAll(async () => {
  work = await aFolder('files');
  // The demo catalogue's data folder, with a customer who bought, paid, received, reviewed and collected points.
  const demo = await copyOfDemoData();
  folders.push(demo.dataDir);
  const database = await openDatabase({
    dataDir: path.join(demo.dataDir, 'db'),
    owner: { kind: 'task', name: 'test data' },
  });
  const api = await createTestApi({
    seed: false,
    on: { dataDir: demo.dataDir, database },
    env: { RATE_LIMIT_PER_IP: '1000' },
  });
  try {
    customer = await signUp(api, { firstName: 'Aisyah', lastName: 'Rahman' });
    expect((await uploadHeadPicture(api, customer.headers, await testPicture('#336699'))).status).toBe(200);
    const pebble = (await api.get<ProductPage>('/goods/queryProductList?pageSize=48')).body.data.list.find(
      (product) => product.goodsName === 'Pebble Personal Massager',
    )!;
    const details = (await api.get<ProductDetails>(`/goods/getProductDetails?goodsId=${pebble.goodsId}`)).body.data;
    sage = details.specifications.find(
      (specification) => specification.specificationName === 'Sage',
    )!.goodsSpecificationId;
    const received = await anOrder(api, customer, [{ goodsSpecificationId: sage, goodsQuantity: 2 }], { paid: true });
    firstOrderId = received.orderId;
    await shipOrder(api.operator, received.orderNo, { carrier: 'DHL', trackingNumber: 'JD0001' });
    await markSignedFor(api.db, received.orderNo);
    const review = await api.post(
      '/reviews/write',
      {
        orderId: received.orderId,
        goodsSpecificationId: sage,
        rating: 5,
        content: 'Quiet, soft and it came in a plain box.',
      },
      { headers: customer.headers },
    );
    expect(review.body.code, JSON.stringify(review.body)).toBe(1);
    await anOrder(api, customer, [{ goodsSpecificationId: sage, goodsQuantity: 1 }]);
    await grantPoints(api, customer, 700);
  } finally {
    await api.close();
  }
  source = { dataDir: demo.dataDir, shop: await startShop({ DATA_DIR: demo.dataDir }) };
  seen = await customerView(source.shop.url);
  expect(seen.orders).toMatchObject({ total: 2 });
  expect(seen.reviews).toHaveLength(1);
  expect(seen.pictures.length).toBeGreaterThan(10);
  expect(seen.pictures.every((picture) => picture.includes(' 200 '))).toBe(true);
}, 240_000);

describe('backups you can restore', () => {
  it('backs up the embedded database while its shop serves, and the backup restored into an empty folder starts as the same shop', async () => {
    const file = path.join(work, 'embedded.tar.gz');
    const servedMeanwhile = fetch(`${source.shop.url}/api/v1/goods/queryProductList`).then(
      (response) => response.status,
    );
    const backup = await runScript('shop', ['backup', '--to', file], { DATA_DIR: source.dataDir });
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`Backed up to ${file}`);
    expect(backup.stdout).toMatch(/1 customers, 2 orders, \d+ energy records, \d+ reviews, 26 products/);
    expect(await servedMeanwhile).toBe(200);
    // Only the user who runs the shop can read it: it holds customers' data.
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const target = await aFolder('restored');
    const restore = await runScript('shop', ['restore', '--from', file], { DATA_DIR: target });
    expect(restore.code, restore.stderr).toBe(0);
    const restored = await startShop({ DATA_DIR: target });
    expect(await customerView(restored.url)).toEqual(seen);
    await expectNewIdsAfterRestore(restored.url);
  }, 240_000);

  it('refuses to restore into a data folder that holds a shop, and changes nothing', async () => {
    const file = path.join(work, 'embedded.tar.gz');
    const lockBefore = await readFile(path.join(source.dataDir, 'db.lock'), 'utf8');
    const picturesBefore = await readdir(path.join(source.dataDir, 'storage'), { recursive: true });

    const restore = await runScript('shop', ['restore', '--from', file], { DATA_DIR: source.dataDir });

    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain(
      `Nothing was restored: ${path.join(source.dataDir, 'db')} already holds a database`,
    );
    expect(restore.stderr).not.toMatch(/\n\s+at /);
    expect(await readFile(path.join(source.dataDir, 'db.lock'), 'utf8')).toBe(lockBefore);
    expect(await readdir(path.join(source.dataDir, 'storage'), { recursive: true })).toEqual(picturesBefore);
    expect(await customerView(source.shop.url)).toEqual(seen);
  }, 120_000);

  it('refuses a file cut short, of a newer format, or from a newer version of the shop, before it touches the folder', async () => {
    const file = path.join(work, 'embedded.tar.gz');
    const whole = await readFile(file);
    // The manifest, read as an owner would.
    const manifest = JSON.parse(
      (await promisify(execFile)('tar', ['-xzf', file, '-O', manifestEntry])).stdout,
    ) as BackupManifest;
    const cases: [string, () => Promise<void>, RegExp][] = [
      [
        'cut.tar.gz',
        () => writeFile(path.join(work, 'cut.tar.gz'), whole.subarray(0, Math.floor(whole.length / 2))),
        /is not a backup of this shop, or it is damaged/,
      ],
      [
        'newer-format.tar.gz',
        () => aBackupWith(path.join(work, 'newer-format.tar.gz'), { ...manifest, format: BACKUP_FORMAT + 1 }),
        /newer version of the shop \(backup format 2; this version reads format 1\)/,
      ],
      [
        'newer-shop.tar.gz',
        () =>
          aBackupWith(path.join(work, 'newer-shop.tar.gz'), {
            ...manifest,
            migration: { tag: '0099_from_the_future', when: manifest.migration.when + 1 },
          }),
        /newer version of the shop \(its database is at migration 0099_from_the_future; this version knows up to /,
      ],
    ];
    for (const [name, make, refusal] of cases) {
      await make();
      const target = await aFolder('refused');
      await expect(restoreBackup(loadConfig({ DATA_DIR: target }), path.join(work, name))).rejects.toThrow(refusal);
      expect(await readdir(target)).toEqual([]);
    }
  });

  it.skipIf(!onPostgres)(
    'restores into an empty PostgreSQL database; that shop, backed up while it takes orders, restores into an embedded database',
    async () => {
      const embeddedBackup = path.join(work, 'embedded.tar.gz');
      const database = await createTestDatabaseUrl({ empty: true });
      drops.push(database.drop);
      const postgresDir = await aFolder('postgres');
      const restore = await runScript('shop', ['restore', '--from', embeddedBackup], {
        DATA_DIR: postgresDir,
        DATABASE_URL: database.url,
      });
      expect(restore.code, restore.stderr).toBe(0);
      // Its buyer places up to 60 orders from this machine's one address, past the default limit per address.
      const onPostgresShop = await startShop({
        DATA_DIR: postgresDir,
        DATABASE_URL: database.url,
        RATE_LIMIT_PER_IP: '1000',
        ORDERS_PER_ADDRESS: '1000',
        ORDER_UNITS_PER_ADDRESS: '1000',
      });
      expect(await customerView(onPostgresShop.url)).toEqual(seen);
      await expectNewIdsAfterRestore(onPostgresShop.url);

      // Orders keep coming while the backup reads: it holds each whole, or not at all.
      const buyer = await signUp(overHttp(onPostgresShop.url), { email: `buyer.${Date.now()}@example.com` });
      let backingUp = true;
      const placed: number[] = [];
      const ordering = (async () => {
        while (backingUp && placed.length < 60)
          placed.push(
            (await placeOrder(overHttp(onPostgresShop.url), buyer, [{ goodsSpecificationId: sage, goodsQuantity: 1 }]))
              .orderId,
          );
      })();
      const postgresBackup = path.join(work, 'postgres.tar.gz');
      const backup = await runScript('shop', ['backup', '--to', postgresBackup], {
        DATA_DIR: postgresDir,
        DATABASE_URL: database.url,
      });
      backingUp = false;
      await ordering;
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain('the PostgreSQL database at migration');
      expect(placed.length).toBeGreaterThan(0);

      // The database it came from holds a shop: refused, whatever the folder.
      const refused = await runScript('shop', ['restore', '--from', postgresBackup], {
        DATA_DIR: await aFolder('postgres-refused'),
        DATABASE_URL: database.url,
      });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('Nothing was restored: the database at DATABASE_URL already holds');

      const embeddedDir = await aFolder('embedded-again');
      const again = await runScript('shop', ['restore', '--from', postgresBackup], { DATA_DIR: embeddedDir });
      expect(again.code, again.stderr).toBe(0);
      // Every row went back under its foreign keys; the ledger adds up.
      const ledger = await runScript('shop', ['energy-check'], { DATA_DIR: embeddedDir });
      expect(ledger.code, ledger.stderr).toBe(0);
      // The rate limits' windows came with the backup: this machine's address has ordered 60 times in this one.
      const restored = await startShop({
        DATA_DIR: embeddedDir,
        ORDERS_PER_ADDRESS: '1000',
        ORDER_UNITS_PER_ADDRESS: '1000',
      });
      expect(await customerView(restored.url)).toEqual(seen);
      await expectNewIdsAfterRestore(restored.url);
    },
    240_000,
  );
});

/** A backup holding only `manifest`. */
async function aBackupWith(file: string, manifest: BackupManifest) {
  const writer = backupWriter(createWriteStream(file));
  await writer.add(manifestEntry, Buffer.from(JSON.stringify(manifest)));
  await writer.finish();
}
