import type { Context } from 'hono';
import { createRoute } from '@hono/zod-openapi';
import { recordAudit } from '@/features/audit/audit';
import { actOnOrder, type OperatorAction as OrderAction } from '@/features/payments/payment-actions';
import type { OrderDeps } from '@/features/orders/orders.service';
import * as ErrorCode from '@/lib/error-codes';
import type { AppEnv } from '@/server/http/context';
import { ShopError } from '@/server/http/errors';
import { createRouter, getRoute, jsonRoute, ok } from '@/server/http/router';
import { csvHeaders, csvResponse } from '../csv';
import { actorOf, requireOperator } from '../operators/operator-auth';
import type { Permission } from '../operators/operators';
import {
  adminOrderDetailsSchema,
  adminOrderPageSchema,
  adminOrderQuerySchema,
  orderEventBodySchema,
  orderExportQuerySchema,
  orderNoBodySchema,
  orderNoQuerySchema,
  refundBodySchema,
  referralReviewBodySchema,
  shipBodySchema,
} from './orders-board.schema';
import { exportOrders, findOrders, orderForOperator } from './orders-board.service';

const tag = 'Back office';

/** The orders board under /api/v1/admin/orders: find, read, ship, refund and export, each by role. */
export function ordersBoardRoutes(deps: OrderDeps) {
  const guard = (permission: Permission) => ({ middleware: requireOperator(deps, permission) });

  /**
   * Runs an order action for the signed-in operator. The lifecycle's refusals (wrong status, no such
   * order) answer -1 with the reason in `data.reason`, for the operator to read.
   */
  async function orderAction(c: Context<AppEnv>, orderNo: string, move: OrderAction) {
    try {
      await actOnOrder(deps, actorOf(c), orderNo, move);
    } catch (error) {
      if (error instanceof ShopError) throw error;
      throw new ShopError(ErrorCode.RequestFailed, { data: { reason: (error as Error).message }, status: 409 });
    }
    return ok(c, await orderForOperator(deps.db, orderNo));
  }

  return createRouter()
    .openapi(
      {
        ...getRoute({
          tag,
          path: '/orders',
          summary: 'Orders, newest first, filtered',
          query: adminOrderQuerySchema,
          data: adminOrderPageSchema,
        }),
        ...guard('orders.read'),
      },
      async (c) => ok(c, await findOrders(deps.db, c.req.valid('query'))),
    )
    .openapi(
      {
        ...getRoute({
          tag,
          path: '/orders/details',
          summary: 'One order with its payments',
          query: orderNoQuerySchema,
          data: adminOrderDetailsSchema,
        }),
        ...guard('orders.read'),
      },
      async (c) => {
        try {
          return ok(c, await orderForOperator(deps.db, c.req.valid('query').orderNo));
        } catch {
          throw new ShopError(ErrorCode.PaymentNotFound);
        }
      },
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/orders/ship',
          summary: 'Ship a paid order (mails the customer)',
          body: shipBodySchema,
          data: adminOrderDetailsSchema,
        }),
        ...guard('orders.fulfil'),
      },
      async (c) => {
        const { orderNo, carrier, trackingNumber } = c.req.valid('json');
        return orderAction(c, orderNo, { action: 'ship', carrier, trackingNumber });
      },
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/orders/addEvent',
          summary: 'Add a logistics event',
          body: orderEventBodySchema,
          data: adminOrderDetailsSchema,
        }),
        ...guard('orders.fulfil'),
      },
      async (c) => {
        const { orderNo, text } = c.req.valid('json');
        return orderAction(c, orderNo, { action: 'add-event', text });
      },
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/orders/signFor',
          summary: 'Mark a shipped order signed for',
          body: orderNoBodySchema,
          data: adminOrderDetailsSchema,
        }),
        ...guard('orders.fulfil'),
      },
      async (c) => orderAction(c, c.req.valid('json').orderNo, { action: 'sign-for' }),
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/orders/complete',
          summary: 'Complete a signed-for order now',
          body: orderNoBodySchema,
          data: adminOrderDetailsSchema,
        }),
        ...guard('orders.fulfil'),
      },
      async (c) => orderAction(c, c.req.valid('json').orderNo, { action: 'complete' }),
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/orders/refund',
          summary: 'Refund an order through the provider and close it, or refund part of it (amount, minor units)',
          body: refundBodySchema,
          data: adminOrderDetailsSchema,
        }),
        ...guard('orders.refund'),
      },
      async (c) => {
        const { orderNo, amount } = c.req.valid('json');
        return orderAction(c, orderNo, { action: 'refund', ...(amount === undefined ? {} : { amount }) });
      },
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/orders/reviewReferral',
          summary: 'Approve or refuse the rebate of a referral held for review',
          body: referralReviewBodySchema,
          data: adminOrderDetailsSchema,
        }),
        ...guard('orders.refund'),
      },
      async (c) => {
        const { orderNo, approve } = c.req.valid('json');
        return orderAction(c, orderNo, { action: 'review-referral', approve });
      },
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/orders/releaseHold',
          summary: 'Ship a disputed order anyway: end the hold',
          body: orderNoBodySchema,
          data: adminOrderDetailsSchema,
        }),
        ...guard('orders.refund'),
      },
      async (c) => orderAction(c, c.req.valid('json').orderNo, { action: 'release-hold' }),
    )
    .openapi(
      {
        ...createRoute({
          method: 'get',
          path: '/orders/export',
          tags: [tag],
          summary: "The orders board's filter as CSV",
          request: { query: orderExportQuerySchema },
          responses: csvResponse('CSV, one order a row'),
        }),
        ...guard('orders.export'),
      },
      async (c) => {
        const query = c.req.valid('query');
        const { csv, rows } = await exportOrders(deps.db, query);
        await recordAudit(deps.db, actorOf(c), {
          action: 'orders.export',
          subject: 'orders',
          after: { filter: query, rows },
        });
        return c.body(csv, 200, csvHeaders(`orders-${new Date().toISOString().slice(0, 10)}.csv`));
      },
    );
}
