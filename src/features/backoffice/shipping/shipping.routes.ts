import { z } from '@hono/zod-openapi';
import { actorOf, requireOperator } from '../operators/operator-auth';
import type { ShopDeps } from '@/server/deps';
import { createRouter, getRoute, jsonRoute, ok } from '@/server/http/router';
import {
  shippingSetupSchema,
  shippingZoneBodySchema,
  shippingZoneIdBodySchema,
  shippingZoneSchema,
  taxDestinationBodySchema,
  taxRateBodySchema,
  taxRateSchema,
} from '@/features/shipping/shipping.schema';
import {
  deleteShippingZone,
  deleteTaxRate,
  saveShippingZone,
  saveTaxRate,
  shippingSetup,
} from '@/features/shipping/shipping.service';

const tag = 'Back office: shipping and tax';

/** Shipping zones, their methods and tax rates, for admins, under /api/v1/admin/shipping; every change is audited. */
export function shippingRoutes(deps: Pick<ShopDeps, 'db' | 'config' | 'logger'>) {
  const guard = { middleware: requireOperator(deps, 'shipping.manage') };

  return createRouter()
    .openapi(
      {
        ...getRoute({
          tag,
          path: '/',
          summary: 'Every shipping zone with its methods, and every tax rate',
          query: z.object({}),
          data: shippingSetupSchema,
        }),
        ...guard,
      },
      async (c) => ok(c, await shippingSetup(deps.db)),
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/zone/save',
          summary:
            'Create or change a zone and its methods (-218 naming regions for a region another zone serves, methods for a method of another zone)',
          body: shippingZoneBodySchema,
          data: shippingZoneSchema,
        }),
        ...guard,
      },
      async (c) => ok(c, await saveShippingZone(deps.db, actorOf(c), c.req.valid('json').zone)),
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/zone/delete',
          summary: 'Delete a zone and its methods (placed orders keep theirs)',
          body: shippingZoneIdBodySchema,
          data: z.null(),
        }),
        ...guard,
      },
      async (c) => {
        await deleteShippingZone(deps.db, actorOf(c), c.req.valid('json').shippingZoneId);
        return ok(c, null);
      },
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/tax/save',
          summary:
            "Set a country's or a state's tax rate (-218 naming country or state for a destination the shop does not know)",
          body: taxRateBodySchema,
          data: taxRateSchema,
        }),
        ...guard,
      },
      async (c) => ok(c, await saveTaxRate(deps.db, actorOf(c), c.req.valid('json').taxRate)),
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/tax/delete',
          summary: "Remove a country's or a state's tax rate",
          body: taxDestinationBodySchema,
          data: z.null(),
        }),
        ...guard,
      },
      async (c) => {
        await deleteTaxRate(deps.db, actorOf(c), c.req.valid('json'));
        return ok(c, null);
      },
    );
}
