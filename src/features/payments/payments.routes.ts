import { createRoute, z } from '@hono/zod-openapi';
import { requireUser, signedInOf, signedInRoute } from '@/features/auth/session';
import * as ErrorCode from '@/lib/error-codes';
import { ShopError } from '@/server/http/errors';
import { createRouter, envelope, getRoute, jsonRoute, ok } from '@/server/http/router';
import { testGatewayRoutes } from '@/server/payments/test-gateway.routes';
import {
  callbackBodySchema,
  orderDetailsSchema,
  orderIdQuerySchema,
  orderStatusInfoSchema,
  payBodySchema,
  payMethodOptionSchema,
  paymentStartSchema,
} from '@/features/orders/orders.schema';
import type { AppDeps } from '@/server/deps';
import { getOrderDetails, type OrderDeps } from '@/features/orders/orders.service';
import { checkOrderStatus, completeReturn } from './customer-return';
import { cancelOrder } from './order-refunds';
import { listPayMethods } from './pay-methods';
import { startPayment } from './start-payment';
import { handlePaymentEvent } from './webhooks';
import { metrics } from '@/server/metrics';

const tag = 'Payment';

export function paymentRoutes(deps: OrderDeps & Partial<Pick<AppDeps, 'catalogueCache'>>) {
  const signedIn = requireUser(deps);
  const router = createRouter()
    .openapi(
      signedInRoute(
        jsonRoute({
          method: 'post',
          tag,
          path: '/payment',
          summary: 'Start paying an order: answers the URL where the customer approves the payment',
          body: payBodySchema,
          data: paymentStartSchema,
        }),
        signedIn,
      ),
      async (c) => ok(c, await startPayment(deps, signedInOf(c).user.id, c.req.valid('json'), c.get('language'))),
    )
    .openapi(
      getRoute({
        tag,
        path: '/getNotEpPayMethodOptionList',
        summary:
          "The payment methods other than energy points, for an order in the request's Currency: each says whether it can pay in it and, if not, why",
        query: z.object({}),
        data: z.array(payMethodOptionSchema),
      }),
      (c) => ok(c, listPayMethods(deps, c.get('language'), c.get('currency'))),
    );

  // The provider's notifications; the body must be read raw, as it was signed.
  router.post('/webhook/:provider', async (c) => {
    if (c.req.param('provider') !== deps.payments.name)
      throw new ShopError(ErrorCode.IllegalRequest, { field: 'path', status: 404 });
    const event = await deps.payments.verifyWebhook(c.req.raw.headers, await c.req.text());
    if (!event) {
      metrics.webhooks.inc({ outcome: 'refused' });
      throw new ShopError(ErrorCode.IllegalRequest, { field: 'signature' });
    }
    try {
      await handlePaymentEvent(deps, event);
    } catch (error) {
      metrics.webhooks.inc({ outcome: 'failed' });
      throw error;
    }
    metrics.webhooks.inc({ outcome: 'handled' });
    return ok(c, null);
  });
  if (deps.payments.name === 'test') router.route('/test-gateway', testGatewayRoutes(deps));
  return router;
}

/** What paying does to an order under /order: the result page's check, the customer's cancel (a paid order is refunded) and the return from the provider. */
export function orderPaymentRoutes(deps: OrderDeps) {
  const signedIn = requireUser(deps);
  const tag = 'Orders';
  return createRouter()
    .openapi(
      signedInRoute(
        getRoute({
          tag,
          path: '/checkOrderStatus',
          summary:
            "An order's status, asking the payment provider first while payment is pending (for the result page)",
          query: orderIdQuerySchema,
          data: orderStatusInfoSchema,
        }),
        signedIn,
      ),
      async (c) => ok(c, await checkOrderStatus(deps, signedInOf(c).user.id, c.req.valid('query').orderId)),
    )
    .openapi(
      signedInRoute(
        createRoute({
          method: 'put',
          path: '/cancel',
          tags: [tag],
          summary: 'Cancel: an unpaid order closes, a paid one not yet shipped is refunded and closes (-217 otherwise)',
          request: { query: orderIdQuerySchema },
          responses: envelope(orderDetailsSchema, 'The closed order'),
        }),
        signedIn,
      ),
      async (c) => {
        const userId = signedInOf(c).user.id;
        const { orderId } = c.req.valid('query');
        await cancelOrder(deps, userId, orderId);
        return ok(c, await getOrderDetails(deps.db, userId, orderId, c.get('language')));
      },
    )
    .openapi(
      signedInRoute(
        jsonRoute({
          method: 'post',
          tag,
          path: '/callback',
          summary: "The customer's return from the payment provider: capture the payment",
          body: callbackBodySchema,
          data: orderStatusInfoSchema,
        }),
        signedIn,
      ),
      async (c) => ok(c, await completeReturn(deps, signedInOf(c).user.id, c.req.valid('json'))),
    );
}
