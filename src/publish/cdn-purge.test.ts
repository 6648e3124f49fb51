import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ProductPage } from '@/features/catalogue/catalogue.schema';
import { createLogger } from '@/server/logger';
import { CdnPurgeError } from '@/server/cdn/netlify-cache';
import { createTestApi, type TestApi } from '../../tests/support/api';
import { startNetlifyStandIn } from '../../tests/support/netlify-stand-in';
import { servePages } from './serve-pages';
import { openReleaseSharing } from './release-sharing';
import { endWarmRenderers } from './render-pages';
import { publishingSettled, publishSite, type PublishOptions } from './publish';

/*
 * Netlify's CDN in front of the shop (docs/decisions/085), through the local stand-in of its CDN and
 * purge API: a publish purges the tags of the pages it changed, and only those; the CDN then answers
 * the new page, and still answers the other pages from its cache. The stand-in's refusals (a wrong
 * token, an unknown site, a bad body) are what Netlify's API answers, and a refused purge fails the publish.
 */

const SITE_ID = 'c5b7e0f4-shop-site';
const TOKEN = 'nfp_test_purge_token';

let shop: TestApi;
let origin: ServerType;
let cdn: Awaited<ReturnType<typeof startNetlifyStandIn>>;
let root: string;
let options: PublishOptions;
beforeAll(async () => {
  shop = await createTestApi();
  root = await mkdtemp(path.join(os.tmpdir(), 'shop-cdn-'));
  const cdnSettings = { siteId: SITE_ID, token: TOKEN, apiUrl: 'http://127.0.0.1:1' };
  servePages(shop.app, root, { ...shop.config, cdn: cdnSettings });
  origin = await new Promise((resolve) => {
    const started = serve({ fetch: shop.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(started));
  });
  const address = origin.address();
  const originUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  cdn = await startNetlifyStandIn({ origin: originUrl, siteId: SITE_ID, token: TOKEN });
  cdnSettings.apiUrl = cdn.apiUrl;
  options = {
    db: shop.db,
    storage: shop.storage,
    testMode: true,
    apiOrigin: originUrl,
    publicOrigin: cdn.url,
    root,
    quiet: true,
  };
}, 120_000);
afterAll(async () => {
  await publishingSettled();
  await endWarmRenderers();
  await cdn.close();
  await new Promise((resolve) => origin.close(resolve));
  await shop.close();
  await rm(root, { recursive: true, force: true });
});

const sharing = (token = TOKEN) =>
  openReleaseSharing({
    database: { db: shop.db, exclusively: (_name, work) => work(), listen: shop.listen },
    bucket: null,
    cdn: { siteId: SITE_ID, token, apiUrl: cdn.apiUrl },
    root,
    logger: createLogger('silent'),
  });
const throughCdn = async (page: string) => {
  const response = await fetch(new URL(page, cdn.url), { headers: { Cookie: 'site=en-usd' } });
  return {
    status: response.status,
    cache: response.headers.get('Cache-Status'),
    text: (await response.text()).replace(/<[^>]+>/g, ' '),
    cdnHeader: response.headers.get('Netlify-CDN-Cache-Control'),
  };
};

it('purges only the pages a publish changed: the CDN answers the new price, and the other pages from its cache', async () => {
  const publisher = sharing();
  await publisher.publish(() => publishSite({ ...options, full: true }));
  const [product] = (await shop.get<ProductPage>('/goods/queryProductList?pageSize=1')).body.data.list;
  const details = `/productsList/details?id=${product!.goodsId}`;
  const sign = '/sign';

  expect((await throughCdn(details)).cache).toContain('fwd=miss');
  const cached = await throughCdn(details);
  expect(cached.cache).toContain('hit');
  expect(cached.text).not.toContain('4,321.00');
  // The CDN's own headers stay at the CDN.
  expect(cached.cdnHeader).toBeNull();
  expect((await throughCdn(sign)).status).toBe(200);
  expect((await throughCdn(sign)).cache).toContain('hit');
  const purgesBefore = cdn.purges.length;

  await shop.db.execute(
    `update specification_prices set unit_price = 432100, original_price = null where currency = 'USD' and specification_id in (select id from specifications where goods_id = ${product!.goodsId})`,
  );
  const published = await publisher.publish(() => publishSite(options));
  expect(published.full).toBe(false);

  // A purge naming the changed pages only: the product's US-dollar details page among them, not the sign-in page.
  const sent = cdn.purges.slice(purgesBefore).flatMap((purge) => purge.cache_tags ?? ['(everything)']);
  expect(sent).toContain(`page:/en-usd/productsList/details/${product!.goodsId}`);
  expect(sent).not.toContain('page:/en-usd/sign');
  expect(sent.length).toBeLessThan(published.pages / 3);
  expect(sent).not.toContain('(everything)');
  // Pages rendered again with the same bytes are not purged.
  expect(sent.length).toBeLessThanOrEqual(published.rendered);

  const fresh = await throughCdn(details);
  expect(fresh.cache).toContain('fwd=miss');
  expect(fresh.text).toContain('4,321.00');
  expect((await throughCdn(sign)).cache).toContain('hit');
  await publisher.close();
}, 240_000);

it('answers as Netlify does: 401 for a wrong token, 404 for an unknown site, 400 for a bad body; a refused purge fails the publish', async () => {
  const purge = (body: string, token = TOKEN) =>
    fetch(`${cdn.apiUrl}/api/v1/purge`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body,
    });
  expect((await purge(JSON.stringify({ site_id: SITE_ID, cache_tags: ['page:/en-usd'] }), 'wrong')).status).toBe(401);
  expect((await purge(JSON.stringify({ site_id: 'another-site', cache_tags: ['page:/en-usd'] }))).status).toBe(404);
  expect((await purge(JSON.stringify({ cache_tags: ['page:/en-usd'] }))).status).toBe(400);
  expect((await purge(JSON.stringify({ site_id: SITE_ID, cache_tags: 'page:/en-usd' }))).status).toBe(400);
  expect((await purge('{not json')).status).toBe(400);
  expect((await purge(JSON.stringify({ site_id: SITE_ID, cache_tags: ['page:/en-usd'] }))).status).toBe(202);

  const [product] = (await shop.get<ProductPage>('/goods/queryProductList?pageSize=1')).body.data.list;
  await throughCdn(`/productsList/details?id=${product!.goodsId}`);
  await shop.db.execute(
    `update specification_prices set unit_price = 123400 where currency = 'USD' and specification_id in (select id from specifications where goods_id = ${product!.goodsId})`,
  );
  const revoked = sharing('a-revoked-token');
  await expect(revoked.publish(() => publishSite(options))).rejects.toMatchObject({
    name: CdnPurgeError.name,
    status: 401,
  });
  await revoked.close();
  // The pages were switched; the CDN still has the old one until a purge that goes through names it, which the next publish does.
  expect((await throughCdn(`/productsList/details?id=${product!.goodsId}`)).text).not.toContain('1,234.00');
  const purgesBefore = cdn.purges.length;
  const publisher = sharing();
  await publisher.publish(() => publishSite(options));
  await publisher.close();
  expect(cdn.purges.length).toBeGreaterThan(purgesBefore);
  expect((await throughCdn(`/productsList/details?id=${product!.goodsId}`)).text).toContain('1,234.00');
}, 240_000);
