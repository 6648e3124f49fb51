import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { requireUser, requireUserWith, sessionSecurity, signedInOf, signedInRoute } from '@/features/auth/session';
import type { CatalogueReader } from '@/features/catalogue/catalogue-products.service';
import type { AppDeps } from '@/server/deps';
import type { AppEnv } from '@/server/http/context';
import { createRouter, envelope, getRoute, jsonRoute, ok } from '@/server/http/router';
import { cartSchema, sizeQuerySchema } from './cart.schema';
import { browserCartSchema, cartItemSchema } from '@/lib/cart-items';
import {
  addToCart,
  mergeIntoCart,
  priceItems,
  priceLines,
  queryCart,
  removeFromCart,
  sessionWithCart,
  setCartQuantity,
} from './cart.service';

const tag = 'Cart';

export function cartRoutes(deps: AppDeps) {
  const signedIn = requireUser(deps);
  const reader = (c: Context<AppEnv>) =>
    ({
      db: deps.db,
      language: c.get('language'),
      currency: c.get('currency'),
      pictureUrl: deps.storage.url,
      cache: deps.catalogueCache,
    }) satisfies CatalogueReader;

  return createRouter()
    .openapi(
      {
        ...getRoute({
          tag,
          path: '/queryShoppingCartList',
          summary: "The customer's cart, priced",
          query: z.object({}),
          data: cartSchema,
        }),
        security: sessionSecurity,
      },
      async (c) => ok(c, await priceLines(reader(c), (await requireUserWith(c, deps, sessionWithCart)).lines)),
    )
    .openapi(
      signedInRoute(
        jsonRoute({
          method: 'post',
          tag,
          path: '/addShoppingCart',
          summary: 'Add to a line (capped at 100 per line)',
          body: cartItemSchema,
          data: cartSchema,
        }),
        signedIn,
      ),
      async (c) => ok(c, await addToCart(reader(c), signedInOf(c).user.id, c.req.valid('json'))),
    )
    .openapi(
      signedInRoute(
        jsonRoute({
          method: 'put',
          tag,
          path: '/updateShoppingCart',
          summary: "Set a line's quantity (1–100)",
          body: cartItemSchema,
          data: cartSchema,
        }),
        signedIn,
      ),
      async (c) => ok(c, await setCartQuantity(reader(c), signedInOf(c).user.id, c.req.valid('json'))),
    )
    .openapi(
      signedInRoute(
        createRoute({
          method: 'delete',
          path: '/deleteShoppingCart',
          tags: [tag],
          summary: 'Remove a line',
          request: { query: sizeQuerySchema },
          responses: envelope(cartSchema, 'The cart without the line'),
        }),
        signedIn,
      ),
      async (c) =>
        ok(c, await removeFromCart(reader(c), signedInOf(c).user.id, c.req.valid('query').goodsSpecificationId)),
    )
    .openapi(
      signedInRoute(
        jsonRoute({
          method: 'post',
          tag,
          path: '/mergeShoppingCart',
          summary: "Fold the browser's cart into the customer's",
          body: browserCartSchema,
          data: cartSchema,
        }),
        signedIn,
      ),
      async (c) => {
        const userId = signedInOf(c).user.id;
        await mergeIntoCart(deps.db, userId, c.req.valid('json'));
        return ok(c, await queryCart(reader(c), userId));
      },
    )
    .openapi(
      jsonRoute({
        method: 'post',
        tag,
        path: '/getShoppingCartList',
        summary: "Price a visitor's browser cart; unknown specifications are left out",
        body: browserCartSchema,
        data: cartSchema,
      }),
      async (c) => ok(c, await priceItems(reader(c), c.req.valid('json'), 'skip')),
    )
    .openapi(
      jsonRoute({
        method: 'post',
        tag,
        path: '/getSpecData',
        summary: 'Price chosen specifications; -210 for an unknown one',
        body: browserCartSchema,
        data: cartSchema,
      }),
      async (c) => ok(c, await priceItems(reader(c), c.req.valid('json'), 'refuse')),
    );
}
