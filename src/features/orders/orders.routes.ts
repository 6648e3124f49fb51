import { requireUser, signedInOf, signedInRoute } from '@/features/auth/session';
import { createRouter, getRoute, ok } from '@/server/http/router';
import {
  orderDetailsSchema,
  orderIdQuerySchema,
  orderListQuerySchema,
  orderPageSchema,
  orderStatusInfoSchema,
} from './orders.schema';
import { getOrderDetails, getOrderStatus, queryOrderList, type OrderDeps } from './orders.service';

const tag = 'Orders';

/* Reading the customer's orders; placing one is checkout's (checkout.routes.ts), paying, cancelling and the return from the provider payments' (payments.routes.ts). */
export function orderRoutes(deps: OrderDeps) {
  const signedIn = requireUser(deps);
  return createRouter()
    .openapi(
      signedInRoute(
        getRoute({
          tag,
          path: '/getOrderStatus',
          summary: "An order's status",
          query: orderIdQuerySchema,
          data: orderStatusInfoSchema,
        }),
        signedIn,
      ),
      async (c) => ok(c, await getOrderStatus(deps.db, signedInOf(c).user.id, c.req.valid('query').orderId)),
    )
    .openapi(
      signedInRoute(
        getRoute({
          tag,
          path: '/getOrderDetails',
          summary: 'Everything about one order',
          query: orderIdQuerySchema,
          data: orderDetailsSchema,
        }),
        signedIn,
      ),
      async (c) =>
        ok(c, await getOrderDetails(deps.db, signedInOf(c).user.id, c.req.valid('query').orderId, c.get('language'))),
    )
    .openapi(
      signedInRoute(
        getRoute({
          tag,
          path: '/queryOrderList',
          summary: "The customer's orders, newest first",
          query: orderListQuerySchema,
          data: orderPageSchema,
        }),
        signedIn,
      ),
      async (c) => ok(c, await queryOrderList(deps.db, signedInOf(c).user.id, c.req.valid('query'), c.get('language'))),
    );
}
