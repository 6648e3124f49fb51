import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { clientAddress, countPasswordGuess } from '@/features/auth/rate-limit';
import type { ShopDeps } from '@/server/deps';
import type { AppEnv } from '@/server/http/context';
import { createRouter, jsonRoute, ok } from '@/server/http/router';
import {
  enableSecondFactorBodySchema,
  operatorEmailBodySchema,
  operatorSchema,
  secondFactorCodeBodySchema,
  secondFactorSetupSchema,
} from './operators.schema';
import { actorOf, endOperatorSessions, operatorOf, operatorToken, requireOperator } from './operator-auth';
import type { Permission } from './operators';
import {
  disableSecondFactor,
  enableSecondFactor,
  newSecondFactorSecret,
  operatorView,
  resetSecondFactor,
} from './second-factor';

const tag = 'Back office';

/** Each operator's own second factor under /api/v1/admin/auth/secondFactor, and an admin's reset of another's. */
export function secondFactorRoutes(deps: ShopDeps) {
  const guard = (permission?: Permission) => ({ middleware: requireOperator(deps, permission) });
  /** Turning the factor on is what an operator without it may do when the shop runs in production. */
  const enrolling = { middleware: requireOperator(deps, undefined, { enrolling: true }) };
  const shown = (operator: ReturnType<typeof operatorView>) => ({
    ...operator,
    secondFactorRequired: deps.config.production,
  });
  /** A code typed to turn the factor on or off counts against the sign-in limits, like one typed at sign-in. */
  const countCodeAttempt = (c: Context<AppEnv>) =>
    countPasswordGuess(deps.db, deps.config.limits, {
      action: 'operator-sign-in',
      address: clientAddress(c, deps.config),
      account: operatorOf(c).email,
    });

  return createRouter()
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/auth/secondFactor/setup',
          summary: 'A new secret for an authenticator app (stored only once a code confirms it)',
          body: z.object({}),
          data: secondFactorSetupSchema,
        }),
        ...enrolling,
      },
      (c) => ok(c, newSecondFactorSecret(operatorOf(c).email, deps.config.publicOrigin)),
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/auth/secondFactor/enable',
          summary:
            "Turn the second factor on with the setup's secret and a current code; ends the operator's other sessions",
          body: enableSecondFactorBodySchema,
          data: operatorSchema,
        }),
        ...enrolling,
      },
      async (c) => {
        const { secret, code } = c.req.valid('json');
        await countCodeAttempt(c);
        const operator = await enableSecondFactor(deps.db, actorOf(c), secret, code);
        // Sessions elsewhere were opened with the password alone.
        await endOperatorSessions(deps.db, operatorOf(c).id, operatorToken(c));
        return ok(c, shown(operator));
      },
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/auth/secondFactor/disable',
          summary: 'Turn the second factor off with a current code',
          body: secondFactorCodeBodySchema,
          data: operatorSchema,
        }),
        ...guard(),
      },
      async (c) => {
        await countCodeAttempt(c);
        return ok(c, shown(await disableSecondFactor(deps.db, actorOf(c), c.req.valid('json').code)));
      },
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/operators/resetSecondFactor',
          summary:
            "Reset another operator's second factor (a lost phone): the password alone signs in until it is on again",
          body: operatorEmailBodySchema,
          data: operatorSchema,
        }),
        ...guard('operators.manage'),
      },
      async (c) => ok(c, shown(await resetSecondFactor(deps.db, actorOf(c), c.req.valid('json').email))),
    );
}
