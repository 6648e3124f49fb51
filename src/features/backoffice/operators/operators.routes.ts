import { z } from '@hono/zod-openapi';
import { recordAudit } from '@/features/audit/audit';
import { clientAddress, countAttempt, countPasswordGuess } from '@/features/auth/rate-limit';
import type { ShopDeps } from '@/server/deps';
import { createRouter, getRoute, jsonRoute, ok } from '@/server/http/router';
import {
  clearOperatorCookie,
  endOperatorSession,
  endOperatorSessions,
  operatorOf,
  operatorToken,
  requireOperator,
  setOperatorCookie,
  setOperatorPassword,
  signInOperator,
} from './operator-auth';
import { operatorSchema, operatorSignInBodySchema, setOperatorPasswordBodySchema } from './operators.schema';
import { operatorView } from './second-factor';

const tag = 'Back office';
const done = z.null();

/** An operator's sign-in, password link and sign-out under /api/v1/admin/auth. */
export function operatorRoutes(deps: ShopDeps) {
  /** Signing out, and who is signed in, before the second factor is on too (production asks for it first). */
  const guard = () => ({ middleware: requireOperator(deps, undefined, { enrolling: true }) });
  return createRouter()
    .openapi(
      jsonRoute({ method: 'post', tag, path: '/auth/signIn', summary: "Sign an operator in (own cookie, SameSite=Strict); -241 asks for the second factor's code", body: operatorSignInBodySchema, data: operatorSchema }),
      async (c) => {
        const body = c.req.valid('json');
        await countPasswordGuess(deps.db, deps.config.limits, { action: 'operator-sign-in', address: clientAddress(c, deps.config), account: body.email });
        const previous = operatorToken(c);
        if (previous) await endOperatorSession(deps.db, previous);
        const { operator, token } = await signInOperator(deps.db, deps.config, body);
        setOperatorCookie(c, deps.config, token);
        const view = { ...operatorView(operator), secondFactorRequired: deps.config.production };
        await recordAudit(deps.db, { operatorId: operator.id, email: operator.email }, { action: 'operator.sign-in', subject: operator.email, after: view.secondFactor ? { secondFactor: true } : undefined });
        return ok(c, view);
      },
    )
    .openapi(
      jsonRoute({ method: 'post', tag, path: '/auth/setPassword', summary: "Set an operator's password with a one-time link", body: setOperatorPasswordBodySchema, data: done }),
      async (c) => {
        const body = c.req.valid('json');
        await countAttempt(deps.db, deps.config.limits, { action: 'operator-sign-in', address: clientAddress(c, deps.config) });
        await setOperatorPassword(deps.db, deps.config, body.token, body.password);
        return ok(c, null);
      },
    )
    .openapi({ ...getRoute({ tag, path: '/auth/me', summary: 'The signed-in operator', query: z.object({}), data: operatorSchema }), ...guard() }, (c) => {
      const { email, role, secondFactor } = operatorOf(c);
      return ok(c, { email, role, secondFactor, secondFactorRequired: deps.config.production });
    })
    .openapi({ ...jsonRoute({ method: 'post', tag, path: '/auth/signOut', summary: 'Sign out of this browser', body: z.object({}), data: done }), ...guard() }, async (c) => {
      await endOperatorSession(deps.db, operatorToken(c)!);
      clearOperatorCookie(c, deps.config);
      return ok(c, null);
    })
    .openapi(
      { ...jsonRoute({ method: 'post', tag, path: '/auth/signOutEverywhere', summary: 'End every session of this operator', body: z.object({}), data: done }), ...guard() },
      async (c) => {
        await endOperatorSessions(deps.db, operatorOf(c).id);
        clearOperatorCookie(c, deps.config);
        return ok(c, null);
      },
    );
}
