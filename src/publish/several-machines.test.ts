import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inviteOperator, setOperatorPassword } from '@/features/backoffice/operators/operator-auth';
import { seedCartCatalogue } from '@/features/cart/fixtures/cart-catalogue';
import type { ProductPage } from '@/features/catalogue/catalogue.schema';
import { loadConfig } from '@/server/config';
import { openDatabase } from '@/server/db/client';
import { openStorage } from '@/server/storage/open-storage';
import { testPicture, type ApiBody } from '../../tests/support/api';
import { createTestDatabaseUrl } from '../../tests/support/database';
import { startShopProcess, type ShopProcess } from '../../tests/support/processes';
import { startS3Server } from '../../tests/support/s3-server';

/*
 * Several machines of one shop (docs/decisions/084): shops on separate data and page folders, on one
 * PostgreSQL database and one S3-compatible bucket (s3rver). A publish on one is served by the others
 * within seconds without their rendering it, and a shop started later serves the current release at
 * once. It needs PostgreSQL, so it runs in the PostgreSQL pass of the suite (TEST_DATABASE_URL).
 */

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));
const aFolder = async (name: string) => {
  const folder = await mkdtemp(path.join(os.tmpdir(), `shop-machines-${name}-`));
  folders.push(folder);
  return folder;
};

const PASSWORD = 'correct horse battery';
const SLUG = 'moonlit-silk-every-machine';
const NAME = 'Moonlit Silk On Every Machine';

/** The text of a page as a shopper in English and US dollars gets it, or its status when it is not 200. */
async function pageOf(shop: ShopProcess, page: string) {
  const response = await fetch(new URL(page, shop.url), { headers: { Cookie: 'site=en-usd' } });
  return response.status === 200 ? await response.text() : `status ${response.status}`;
}
/** The home page's new arrivals, as text. */
const newArrivals = async (shop: ShopProcess) =>
  /aria-labelledby="new-arrivals"[\s\S]*?<\/section>/.exec(await pageOf(shop, '/'))?.[0].replace(/<[^>]+>/g, ' ') ?? '';

describe('several machines on one database and one bucket', () => {
  const postgres = process.env.TEST_DATABASE_URL;
  it.runIf(postgres)(
    "serve a product published on one machine from every machine within seconds, and from a machine started afterwards at once, none rendering another's publish",
    async () => {
      const database = await createTestDatabaseUrl();
      const s3 = await startS3Server('shop-machines');
      const shops: ShopProcess[] = [];
      try {
        const machine = async (name: string) => {
          const pages = await aFolder(`${name}-pages`);
          const shop = await startShopProcess(
            { DATABASE_URL: database.url, DATA_DIR: await aFolder(name), PASSWORD_HASH_COST: '12', ...s3.env },
            ['--pages', pages],
          );
          shops.push(shop);
          return { shop, pages };
        };
        // A small catalogue, its pictures in the bucket, and an editor.
        const config = loadConfig({ DATA_DIR: await aFolder('seed'), PASSWORD_HASH_COST: '12', ...s3.env });
        const opened = await openDatabase({ databaseUrl: database.url, dataDir: null });
        const storage = await openStorage(config.storage);
        await seedCartCatalogue({ db: opened.db, storage }, () => testPicture());
        const { link } = await inviteOperator(
          opened.db,
          { email: 'editor@shop.example', role: 'editor' },
          config.publicOrigin,
        );
        await setOperatorPassword(opened.db, config, new URL(link).searchParams.get('invite')!, PASSWORD);
        await storage.close();
        await opened.close();

        const first = await machine('first');
        const api = async <T>(method: string, apiPath: string, body?: unknown, cookie = '') => {
          const response = await fetch(new URL(`/api/v1${apiPath}`, first.shop.url), {
            method,
            headers: { 'Content-Type': 'application/json', Origin: first.shop.url, Cookie: cookie },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
          return {
            body: (await response.json()) as ApiBody<T>,
            cookie: /operator=([^;]+)/.exec(response.headers.get('Set-Cookie') ?? '')?.[0] ?? '',
          };
        };
        const { cookie } = await api('POST', '/admin/auth/signIn', {
          email: 'editor@shop.example',
          password: PASSWORD,
        });
        expect(cookie).not.toBe('');
        const publish = async () => {
          expect((await api('POST', '/admin/publish', {}, cookie)).body.code).toBe(1);
          for (;;) {
            const status = (
              await api<{ state: string; error?: string }>('GET', '/admin/publish/status', undefined, cookie)
            ).body.data;
            if (status.state !== 'running') return status;
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
        };
        // The first publish renders every page, on the first machine.
        expect((await publish()).state).toBe('finished');
        const second = await machine('second');
        expect(await pageOf(second.shop, '/sign')).not.toMatch(/^status/);

        // The editor creates a new arrival on the first machine and publishes it there.
        const exported = await api<{ products: Record<string, unknown>[] }>(
          'GET',
          '/admin/catalogue/export',
          undefined,
          cookie,
        );
        const template = exported.body.data.products[0]!;
        const product = {
          ...template,
          slug: SLUG,
          arrivedDaysAgo: 0,
          name: { EN: NAME, ZH: '月光丝', MS: 'Sutera Bulan' },
          specifications: (template.specifications as Record<string, unknown>[]).map((specification, index) => ({
            ...specification,
            sku: `${SLUG}-${index}`,
          })),
        };
        expect((await api('POST', '/admin/catalogue/product/create', { product }, cookie)).body.code).toBe(1);
        const published = await publish();
        expect(published.state).toBe('finished');
        const publishedAt = Date.now();
        const [created] = (await api<ProductPage>('GET', `/goods/queryProductList?q=${encodeURIComponent(NAME)}`)).body
          .data.list;
        const details = `/productsList/details?id=${created!.goodsId}`;
        expect(await pageOf(first.shop, details)).toContain(NAME);

        // The second machine serves it within ten seconds; the new arrivals show it on both.
        await expect.poll(() => pageOf(second.shop, details), { timeout: 10_000, interval: 100 }).toContain(NAME);
        expect(Date.now() - publishedAt).toBeLessThan(10_000);
        expect(await newArrivals(first.shop)).toContain(NAME);
        expect(await newArrivals(second.shop)).toContain(NAME);

        // A third machine started afterwards serves it from its start.
        const third = await machine('third');
        expect(await pageOf(third.shop, details)).toContain(NAME);
        expect(await newArrivals(third.shop)).toContain(NAME);
        // Only the first machine rendered: the others have no page renderer.
        expect(existsSync(path.join(first.pages, 'renderers'))).toBe(true);
        expect(existsSync(path.join(second.pages, 'renderers'))).toBe(false);
        expect(existsSync(path.join(third.pages, 'renderers'))).toBe(false);
      } finally {
        await Promise.all(shops.map((shop) => shop.stop()));
        await s3.close();
        await database.drop();
      }
    },
    300_000,
  );
});
