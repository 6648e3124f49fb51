import { z } from '@hono/zod-openapi';
import { recordAudit } from '@/features/audit/audit';
import { checkLedger } from '@/features/energy/energy.ledger';
import type { ShopDeps } from '@/server/deps';
import { createRouter, getRoute, jsonRoute, ok } from '@/server/http/router';
import { actorOf, requireOperator } from '../operators/operator-auth';
import type { Permission } from '../operators/operators';
import {
  customerDetailsSchema,
  customerIdBodySchema,
  customerIdQuerySchema,
  customerPageSchema,
  customerQuerySchema,
  ledgerCheckSchema,
  programmeSchema,
} from './customers.schema';
import { customerDetails, findCustomers, programmeFigures, setCustomerDisabled } from './customers.service';

const tag = 'Back office';

/** Customers (find, read, disable) and the energy programme's figures under /api/v1/admin. */
export function customersRoutes(deps: ShopDeps) {
  const guard = (permission: Permission) => ({ middleware: requireOperator(deps, permission) });
  return createRouter()
    .openapi(
      {
        ...getRoute({
          tag,
          path: '/customers',
          summary: 'Customers by email or name, newest first',
          query: customerQuerySchema,
          data: customerPageSchema,
        }),
        ...guard('customers.read'),
      },
      async (c) => ok(c, await findCustomers(deps.db, c.req.valid('query'))),
    )
    .openapi(
      {
        ...getRoute({
          tag,
          path: '/customers/details',
          summary: 'A customer with orders, energy ledger and friends',
          query: customerIdQuerySchema,
          data: customerDetailsSchema,
        }),
        ...guard('customers.read'),
      },
      async (c) => ok(c, await customerDetails(deps.db, c.req.valid('query').id)),
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/customers/disable',
          summary: 'Disable an account and end its sessions',
          body: customerIdBodySchema,
          data: customerDetailsSchema,
        }),
        ...guard('customers.manage'),
      },
      async (c) => {
        return ok(c, await setCustomerDisabled(deps.db, actorOf(c), c.req.valid('json').id, true));
      },
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/customers/enable',
          summary: 'Enable a disabled account again',
          body: customerIdBodySchema,
          data: customerDetailsSchema,
        }),
        ...guard('customers.manage'),
      },
      async (c) => {
        return ok(c, await setCustomerDisabled(deps.db, actorOf(c), c.req.valid('json').id, false));
      },
    )
    .openapi(
      {
        ...getRoute({
          tag,
          path: '/programme',
          summary: 'The energy programme: rebates paid, points outstanding, open gifts, top sharers',
          query: z.object({}),
          data: programmeSchema,
        }),
        ...guard('programme.read'),
      },
      async (c) => ok(c, await programmeFigures(deps.db)),
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/programme/checkLedger',
          summary: 'Check every energy ledger for consistency',
          body: z.object({}),
          data: ledgerCheckSchema,
        }),
        ...guard('programme.read'),
      },
      async (c) => {
        const result = await checkLedger(deps.db);
        await recordAudit(deps.db, actorOf(c), {
          action: 'ledger.check',
          subject: 'energy ledger',
          after: { customers: result.customers, records: result.records, problems: result.problems.length },
        });
        return ok(c, { ...result, problems: result.problems.slice(0, 200) });
      },
    );
}
