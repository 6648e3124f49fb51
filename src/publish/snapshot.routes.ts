import { z } from '@hono/zod-openapi';
import { catalogueSnapshotSchema } from '@/features/catalogue/catalogue.schema';
import type { ShopDeps } from '@/server/deps';
import { createRouter, getRoute, ok } from '@/server/http/router';
import { takeCatalogueSnapshot } from './take-snapshot';

/** `GET /api/v1/goods/catalogueSnapshot`: the snapshot a build of the pages on its own (`astro build` on a CDN) reads. */
export function snapshotRoutes(deps: Pick<ShopDeps, 'db' | 'storage' | 'config'>) {
  return createRouter().openapi(
    getRoute({
      tag: 'Goods',
      path: '/catalogueSnapshot',
      summary:
        'Everything the prebuilt pages show, in all languages and currencies, at one moment (what a page build reads)',
      query: z.object({}),
      data: catalogueSnapshotSchema,
    }),
    async (c) =>
      ok(
        c,
        await takeCatalogueSnapshot(deps.db, {
          pictureUrl: deps.storage.url,
          testMode: deps.config.payment.provider === 'test',
        }),
      ),
  );
}
