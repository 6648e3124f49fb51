import type { ShopDeps } from '@/server/deps';
import { createRouter, getRoute, jsonRoute, ok } from '@/server/http/router';
import { catalogueQuerySchema } from '../catalogue/catalogue.schema';
import { actorOf, requireOperator } from '../operators/operator-auth';
import type { Permission } from '../operators/operators';
import { changeSetSchema, gridBulkBodySchema, gridPageSchema, gridSaveBodySchema } from './price-grid.schema';
import { applyBulkAction, readGrid, saveGridEdits } from './price-grid.service';

const tag = 'Back office: catalogue';

/** The prices and stock grid under /api/v1/admin/catalogue/grid: read for editors, change sets audited. */
export function priceGridRoutes(deps: ShopDeps) {
  const guard = (permission: Permission) => ({ middleware: requireOperator(deps, permission) });
  return createRouter()
    .openapi(
      {
        ...getRoute({
          tag,
          path: '/grid',
          summary: 'Prices and stock of every size × currency of a page of products, for the product list filters',
          query: catalogueQuerySchema,
          data: gridPageSchema,
        }),
        ...guard('catalogue.read'),
      },
      async (c) => ok(c, await readGrid(deps.db, c.req.valid('query'))),
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/grid/save',
          summary: 'Apply edited grid cells as one change set: all or none (audited)',
          body: gridSaveBodySchema,
          data: changeSetSchema,
        }),
        ...guard('catalogue.write'),
      },
      async (c) => ok(c, await saveGridEdits(deps.db, actorOf(c), c.req.valid('json').edits)),
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/grid/bulk',
          summary: 'Preview or apply a bulk price, sale or category change on selected sizes (audited)',
          body: gridBulkBodySchema,
          data: changeSetSchema,
        }),
        ...guard('catalogue.write'),
      },
      async (c) => ok(c, await applyBulkAction(deps.db, actorOf(c), c.req.valid('json'))),
    );
}
