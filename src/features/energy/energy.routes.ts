import { z } from '@hono/zod-openapi';
import { requireUser, signedInOf, signedInRoute } from '@/features/auth/session';
import type { ShopDeps } from '@/server/deps';
import { createRouter, getRoute, ok } from '@/server/http/router';
import {
  calculateAmountQuerySchema,
  energyRecordListQuerySchema,
  energyRecordPageSchema,
  myEnergySchema,
  rechargePriceSchema,
} from './energy.schema';
import { calculateAmount, getMyEnergy, queryEnergyRecordList } from './energy.service';

const tag = 'Energy';

/** The customer's energy under /energy; buying a recharge is checkout's (checkout.routes.ts). */
export function energyRoutes(deps: Pick<ShopDeps, 'db' | 'config'>) {
  const signedIn = requireUser(deps);
  return createRouter()
    .openapi(
      signedInRoute(
        getRoute({
          tag,
          path: '/getMyEnergy',
          summary: "The customer's energy points balance",
          query: z.object({}),
          data: myEnergySchema,
        }),
        signedIn,
      ),
      async (c) => ok(c, await getMyEnergy(deps.db, signedInOf(c).user.id, deps.config.referenceRates)),
    )
    .openapi(
      signedInRoute(
        getRoute({
          tag,
          path: '/queryEnergyRecordList',
          summary: "The customer's energy records, newest first, optionally of one type",
          query: energyRecordListQuerySchema,
          data: energyRecordPageSchema,
        }),
        signedIn,
      ),
      async (c) => ok(c, await queryEnergyRecordList(deps.db, signedInOf(c).user.id, c.req.valid('query'))),
    )
    .openapi(
      getRoute({
        tag,
        path: '/calculateAmount',
        summary: 'The price of recharging `points` (100 to 100000, steps of 100) in the request currency',
        query: calculateAmountQuerySchema,
        data: rechargePriceSchema,
      }),
      (c) => ok(c, calculateAmount(c.req.valid('query').points, c.get('currency'), deps.config.referenceRates)),
    );
}
