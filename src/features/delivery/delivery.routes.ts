import { createRoute, z } from '@hono/zod-openapi';
import { optionalUser, requireUser, signedInOf, signedInRoute } from '@/features/auth/session';
import type { ShopDeps } from '@/server/deps';
import { createRouter, envelope, getRoute, jsonRoute, ok } from '@/server/http/router';
import {
  addressBodySchema,
  addressIdQuerySchema,
  addressSchema,
  deliveryCountrySchema,
  newAddressBodySchema,
} from './delivery.schema';
import {
  addAddress,
  deleteAddress,
  getDefaultAddress,
  listAddresses,
  listDeliveryAreas,
  setDefaultAddress,
  updateAddress,
} from './delivery.service';

const tag = 'Delivery';
const none = z.object({});

export function deliveryRoutes(deps: ShopDeps) {
  const signedIn = requireUser(deps);

  return createRouter()
    .openapi(
      getRoute({
        tag,
        path: '/getDeliveryAreaOptionList',
        summary: 'The countries the shop delivers to, with their states',
        query: none,
        data: z.array(deliveryCountrySchema),
      }),
      (c) => ok(c, listDeliveryAreas(c.get('language'))),
    )
    .openapi(
      {
        ...getRoute({
          tag,
          path: '/getDefaultAddress',
          summary: "The customer's default address; null when there is none or nobody is signed in",
          query: none,
          data: addressSchema.nullable(),
        }),
        middleware: optionalUser(deps),
      },
      async (c) => {
        const signedInUser = c.get('signedIn')?.user;
        return ok(c, signedInUser ? await getDefaultAddress(deps.db, signedInUser.id, c.get('language')) : null);
      },
    )
    .openapi(
      signedInRoute(
        getRoute({
          tag,
          path: '/queryAddressList',
          summary: "The customer's addresses, the default first",
          query: none,
          data: z.array(addressSchema),
        }),
        signedIn,
      ),
      async (c) => ok(c, await listAddresses(deps.db, signedInOf(c).user.id, c.get('language'))),
    )
    .openapi(
      signedInRoute(
        jsonRoute({
          method: 'post',
          tag,
          path: '/addAddress',
          summary: 'Add an address (the first becomes the default)',
          body: newAddressBodySchema,
          data: addressSchema,
        }),
        signedIn,
      ),
      async (c) => ok(c, await addAddress(deps.db, signedInOf(c).user.id, c.req.valid('json'), c.get('language'))),
    )
    .openapi(
      signedInRoute(
        jsonRoute({
          method: 'put',
          tag,
          path: '/updateAddress',
          summary: 'Change an address',
          body: addressBodySchema,
          data: addressSchema,
        }),
        signedIn,
      ),
      async (c) => ok(c, await updateAddress(deps.db, signedInOf(c).user.id, c.req.valid('json'), c.get('language'))),
    )
    .openapi(
      signedInRoute(
        createRoute({
          method: 'delete',
          path: '/deleteAddress',
          tags: [tag],
          summary: 'Delete an address (deleting the default promotes another)',
          request: { query: addressIdQuerySchema },
          responses: envelope(z.null(), 'Deleted'),
        }),
        signedIn,
      ),
      async (c) => {
        await deleteAddress(deps.db, signedInOf(c).user.id, c.req.valid('query').addressId);
        return ok(c, null);
      },
    )
    .openapi(
      signedInRoute(
        createRoute({
          method: 'put',
          path: '/setDefaultAddress',
          tags: [tag],
          summary: 'Make an address the default',
          request: { query: addressIdQuerySchema },
          responses: envelope(addressSchema, 'The new default address'),
        }),
        signedIn,
      ),
      async (c) =>
        ok(
          c,
          await setDefaultAddress(deps.db, signedInOf(c).user.id, c.req.valid('query').addressId, c.get('language')),
        ),
    );
}
