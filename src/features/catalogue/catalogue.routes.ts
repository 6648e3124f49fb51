import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ShopDeps } from '@/server/deps';
import type { AppEnv } from '@/server/http/context';
import { createRouter, getRoute, ok } from '@/server/http/router';
import {
  commentListQuerySchema,
  commentPageSchema,
  goodsIdQuerySchema,
  newArrivalsQuerySchema,
  publishedProductDetailsSchema,
  productListQuerySchema,
  productOptionSchema,
  productPageSchema,
  productStockQuerySchema,
  productStockSchema,
  productSummarySchema,
  recommendationsQuerySchema,
  specPointsQuerySchema,
  specPointsSchema,
} from './catalogue.schema';
import type { CatalogueReader } from './catalogue-products.service';
import { queryProductList } from './catalogue-search.service';
import * as catalogue from './catalogue.service';

const tag = 'Goods';

export function catalogueRoutes(deps: ShopDeps) {
  const reader = (c: Context<AppEnv>): CatalogueReader => ({
    db: deps.db,
    language: c.get('language'),
    currency: c.get('currency'),
    pictureUrl: deps.storage.url,
  });

  return createRouter()
    .openapi(
      getRoute({
        tag,
        path: '/queryProductList',
        summary: 'Products on sale, by category, sorted and paged',
        query: productListQuerySchema,
        data: productPageSchema,
      }),
      async (c) => ok(c, await queryProductList(reader(c), c.req.valid('query'))),
    )
    .openapi(
      getRoute({
        tag,
        path: '/getProductDetails',
        summary:
          'One product with its pictures and specifications; cached for minutes, so without stock counts (goods/queryProductStock has them live)',
        query: goodsIdQuerySchema,
        data: publishedProductDetailsSchema,
      }),
      async (c) => ok(c, await catalogue.getProductDetails(reader(c), c.req.valid('query').goodsId)),
    )
    .openapi(
      getRoute({
        tag,
        path: '/queryProductStock',
        summary:
          'Live availability of products: on sale, the stock of each size, and with `country` (and `state`) whether each is sold there (-218 naming country or state for a destination the shop does not know)',
        query: productStockQuerySchema,
        data: z.array(productStockSchema),
      }),
      async (c) => {
        const { goodsIds, country, state } = c.req.valid('query');
        return ok(
          c,
          await catalogue.getProductStock(reader(c), goodsIds, country ? { country, state: state ?? '' } : undefined),
        );
      },
    )
    .openapi(
      getRoute({
        tag,
        path: '/recommendations',
        summary: 'You may also like',
        query: recommendationsQuerySchema,
        data: z.array(productSummarySchema),
      }),
      async (c) => {
        const { goodsId, size } = c.req.valid('query');
        return ok(c, await catalogue.getRecommendations(reader(c), goodsId, size));
      },
    )
    .openapi(
      getRoute({
        tag,
        path: '/comment/getProductCommentList',
        summary: "A product's reviews, those in the request language first, each newest first",
        query: commentListQuerySchema,
        data: commentPageSchema,
      }),
      async (c) => ok(c, await catalogue.getProductCommentList(reader(c), c.req.valid('query'))),
    )
    .openapi(
      getRoute({
        tag,
        path: '/newArrivals',
        summary: 'The newest products',
        query: newArrivalsQuerySchema,
        data: z.array(productSummarySchema),
      }),
      async (c) => ok(c, await catalogue.getNewArrivals(reader(c), c.req.valid('query').size)),
    )
    .openapi(
      getRoute({
        tag,
        path: '/getProductOptionList',
        summary: 'Products and sizes that can be gifted with energy points',
        query: z.object({}),
        data: z.array(productOptionSchema),
      }),
      async (c) => ok(c, await catalogue.getProductOptionList(reader(c))),
    )
    .openapi(
      getRoute({
        tag,
        path: '/getProductSpecPoints',
        summary: 'The energy points price of a size',
        query: specPointsQuerySchema,
        data: specPointsSchema,
      }),
      async (c) => ok(c, await catalogue.getProductSpecPoints(reader(c), c.req.valid('query').goodsSpecificationId)),
    );
}
