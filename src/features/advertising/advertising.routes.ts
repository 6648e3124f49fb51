import type { Context } from 'hono';
import type { ShopDeps } from '@/server/deps';
import type { AppEnv } from '@/server/http/context';
import { createRouter, getRoute, jsonRoute, ok } from '@/server/http/router';
import { z } from '@hono/zod-openapi';
import {
  advertListQuerySchema,
  advertPositionsBodySchema,
  advertQuerySchema,
  advertSchema,
  advertsByPositionSchema,
} from './advertising.schema';
import * as advertising from './advertising.service';

const tag = 'Adverts';

export function advertisingRoutes(deps: ShopDeps) {
  const reader = (c: Context<AppEnv>) => ({ db: deps.db, language: c.get('language'), pictureUrl: deps.storage.url });
  return createRouter()
    .openapi(
      getRoute({
        tag,
        path: '/getAdvertisingList',
        summary: 'The adverts of one position',
        query: advertListQuerySchema,
        data: z.array(advertSchema),
      }),
      async (c) => ok(c, await advertising.getAdvertisingList(reader(c), c.req.valid('query').position)),
    )
    .openapi(
      getRoute({ tag, path: '/getAdvertising', summary: 'One advert', query: advertQuerySchema, data: advertSchema }),
      async (c) => ok(c, await advertising.getAdvertising(reader(c), c.req.valid('query').advertisingId)),
    )
    .openapi(
      jsonRoute({
        method: 'post',
        tag,
        path: '/batchGetAdvertisingPosition',
        summary: 'The adverts of several positions',
        body: advertPositionsBodySchema,
        data: advertsByPositionSchema,
      }),
      async (c) => ok(c, await advertising.batchGetAdvertisingPosition(reader(c), c.req.valid('json').positions)),
    );
}
