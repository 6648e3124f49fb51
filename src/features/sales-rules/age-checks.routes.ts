import { z } from '@hono/zod-openapi';
import { requireUser, signedInOf, signedInRoute } from '@/features/auth/session';
import type { AppDeps } from '@/server/deps';
import { createRouter, jsonRoute, ok } from '@/server/http/router';
import { ageStandInRoutes } from '@/server/age-assurance/stand-in';
import { settleAgeCheck, startAgeCheck } from './age-checks.service';
import { readSalesRuleBook } from './sales-rules.service';

const tag = 'Age checks';

const startBodySchema = z
  .object({
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/),
    state: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{0,3}$/)
      .default(''),
    /** The shop's page to come back to (a path of this origin), which then settles the check. */
    returnPath: z.string().regex(/^\/(?:[^/\s\\][^\s\\]{0,500})?$/),
  })
  .strict();

/** A region's age check, started and settled by the signed-in customer (docs/decisions/077-sales-rules.md). */
export function ageCheckRoutes(deps: Pick<AppDeps, 'db' | 'config' | 'logger' | 'catalogueCache'>) {
  const signedIn = requireUser(deps);
  const router = createRouter()
    .openapi(
      signedInRoute(
        jsonRoute({
          method: 'post',
          tag,
          path: '/start',
          summary:
            "Start the age check the destination asks for: answers the provider's page to send the customer to (-218 naming country where none is asked)",
          body: startBodySchema,
          data: z.object({ url: z.string() }),
        }),
        signedIn,
      ),
      async (c) => {
        const body = c.req.valid('json');
        return ok(
          c,
          await startAgeCheck(
            deps,
            await readSalesRuleBook({ db: deps.db, cache: deps.catalogueCache }),
            signedInOf(c).user.id,
            body,
            c.get('language'),
          ),
        );
      },
    )
    .openapi(
      signedInRoute(
        jsonRoute({
          method: 'post',
          tag,
          path: '/settle',
          summary:
            "Ask the provider how the customer's check went; only the outcome is kept (-214 for a check that is not the caller's)",
          body: z.object({ checkId: z.string().trim().min(1).max(100) }).strict(),
          data: z.object({ status: z.enum(['pending', 'passed', 'failed']) }),
        }),
        signedIn,
      ),
      async (c) => ok(c, await settleAgeCheck(deps, signedInOf(c).user.id, c.req.valid('json').checkId)),
    );
  router.route('/stand-in', ageStandInRoutes());
  return router;
}
