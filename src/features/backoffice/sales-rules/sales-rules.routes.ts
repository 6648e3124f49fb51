import { z } from '@hono/zod-openapi';
import { actorOf, requireOperator } from '../operators/operator-auth';
import type { ShopDeps } from '@/server/deps';
import { createRouter, getRoute, jsonRoute, ok } from '@/server/http/router';
import { salesRuleBodySchema, salesRuleIdBodySchema, salesRuleSchema } from '@/features/sales-rules/sales-rules.schema';
import { deleteSalesRule, listSalesRules, saveSalesRule } from '@/features/sales-rules/sales-rules.service';
import { listAgeCheckRegions, saveAgeCheckRegion } from '@/features/sales-rules/age-checks.service';
import { ageCheckRegionBodySchema, ageCheckRegionSchema } from '@/features/sales-rules/sales-rules.schema';

const tag = 'Back office: sales rules';

/** What may be sold where and paid how, for admins, under /api/v1/admin/sales-rules; every change is audited. */
export function salesRulesRoutes(deps: Pick<ShopDeps, 'db' | 'config' | 'logger'>) {
  const guard = { middleware: requireOperator(deps, 'sales-rules.manage') };

  return createRouter()
    .openapi(
      {
        ...getRoute({
          tag,
          path: '/',
          summary: 'Every sales rule',
          query: z.object({}),
          data: z.array(salesRuleSchema),
        }),
        ...guard,
      },
      async (c) => ok(c, await listSalesRules(deps.db)),
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/save',
          summary:
            'Set the rule for a category or product at a region, for sale or for one payment method (-218 naming region for an unknown destination, payMethod for a method that does not exist, goodsId for an unknown product)',
          body: salesRuleBodySchema,
          data: salesRuleSchema,
        }),
        ...guard,
      },
      async (c) => ok(c, await saveSalesRule(deps.db, actorOf(c), c.req.valid('json').rule)),
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/delete',
          summary: 'Remove a sales rule',
          body: salesRuleIdBodySchema,
          data: z.null(),
        }),
        ...guard,
      },
      async (c) => {
        await deleteSalesRule(deps.db, actorOf(c), c.req.valid('json').salesRuleId);
        return ok(c, null);
      },
    )
    .openapi(
      {
        ...getRoute({
          tag,
          path: '/age-checks',
          summary: "The destinations whose orders need a provider's age check",
          query: z.object({}),
          data: z.array(ageCheckRegionSchema),
        }),
        ...guard,
      },
      async (c) => ok(c, await listAgeCheckRegions(deps.db)),
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/age-checks/save',
          summary:
            "Ask a provider's age check before orders to a destination, or (provider null) no longer (-218 naming region or provider)",
          body: ageCheckRegionBodySchema,
          data: ageCheckRegionSchema.nullable(),
        }),
        ...guard,
      },
      async (c) => ok(c, await saveAgeCheckRegion(deps.db, actorOf(c), c.req.valid('json'))),
    );
}
