import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { requireUser, signedInOf, signedInRoute } from '@/features/auth/session';
import type { CatalogueReader } from '@/features/catalogue/catalogue-products.service';
import { orderDetailsSchema } from '@/features/orders/orders.schema';
import { describeOrder } from '@/features/orders/orders.service';
import type { ShopDeps } from '@/server/deps';
import type { AppEnv } from '@/server/http/context';
import { createRouter, envelope, getRoute, jsonRoute, ok } from '@/server/http/router';
import {
  addCouponBodySchema,
  couponCodeQuerySchema,
  couponIdQuerySchema,
  couponListQuerySchema,
  couponPageSchema,
  couponProductSchema,
  couponSchema,
  couponStatusSchema,
  receiveOrderBodySchema,
} from './coupons.schema';
import {
  addReceiveCoupon,
  cancelCoupon,
  checkCouponStatus,
  createReceiveOrder,
  getReceiveCouponProductList,
  queryReceiveCouponList,
} from './coupons.service';

const tag = 'Coupons';

const readerOf = (deps: ShopDeps, c: Context<AppEnv>) =>
  ({
    db: deps.db,
    language: c.get('language'),
    currency: c.get('currency'),
    pictureUrl: deps.storage.url,
  }) satisfies CatalogueReader;

export function couponRoutes(deps: ShopDeps) {
  const signedIn = requireUser(deps);
  return createRouter()
    .openapi(
      signedInRoute(
        jsonRoute({
          method: 'post',
          tag,
          path: '/addReceiveCoupon',
          summary: "Spend a size's points price on a gift coupon to share (-218 points when the balance is short)",
          body: addCouponBodySchema,
          data: couponSchema,
        }),
        signedIn,
      ),
      async (c) =>
        ok(
          c,
          await addReceiveCoupon(
            readerOf(deps, c),
            deps.config,
            signedInOf(c).user,
            c.req.valid('json').goodsSpecificationId,
          ),
        ),
    )
    .openapi(
      signedInRoute(
        getRoute({
          tag,
          path: '/queryReceiveCouponList',
          summary: 'My gift coupons (share records), newest first',
          query: couponListQuerySchema,
          data: couponPageSchema,
        }),
        signedIn,
      ),
      async (c) => ok(c, await queryReceiveCouponList(readerOf(deps, c), signedInOf(c).user.id, c.req.valid('query'))),
    )
    .openapi(
      getRoute({
        tag,
        path: '/checkCouponStatus',
        summary: 'Whether a code can still be redeemed: -228 activated, -229 cancelled, -219 expired',
        query: couponCodeQuerySchema,
        data: couponStatusSchema,
      }),
      async (c) => ok(c, await checkCouponStatus(deps.db, c.req.valid('query').code)),
    )
    .openapi(
      getRoute({
        tag,
        path: '/getReceiveCouponProductList',
        summary: 'What a code gives',
        query: couponCodeQuerySchema,
        data: z.array(couponProductSchema),
      }),
      async (c) => ok(c, await getReceiveCouponProductList(readerOf(deps, c), c.req.valid('query').code)),
    )
    .openapi(
      signedInRoute(
        createRoute({
          method: 'post',
          path: '/cancel',
          tags: [tag],
          summary: 'Cancel an unused coupon of mine and get its points back (-229 once cancelled, -228 once activated)',
          request: { query: couponIdQuerySchema },
          responses: envelope(couponSchema, 'The cancelled coupon'),
        }),
        signedIn,
      ),
      async (c) => ok(c, await cancelCoupon(readerOf(deps, c), signedInOf(c).user.id, c.req.valid('query').couponId)),
    );
}

/** `order/createReceiveOrder`: mounted beside the order routes. */
export function receiveOrderRoutes(deps: ShopDeps) {
  const signedIn = requireUser(deps);
  return createRouter().openapi(
    signedInRoute(
      jsonRoute({
        method: 'post',
        tag: 'Orders',
        path: '/createReceiveOrder',
        summary:
          'Redeem a gift coupon: a free order in status 1 to the given address (-228 activated, -229 cancelled, -219 expired, -231 out of stock)',
        body: receiveOrderBodySchema,
        data: orderDetailsSchema,
      }),
      signedIn,
    ),
    async (c) => {
      const order = await createReceiveOrder(deps, readerOf(deps, c), signedInOf(c).user, c.req.valid('json'));
      return ok(c, await describeOrder(deps.db, order, c.get('language')));
    },
  );
}
