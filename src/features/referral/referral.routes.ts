import { z } from '@hono/zod-openapi';
import { requireUser, signedInOf, signedInRoute } from '@/features/auth/session';
import type { AppDeps } from '@/server/app';
import { createRouter, getRoute, ok } from '@/server/http/router';
import { friendListQuerySchema, friendPageSchema, myShareSchema } from './referral.schema';
import { getMyShare, queryUserShareList } from './referral.service';

const tag = 'Share';

export function referralRoutes(deps: AppDeps) {
  const signedIn = requireUser(deps);
  return createRouter()
    .openapi(
      signedInRoute(getRoute({ tag, path: '/getMyShare', summary: 'My share code, rebate rate and share-link visits', query: z.object({}), data: myShareSchema }), signedIn),
      async (c) => ok(c, await getMyShare(deps.db, signedInOf(c).user)),
    )
    .openapi(
      signedInRoute(
        getRoute({ tag, path: '/queryUserShareList', summary: 'The customers who registered with my code, newest first, with their consumption and my rebate', query: friendListQuerySchema, data: friendPageSchema }),
        signedIn,
      ),
      async (c) => ok(c, await queryUserShareList(deps.db, signedInOf(c).user.id, c.req.valid('query'), c.get('currency'), deps.config.referenceRates)),
    );
}
