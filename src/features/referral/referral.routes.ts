import { z } from '@hono/zod-openapi';
import { optionalUser, requireUser, signedInOf, signedInRoute } from '@/features/auth/session';
import type { ShopDeps } from '@/server/deps';
import { createRouter, getRoute, jsonRoute, ok } from '@/server/http/router';
import {
  checkCodeQuerySchema,
  checkCodeSchema,
  friendListQuerySchema,
  friendPageSchema,
  myShareSchema,
  shareVisitBodySchema,
  shareVisitSchema,
} from './referral.schema';
import { getMyShare, queryUserShareList, recordShareVisit, shareCodeExists } from './referral.service';

const tag = 'Share';

export function referralRoutes(deps: ShopDeps) {
  const signedIn = requireUser(deps);
  return createRouter()
    .openapi(
      signedInRoute(
        getRoute({
          tag,
          path: '/getMyShare',
          summary: 'My share code, rebate rate and share-link visits',
          query: z.object({}),
          data: myShareSchema,
        }),
        signedIn,
      ),
      async (c) => ok(c, await getMyShare(deps.db, signedInOf(c).user)),
    )
    .openapi(
      signedInRoute(
        getRoute({
          tag,
          path: '/queryUserShareList',
          summary: 'The customers who registered with my code, newest first, with their consumption and my rebate',
          query: friendListQuerySchema,
          data: friendPageSchema,
        }),
        signedIn,
      ),
      async (c) =>
        ok(
          c,
          await queryUserShareList(
            deps.db,
            signedInOf(c).user.id,
            c.req.valid('query'),
            c.get('currency'),
            deps.config.referenceRates,
          ),
        ),
    )
    .openapi(
      getRoute({
        tag,
        path: '/checkCode',
        summary: 'Whether a share link code belongs to a customer (the edge asks before serving /{code})',
        query: checkCodeQuerySchema,
        data: checkCodeSchema,
      }),
      async (c) => {
        // The edge may reuse the answer for a minute; a new customer's link works meanwhile (the page checks again).
        c.header('Cache-Control', 'public, max-age=60');
        return ok(c, { exists: await shareCodeExists(deps.db, c.req.valid('query').code) });
      },
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/visit',
          summary:
            'A visit through a share link: counted once per browser and code a day; answers whether the code is known',
          body: shareVisitBodySchema,
          data: shareVisitSchema,
        }),
        middleware: optionalUser(deps),
      },
      async (c) => ok(c, { known: await recordShareVisit(c, deps, c.req.valid('json').code, c.get('signedIn')?.user) }),
    );
}
