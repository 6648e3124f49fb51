import { fork } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, readlink, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { uploadPicture } from '@/features/backoffice/catalogue/catalogue-pictures.service';
import { saveProduct } from '@/features/backoffice/catalogue/product-editing.service';
import { exportProducts } from '@/features/backoffice/catalogue/product-export.service';
import type { ProductPage } from '@/features/catalogue/catalogue.schema';
import { allVariants, variantSlug } from '@/edge/rewrite';
import { createTestApi, type TestApi } from '../../tests/support/api';
import { createTestDatabaseUrl } from '../../tests/support/database';
import type { PublishChildJob } from '../../tests/support/publish-child';
import { servePages } from './serve-pages';
import { endWarmRenderers } from './render-pages';
import { publishingSettled, publishSite, type PublishOptions } from './publish';

/*
 * Publishing: one full build; a price change that rewrites only the pages showing it; a new product
 * with a picture just uploaded on its details, list and home pages in all nine variants, its picture
 * in the sizes stored at upload and none made by the publish; then a failed publish and a publishing
 * process killed half-way.
 */

let shop: TestApi;
let server: ServerType;
let root: string;
let options: PublishOptions;
beforeAll(async () => {
  shop = await createTestApi();
  root = await mkdtemp(path.join(os.tmpdir(), 'shop-publish-'));
  server = await new Promise((resolve) => {
    const started = serve({ fetch: shop.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(started));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  options = {
    db: shop.db,
    storage: shop.storage,
    testMode: true,
    apiOrigin: `http://127.0.0.1:${port}`,
    publicOrigin: `http://127.0.0.1:${port}`,
    root,
    quiet: true,
  };
}, 120_000);
afterAll(async () => {
  await publishingSettled();
  await endWarmRenderers();
  await new Promise((resolve) => server.close(resolve));
  await shop.close();
  await rm(root, { recursive: true, force: true });
});

const site = () => {
  const app = new Hono();
  servePages(app, root, shop.config);
  return app;
};
const pageText = async (url: string, variant?: string) =>
  (await (await site().request(url, variant ? { headers: { Cookie: `site=${variant}` } } : {})).text()).replace(
    /<[^>]+>/g,
    ' ',
  );
/** The file a page of the served release is, by inode: a page a publish did not rewrite keeps its file. */
const fileOf = async (page: string) => (await stat(path.join(root, 'current', page))).ino;
/** The picture files of a folder, by path within it. */
const picturesIn = async (folder: string) =>
  (await readdir(folder, { recursive: true })).filter((file) => /\.(webp|avif|png|jpe?g|gif)$/.test(file)).sort();

it('publishes every page, then only the pages a price change shows on, then a new product in all nine variants, and keeps the last good pages when a publish fails', async () => {
  const full = await publishSite({ ...options, full: true });
  expect(full.pages).toBeGreaterThan(200);
  expect(full.rendered).toBe(full.pages);
  // After the switch the publish makes the next one's spare: a folder of links to the pages just served.
  await publishingSettled();
  const spares = path.join(root, 'spares');
  expect(await readdir(spares)).toEqual([path.basename(full.release)]);

  const [product] = (await shop.get<ProductPage>('/goods/queryProductList?pageSize=1')).body.data.list;
  if (!product) throw new Error('the demo shop has products');
  const details = `/productsList/details?id=${product.goodsId}`;
  expect(await pageText(details)).toContain(product.goodsName);
  expect(await pageText(details)).not.toContain('4,321.00');

  await shop.db.execute(
    `update specification_prices set unit_price = 432100, original_price = null where currency = 'USD' and specification_id in (select id from specifications where goods_id = ${product.goodsId})`,
  );
  const firstRelease = await readlink(path.join(root, 'current'));
  const untouched = [
    'en-usd/sign.html',
    `zh-myr/productsList/details/${product.goodsId}.html`,
    'ms-cny/productsList/category/health.html',
  ];
  const before = await Promise.all([...untouched, `en-usd/productsList/details/${product.goodsId}.html`].map(fileOf));
  const progress: { done: number; total: number }[] = [];
  const update = await publishSite({ ...options, onProgress: (now) => progress.push(now) });
  expect(update.pages).toBe(full.pages);
  // It took the spare as its new release (no link worker ran), and left one for the next publish.
  expect(update.linkSeconds).toBe(0);
  await publishingSettled();
  expect(await readdir(spares)).toEqual([path.basename(update.release)]);
  // Progress counts every page as it is written or copied, of the pages the last publish held.
  expect(progress.length).toBeGreaterThan(1);
  expect(progress.at(-1)).toEqual({ done: update.pages, total: full.pages });
  // Its details page in the three US-dollar variants, and lists, home sections and recommendations in those variants.
  expect(update.rendered).toBeGreaterThanOrEqual(3);
  expect(update.rendered).toBeLessThan(full.pages / 3);
  expect(await pageText(details)).toContain('4,321.00');
  expect(await readlink(path.join(root, 'current'))).not.toBe(firstRelease);
  // Pages that do not show the US-dollar price are the last release's files, not written again; the changed one is new.
  const after = await Promise.all([...untouched, `en-usd/productsList/details/${product.goodsId}.html`].map(fileOf));
  expect(after.slice(0, -1)).toEqual(before.slice(0, -1));
  expect(after.at(-1)).not.toBe(before.at(-1));
  // The release served before still shows the old price: the new page replaced its link, it was not written through it.
  const earlierPage = await readFile(
    path.join(root, firstRelease, `en-usd/productsList/details/${product.goodsId}.html`),
    'utf8',
  );
  expect(earlierPage).toContain(product.goodsName);
  expect(earlierPage).not.toContain('4,321.00');

  // A new arrival, best selling, with a picture just uploaded: stored with its sizes at once.
  const uploaded = await uploadPicture(
    shop,
    await sharp({ create: { width: 900, height: 900, channels: 3, background: '#3a2a5c' } })
      .png()
      .toBuffer(),
  );
  const sizes = ['240x240', '480x480', '360x360', '720x720', '72x72'].map((box) =>
    uploaded.url.replace(/\.webp$/, `.${box}.webp`),
  );
  for (const size of sizes) expect((await shop.app.request(size)).headers.get('Content-Type'), size).toBe('image/webp');
  // Its details pages, the first list page and the home page's new arrivals, in every variant.
  const [template] = await exportProducts(shop.db, [(await exportProducts(shop.db))[0]!.slug]);
  const newcomer = {
    ...template!,
    pictures: [uploaded.reference, ...template!.pictures],
    slug: 'moonlit-silk-newcomer',
    arrivedDaysAgo: 0,
    soldCount: 100_000,
    name: { EN: 'Moonlit Silk Newcomer', ZH: '月光丝新品', MS: 'Sutera Bulan Baharu' },
    specifications: template!.specifications.map((spec, index) => ({ ...spec, sku: `moonlit-newcomer-${index}` })),
  };
  await saveProduct({ db: shop.db, storage: shop.storage }, 'cli', newcomer, 'create');
  const published = await publishSite(options);
  expect(published.full).toBe(false);
  expect(published.pages).toBe(update.pages + 9);
  expect(published.rendered).toBeLessThan(published.pages / 3);
  const [created] = (await shop.get<ProductPage>('/goods/queryProductList?pageSize=1')).body.data.list;
  expect(created?.goodsName).toBe('Moonlit Silk Newcomer');
  const names = { EN: 'Moonlit Silk Newcomer', ZH: '月光丝新品', MS: 'Sutera Bulan Baharu' };
  for (const variant of allVariants) {
    const name = names[variant.language];
    const slug = variantSlug(variant);
    expect(await pageText(`/productsList/details?id=${created!.goodsId}`, slug), slug).toContain(name);
    expect(await pageText('/productsList', slug), slug).toContain(name);
    expect(await pageText('/', slug), slug).toContain(name);
  }
  expect(await fileOf('en-usd/sign.html')).toBe(before[0]);
  // The releases before the one before are gone: the served one and the one before it are kept.
  await publishingSettled();
  expect(
    (await readdir(path.join(root, 'releases'), { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name),
  ).toEqual([update.release, published.release].map((release) => path.basename(release)));

  // Taken off sale: the next publish drops its pages (the list no longer shows it, its details page is not found).
  await shop.db.execute(`update goods set on_sale = false where id = ${created!.goodsId}`);
  const withdrawn = await publishSite(options);
  expect(withdrawn.pages).toBe(update.pages);
  expect(await pageText('/productsList')).not.toContain('Moonlit Silk Newcomer');
  expect((await site().request(`/productsList/details?id=${created!.goodsId}`)).status).toBe(404);
  expect(existsSync(path.join(root, 'current', `en-usd/productsList/details/${created!.goodsId}.html`))).toBe(false);
  await shop.db.execute(`update goods set on_sale = true where id = ${created!.goodsId}`);
  expect((await publishSite(options)).pages).toBe(published.pages);

  // No publish made a picture: the pages show the sizes stored with it, which the shop serves.
  for (const result of [full, update, published]) expect(Object.keys(result.stages)).not.toContain('pictures');
  // The served release holds the shop's own public pictures (icons) and no other; nothing was kept aside either.
  expect(await picturesIn(path.join(root, 'current'))).toEqual(
    await picturesIn(fileURLToPath(new URL('../../public', import.meta.url))),
  );
  expect(existsSync(path.join(root, 'cache'))).toBe(false);
  const newcomerPage = await (await site().request(`/productsList/details?id=${created!.goodsId}`)).text();
  const gallery = /<img[^>]*srcset="([^"]+)"[^>]*>/.exec(newcomerPage.slice(newcomerPage.indexOf('gallery-slides')))!;
  expect(gallery[0]).toContain(`src="${sizes[3]}"`);
  expect(gallery[1]).toBe(`${sizes[2]} 360w, ${sizes[3]} 720w`);
  expect(newcomerPage).toContain(`src="${sizes[4]}"`);
  const list = await (await site().request('/productsList')).text();
  // The card's <img> is React's: its attribute is written `srcSet`, the same attribute to a browser.
  expect(list.toLowerCase()).toContain(`srcset="${sizes[0]} 240w, ${sizes[1]} 480w"`.toLowerCase());

  // A publish that fails (its render worker runs out of memory) leaves the pages of the last publish served.
  const good = await readlink(path.join(root, 'current'));
  await expect(publishSite({ ...options, full: true, render: { workers: 1, heapMb: 8 } })).rejects.toThrow(
    /render worker|memory|rendering the pages failed/,
  );
  expect(await readlink(path.join(root, 'current'))).toBe(good);
  expect(await pageText(details)).toContain('4,321.00');
  expect((await site().request('/productsList')).status).toBe(200);
}, 600_000);

it('leaves the last good release served when the publishing process is killed half-way, and the next publish completes', async () => {
  const good = await readlink(path.join(root, 'current'));
  const database = inject('postgresTemplate') ? await createTestDatabaseUrl() : null;
  const child = fork(fileURLToPath(new URL('../../tests/support/publish-child.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  try {
    const exited = once(child, 'exit');
    const said = new Promise<unknown>((resolve) => child.once('message', resolve));
    child.send({
      root,
      origin: options.publicOrigin,
      ...(database ? { databaseUrl: database.url } : { pgliteDump: inject('pgliteTemplate') }),
    } satisfies PublishChildJob);
    expect(await Promise.race([said, exited.then(() => 'exited before rendering')])).toBe('rendering');
    child.kill('SIGKILL');
    await exited;
  } finally {
    await database?.drop();
  }
  // Killed while writing its pages: a half-written release that is not served.
  expect((await readdir(path.join(root, 'building'), { recursive: true })).some((file) => file.endsWith('.html'))).toBe(
    true,
  );
  expect(await readlink(path.join(root, 'current'))).toBe(good);
  const [product] = (await shop.get<ProductPage>('/goods/queryProductList?pageSize=1')).body.data.list;
  expect(await pageText(`/productsList/details?id=${product!.goodsId}`)).toContain(product!.goodsName);

  // The next publish takes over the dead process's lock, discards its half-written pages and is served.
  const next = await publishSite(options);
  expect(await readlink(path.join(root, 'current'))).not.toBe(good);
  expect(existsSync(path.join(root, 'building'))).toBe(false);
  expect(await pageText(`/productsList/details?id=${product!.goodsId}`)).toContain(product!.goodsName);
  expect(next.pages).toBeGreaterThan(200);
}, 300_000);
