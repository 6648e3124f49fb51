import { z } from '@hono/zod-openapi';
import { requireUser, signedInOf, signedInRoute } from '@/features/auth/session';
import type { AppDeps } from '@/server/app';
import { createRouter, getRoute, ok } from '@/server/http/router';
import { myShareSchema } from './referral.schema';

const tag = 'Share';

export function referralRoutes(deps: AppDeps) {
  const signedIn = requireUser(deps);
  return createRouter().openapi(
    signedInRoute(getRoute({ tag, path: '/getMyShare', summary: 'My share code and rebate rate', query: z.object({}), data: myShareSchema }), signedIn),
    (c) => {
      const { user } = signedInOf(c);
      return ok(c, { shareCode: user.shareCode, rebateRate: user.rebateRate });
    },
  );
}
