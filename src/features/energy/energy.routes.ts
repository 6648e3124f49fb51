import { z } from '@hono/zod-openapi';
import { requireUser, signedInOf, signedInRoute } from '@/features/auth/session';
import { orderDetailsSchema } from '@/features/orders/orders.schema';
import { describeOrder, type OrderDeps } from '@/features/orders/orders.service';
import { createRouter, getRoute, jsonRoute, ok } from '@/server/http/router';
import {
  calculateAmountQuerySchema,
  energyRecordListQuerySchema,
  energyRecordPageSchema,
  myEnergySchema,
  rechargeBodySchema,
  rechargePriceSchema,
} from './energy.schema';
import { calculateAmount, createRecharge, getMyEnergy, queryEnergyRecordList } from './energy.service';

const tag = 'Energy';

export function energyRoutes(deps: OrderDeps) {
  const signedIn = requireUser(deps);
  return createRouter()
    .openapi(
      signedInRoute(getRoute({ tag, path: '/getMyEnergy', summary: "The customer's energy points balance", query: z.object({}), data: myEnergySchema }), signedIn),
      async (c) => ok(c, await getMyEnergy(deps.db, signedInOf(c).user.id, deps.config.referenceRates)),
    )
    .openapi(
      signedInRoute(
        getRoute({ tag, path: '/queryEnergyRecordList', summary: "The customer's energy records, newest first, optionally of one type", query: energyRecordListQuerySchema, data: energyRecordPageSchema }),
        signedIn,
      ),
      async (c) => ok(c, await queryEnergyRecordList(deps.db, signedInOf(c).user.id, c.req.valid('query'))),
    )
    .openapi(
      getRoute({ tag, path: '/calculateAmount', summary: 'The price of recharging `points` (100 to 100000, steps of 100) in the request currency', query: calculateAmountQuerySchema, data: rechargePriceSchema }),
      (c) => ok(c, calculateAmount(c.req.valid('query').points, c.get('currency'), deps.config.referenceRates)),
    )
    .openapi(
      signedInRoute(
        jsonRoute({
          method: 'post',
          tag,
          path: '/recharge',
          summary: 'Create a recharge order (status 2) priced in the request currency; pay it with pay/payment and a method other than energy points',
          body: rechargeBodySchema,
          data: orderDetailsSchema,
        }),
        signedIn,
      ),
      async (c) => {
        const order = await createRecharge(deps, signedInOf(c).user, c.req.valid('json'), c.get('currency'));
        return ok(c, await describeOrder(deps.db, order, c.get('language')));
      },
    );
}
