import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { createRoute, z } from '@hono/zod-openapi';
import { listAudit, recordAudit } from '@/features/audit/audit';
import { checkLedger } from '@/features/energy/energy.ledger';
import { issueVerificationCodes } from '@/features/verify/verify.service';
import { clientAddress, countAttempt } from '@/features/auth/rate-limit';
import { actOnOrder, type OrderAction } from '@/features/orders/order-actions';
import type { OrderDeps } from '@/features/orders/orders.service';
import { ErrorCode } from '@/lib/error-codes';
import type { AppEnv } from '@/server/http/context';
import { ShopError } from '@/server/http/errors';
import { createRouter, getRoute, jsonRoute, ok } from '@/server/http/router';
import {
  adminOrderDetailsSchema,
  adminOrderPageSchema,
  adminOrderQuerySchema,
  auditEntrySchema,
  auditQuerySchema,
  customerDetailsSchema,
  customerIdBodySchema,
  customerIdQuerySchema,
  customerPageSchema,
  customerQuerySchema,
  ledgerCheckSchema,
  programmeSchema,
  operatorSchema,
  operatorSignInBodySchema,
  orderEventBodySchema,
  orderNoBodySchema,
  orderExportQuerySchema,
  orderNoQuerySchema,
  verifyCodesBodySchema,
  publishBodySchema,
  publishStatusSchema,
  unpublishedChangeSchema,
  setOperatorPasswordBodySchema,
  shipBodySchema,
} from './backoffice.schema';
import { exportOrders, findOrders, orderForOperator } from './orders/orders-board.service';
import { csvHeaders, csvText } from './csv';
import { customerDetails, findCustomers, programmeFigures, setCustomerDisabled } from './customers/customers.service';
import {
  clearOperatorCookie,
  endOperatorSession,
  endOperatorSessions,
  operatorToken,
  requireOperator,
  setOperatorCookie,
  setOperatorPassword,
  signInOperator,
  operatorOf,
} from './operators/operator-auth';
import { may, type Permission } from './operators/operators';
import { choosePublisher, createPublishing, unpublishedChanges, type Publisher, type PublishStatus } from './publish/publishing';
import { operatorView } from './operators/second-factor';

/** What the back office needs beyond the shop's: the local page publish, where the shop is started with one. */
export type BackOfficeDeps = OrderDeps & { publish?: Publisher | undefined };

const tag = 'Back office';
const csvResponse = (description: string) => ({ 200: { description, content: { 'text/csv': { schema: { type: 'string' as const } } } } });
const done = z.null();

/** The back office's API under /api/v1/admin: every route but sign-in checks the operator's role. */
export function backOfficeRoutes(deps: BackOfficeDeps) {
  const guard = (permission?: Permission) => ({ middleware: requireOperator(deps, permission) });
  const publisher = choosePublisher(deps.config, deps.publish);
  const publishing = publisher ? createPublishing(publisher) : null;
  const publishView = (joined?: boolean) => ({ ...(publishing?.status() ?? { state: 'idle' as const }), ...(joined === undefined ? {} : { joined }), available: Boolean(publisher), hook: Boolean(publisher?.hook) });

  /**
   * Runs an order action for the signed-in operator. The lifecycle's refusals (wrong status, no such
   * order) answer -1 with the reason in `data.reason`, for the operator to read.
   */
  async function orderAction(c: Context<AppEnv>, orderNo: string, move: OrderAction) {
    const operator = operatorOf(c);
    try {
      await actOnOrder(deps, { operatorId: operator.id, email: operator.email }, orderNo, move);
    } catch (error) {
      if (error instanceof ShopError) throw error;
      throw new ShopError(ErrorCode.RequestFailed, { data: { reason: (error as Error).message }, status: 409 });
    }
    return ok(c, await orderForOperator(deps.db, orderNo));
  }

  return createRouter()
    .openapi(
      jsonRoute({ method: 'post', tag, path: '/auth/signIn', summary: "Sign an operator in (own cookie, SameSite=Strict); -241 asks for the second factor's code", body: operatorSignInBodySchema, data: operatorSchema }),
      async (c) => {
        const body = c.req.valid('json');
        await countAttempt(deps.db, deps.config.limits, { action: 'operator-sign-in', address: clientAddress(c, deps.config), account: body.email });
        const previous = operatorToken(c);
        if (previous) await endOperatorSession(deps.db, previous);
        const { operator, token } = await signInOperator(deps.db, body);
        setOperatorCookie(c, deps.config, token);
        const view = operatorView(operator);
        await recordAudit(deps.db, { operatorId: operator.id, email: operator.email }, { action: 'operator.sign-in', subject: operator.email, after: view.secondFactor ? { secondFactor: true } : undefined });
        return ok(c, view);
      },
    )
    .openapi(
      jsonRoute({ method: 'post', tag, path: '/auth/setPassword', summary: "Set an operator's password with a one-time link", body: setOperatorPasswordBodySchema, data: done }),
      async (c) => {
        const body = c.req.valid('json');
        await countAttempt(deps.db, deps.config.limits, { action: 'operator-sign-in', address: clientAddress(c, deps.config) });
        await setOperatorPassword(deps.db, deps.config, body.token, body.password);
        return ok(c, null);
      },
    )
    .openapi({ ...getRoute({ tag, path: '/auth/me', summary: 'The signed-in operator', query: z.object({}), data: operatorSchema }), ...guard() }, (c) => {
      const { email, role, secondFactor } = operatorOf(c);
      return ok(c, { email, role, secondFactor });
    })
    .openapi({ ...jsonRoute({ method: 'post', tag, path: '/auth/signOut', summary: 'Sign out of this browser', body: z.object({}), data: done }), ...guard() }, async (c) => {
      await endOperatorSession(deps.db, operatorToken(c)!);
      clearOperatorCookie(c, deps.config);
      return ok(c, null);
    })
    .openapi(
      { ...jsonRoute({ method: 'post', tag, path: '/auth/signOutEverywhere', summary: 'End every session of this operator', body: z.object({}), data: done }), ...guard() },
      async (c) => {
        await endOperatorSessions(deps.db, operatorOf(c).id);
        clearOperatorCookie(c, deps.config);
        return ok(c, null);
      },
    )
    .openapi(
      { ...getRoute({ tag, path: '/orders', summary: 'Orders, newest first, filtered', query: adminOrderQuerySchema, data: adminOrderPageSchema }), ...guard('orders.read') },
      async (c) => ok(c, await findOrders(deps.db, c.req.valid('query'))),
    )
    .openapi(
      { ...getRoute({ tag, path: '/orders/details', summary: 'One order with its payments', query: orderNoQuerySchema, data: adminOrderDetailsSchema }), ...guard('orders.read') },
      async (c) => {
        try {
          return ok(c, await orderForOperator(deps.db, c.req.valid('query').orderNo));
        } catch {
          throw new ShopError(ErrorCode.PaymentNotFound);
        }
      },
    )
    .openapi(
      { ...jsonRoute({ method: 'post', tag, path: '/orders/ship', summary: 'Ship a paid order (mails the customer)', body: shipBodySchema, data: adminOrderDetailsSchema }), ...guard('orders.fulfil') },
      async (c) => {
        const { orderNo, carrier, trackingNumber } = c.req.valid('json');
        return orderAction(c, orderNo, { action: 'ship', carrier, trackingNumber });
      },
    )
    .openapi(
      { ...jsonRoute({ method: 'post', tag, path: '/orders/addEvent', summary: 'Add a logistics event', body: orderEventBodySchema, data: adminOrderDetailsSchema }), ...guard('orders.fulfil') },
      async (c) => {
        const { orderNo, text } = c.req.valid('json');
        return orderAction(c, orderNo, { action: 'add-event', text });
      },
    )
    .openapi(
      { ...jsonRoute({ method: 'post', tag, path: '/orders/signFor', summary: 'Mark a shipped order signed for', body: orderNoBodySchema, data: adminOrderDetailsSchema }), ...guard('orders.fulfil') },
      async (c) => orderAction(c, c.req.valid('json').orderNo, { action: 'sign-for' }),
    )
    .openapi(
      { ...jsonRoute({ method: 'post', tag, path: '/orders/complete', summary: 'Complete a signed-for order now', body: orderNoBodySchema, data: adminOrderDetailsSchema }), ...guard('orders.fulfil') },
      async (c) => orderAction(c, c.req.valid('json').orderNo, { action: 'complete' }),
    )
    .openapi(
      { ...jsonRoute({ method: 'post', tag, path: '/orders/refund', summary: 'Refund an order through the provider and close it', body: orderNoBodySchema, data: adminOrderDetailsSchema }), ...guard('orders.refund') },
      async (c) => orderAction(c, c.req.valid('json').orderNo, { action: 'refund' }),
    )
    .openapi(
      {
        ...createRoute({ method: 'get', path: '/orders/export', tags: [tag], summary: "The orders board's filter as CSV", request: { query: orderExportQuerySchema }, responses: csvResponse('CSV, one order a row') }),
        ...guard('orders.export'),
      },
      async (c) => {
        const query = c.req.valid('query');
        const operator = operatorOf(c);
        const { csv, rows } = await exportOrders(deps.db, query);
        await recordAudit(deps.db, { operatorId: operator.id, email: operator.email }, { action: 'orders.export', subject: 'orders', after: { filter: query, rows } });
        return c.body(csv, 200, csvHeaders(`orders-${new Date().toISOString().slice(0, 10)}.csv`));
      },
    )
    .openapi(
      {
        ...createRoute({
          method: 'post',
          path: '/verifyCodes/issue',
          tags: [tag],
          summary: 'Issue a batch of anti-counterfeit codes for a size; answers them as CSV (code,link)',
          request: { body: { content: { 'application/json': { schema: verifyCodesBodySchema } }, required: true } },
          responses: csvResponse('CSV, one code and its QR link a row'),
        }),
        ...guard('verify-codes.issue'),
      },
      async (c) => {
        const { sku, count } = c.req.valid('json');
        const operator = operatorOf(c);
        const codes = await issueVerificationCodes(deps.db, { sku, count, publicOrigin: deps.config.publicOrigin }).catch((error: Error) => {
          if (error.message.startsWith('no specification')) throw new ShopError(ErrorCode.ProductNotFound, { field: 'sku', status: 404 });
          throw error;
        });
        await recordAudit(deps.db, { operatorId: operator.id, email: operator.email }, { action: 'verify-codes.issue', subject: sku, after: { count: codes.length } });
        return c.body(csvText(['code', 'link'], codes.map(({ code, link }) => [code, link])), 200, csvHeaders(`verification-codes-${sku}-${codes.length}.csv`));
      },
    )
    .openapi(
      { ...getRoute({ tag, path: '/customers', summary: 'Customers by email or name, newest first', query: customerQuerySchema, data: customerPageSchema }), ...guard('customers.read') },
      async (c) => ok(c, await findCustomers(deps.db, c.req.valid('query'))),
    )
    .openapi(
      { ...getRoute({ tag, path: '/customers/details', summary: 'A customer with orders, energy ledger and friends', query: customerIdQuerySchema, data: customerDetailsSchema }), ...guard('customers.read') },
      async (c) => ok(c, await customerDetails(deps.db, c.req.valid('query').id)),
    )
    .openapi(
      { ...jsonRoute({ method: 'post', tag, path: '/customers/disable', summary: 'Disable an account and end its sessions', body: customerIdBodySchema, data: customerDetailsSchema }), ...guard('customers.manage') },
      async (c) => {
        const operator = operatorOf(c);
        return ok(c, await setCustomerDisabled(deps.db, { operatorId: operator.id, email: operator.email }, c.req.valid('json').id, true));
      },
    )
    .openapi(
      { ...jsonRoute({ method: 'post', tag, path: '/customers/enable', summary: 'Enable a disabled account again', body: customerIdBodySchema, data: customerDetailsSchema }), ...guard('customers.manage') },
      async (c) => {
        const operator = operatorOf(c);
        return ok(c, await setCustomerDisabled(deps.db, { operatorId: operator.id, email: operator.email }, c.req.valid('json').id, false));
      },
    )
    .openapi(
      { ...getRoute({ tag, path: '/programme', summary: 'The energy programme: rebates paid, points outstanding, open gifts, top sharers', query: z.object({}), data: programmeSchema }), ...guard('programme.read') },
      async (c) => ok(c, await programmeFigures(deps.db)),
    )
    .openapi(
      { ...jsonRoute({ method: 'post', tag, path: '/programme/checkLedger', summary: 'Check every energy ledger for consistency', body: z.object({}), data: ledgerCheckSchema }), ...guard('programme.read') },
      async (c) => {
        const operator = operatorOf(c);
        const result = await checkLedger(deps.db);
        await recordAudit(deps.db, { operatorId: operator.id, email: operator.email }, { action: 'ledger.check', subject: 'energy ledger', after: { customers: result.customers, records: result.records, problems: result.problems.length } });
        return ok(c, { ...result, problems: result.problems.slice(0, 200) });
      },
    )
    .openapi(
      { ...getRoute({ tag, path: '/publish/status', summary: 'The last or running publish of the pages', query: z.object({}), data: publishStatusSchema }), ...guard('site.publish') },
      (c) => ok(c, publishView()),
    )
    .openapi(
      {
        ...createRoute({
          method: 'get',
          path: '/publish/events',
          tags: [tag],
          summary: 'The publish status as it changes (server-sent events: start, pages written, end); ends with the publish',
          responses: { 200: { description: 'One event per change, its data the PublishStatus', content: { 'text/event-stream': { schema: { type: 'string' } } } } },
        }),
        ...guard('site.publish'),
      },
      (c) =>
        streamSSE(c, async (stream) => {
          const send = () => stream.writeSSE({ data: JSON.stringify(publishView()) });
          await send();
          if (publishing?.status().state !== 'running') return;
          await new Promise<void>((resolve) => {
            let sentAt = 0;
            const unsubscribe = publishing.subscribe((status) => {
              const running = status.state === 'running';
              // Progress at most ten times a second; the start and the end always.
              if (running && status.progress && Date.now() - sentAt < 100) return;
              sentAt = Date.now();
              const sent = send();
              if (!running) void sent.finally(end);
            });
            const end = () => {
              unsubscribe();
              resolve();
            };
            stream.onAbort(end);
          });
        }),
      )
    .openapi(
      {
        ...getRoute({ tag, path: '/publish/changes', summary: 'Changes to products and adverts since the last publish, newest first', query: z.object({}), data: z.array(unpublishedChangeSchema) }),
        ...guard('site.publish'),
      },
      async (c) => ok(c, await unpublishedChanges(deps.db)),
    )
    .openapi(
      {
        ...jsonRoute({ method: 'post', tag, path: '/publish', summary: 'Publish the pages (a press while one runs joins it); `full` re-renders every page', body: publishBodySchema, data: publishStatusSchema }),
        ...guard('site.publish'),
      },
      async (c) => {
        const { full } = c.req.valid('json');
        const operator = operatorOf(c);
        if (full && !may(operator.role, 'site.publish-full')) throw new ShopError(ErrorCode.IllegalRequest, { field: 'full', status: 403 });
        if (!publishing) throw new ShopError(ErrorCode.RequestFailed, { data: { reason: 'This server cannot publish: set BUILD_HOOK_URL, or run the shop with `npm start`.' }, status: 409 });
        const actor = { operatorId: operator.id, email: operator.email };
        // The outcome is logged before it shows in the status, so an operator who sees it finds it in the log.
        const onEnd = (ended: PublishStatus) =>
          recordAudit(deps.db, actor, {
            action: ended.state === 'failed' ? 'site.publish-failed' : 'site.published',
            subject: 'pages',
            after: ended.state === 'failed' ? { full, error: ended.error.slice(0, 300) } : ended.state === 'finished' ? { full, pages: ended.pages, rendered: ended.rendered, seconds: ended.seconds } : { full, hook: true },
          });
        const onStart = () => recordAudit(deps.db, actor, { action: 'site.publish', subject: 'pages', after: { full } });
        const { joined } = publishing.start({ full, by: operator.email, onStart, onEnd });
        return ok(c, publishView(joined));
      },
    )
    .openapi(
      { ...getRoute({ tag, path: '/audit', summary: 'The audit log, newest first', query: auditQuerySchema, data: z.array(auditEntrySchema) }), ...guard('audit.read') },
      async (c) => {
        const rows = await listAudit(deps.db, c.req.valid('query'));
        return ok(c, rows.map((row) => ({ id: row.id, actor: row.actor, action: row.action, subject: row.subject, before: row.before, after: row.after, time: row.at.toISOString() })));
      },
    );
}
