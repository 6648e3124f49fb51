import { z } from '@hono/zod-openapi';
import { recordAudit } from '@/features/audit/audit';
import { clientAddress, countAttempt, countPasswordGuess } from '@/features/auth/rate-limit';
import type { ShopDeps } from '@/server/deps';
import { createRouter, getRoute, jsonRoute, ok } from '@/server/http/router';
import { eq } from 'drizzle-orm';
import { operators } from '@/server/db/schema';
import {
  actorOf,
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
import { addOperator, listOperators, resetOperatorPassword, setOperatorDisabled } from './operator-accounts';
import {
  addOperatorBodySchema,
  operatorAccountSchema,
  operatorDisabledBodySchema,
  operatorEmailBodySchema,
  operatorLanguageBodySchema,
  operatorSchema,
  operatorSignInBodySchema,
  passwordLinkSchema,
  setOperatorPasswordBodySchema,
} from './operators.schema';
import { operatorView } from './second-factor';

const tag = 'Back office';
const done = z.null();

/** An operator's sign-in, password link and sign-out under /api/v1/admin/auth. */
export function operatorRoutes(deps: ShopDeps) {
  /** Signing out, and who is signed in, before the second factor is on too (production asks for it first). */
  const guard = () => ({ middleware: requireOperator(deps, undefined, { enrolling: true }) });
  const manage = () => ({ middleware: requireOperator(deps, 'operators.manage') });
  return createRouter()
    .openapi(
      jsonRoute({
        method: 'post',
        tag,
        path: '/auth/signIn',
        summary: "Sign an operator in (own cookie, SameSite=Strict); -241 asks for the second factor's code",
        body: operatorSignInBodySchema,
        data: operatorSchema,
      }),
      async (c) => {
        const body = c.req.valid('json');
        await countPasswordGuess(deps.db, deps.config.limits, {
          action: 'operator-sign-in',
          address: clientAddress(c, deps.config),
          account: body.email,
        });
        const previous = operatorToken(c);
        if (previous) await endOperatorSession(deps.db, previous);
        const { operator, token } = await signInOperator(deps.db, deps.config, body);
        setOperatorCookie(c, deps.config, token);
        const view = { ...operatorView(operator), secondFactorRequired: deps.config.production };
        await recordAudit(
          deps.db,
          { operatorId: operator.id, email: operator.email },
          {
            action: 'operator.sign-in',
            subject: operator.email,
            after: view.secondFactor ? { secondFactor: true } : undefined,
          },
        );
        return ok(c, view);
      },
    )
    .openapi(
      jsonRoute({
        method: 'post',
        tag,
        path: '/auth/setPassword',
        summary: "Set an operator's password with a one-time link",
        body: setOperatorPasswordBodySchema,
        data: done,
      }),
      async (c) => {
        const body = c.req.valid('json');
        await countAttempt(deps.db, deps.config.limits, {
          action: 'operator-sign-in',
          address: clientAddress(c, deps.config),
        });
        await setOperatorPassword(deps.db, deps.config, body.token, body.password);
        return ok(c, null);
      },
    )
    .openapi(
      {
        ...getRoute({
          tag,
          path: '/auth/me',
          summary: 'The signed-in operator',
          query: z.object({}),
          data: operatorSchema,
        }),
        ...guard(),
      },
      (c) => {
        const { email, role, secondFactor, language } = operatorOf(c);
        return ok(c, { email, role, secondFactor, secondFactorRequired: deps.config.production, language });
      },
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/auth/setLanguage',
          summary: 'The language the back office and the API speak to this operator',
          body: operatorLanguageBodySchema,
          data: done,
        }),
        ...guard(),
      },
      async (c) => {
        await deps.db
          .update(operators)
          .set({ language: c.req.valid('json').language })
          .where(eq(operators.id, operatorOf(c).id));
        return ok(c, null);
      },
    )
    .openapi(
      {
        ...getRoute({
          tag,
          path: '/operators/list',
          summary: 'Every operator with role and state (admins)',
          query: z.object({}),
          data: z.array(operatorAccountSchema),
        }),
        ...manage(),
      },
      async (c) => ok(c, await listOperators(deps.db)),
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/operators/add',
          summary: "Add an operator or change one's role; answers a one-time link to set the password",
          body: addOperatorBodySchema,
          data: passwordLinkSchema,
        }),
        ...manage(),
      },
      async (c) => ok(c, await addOperator(deps.db, actorOf(c), c.req.valid('json'), deps.config.publicOrigin)),
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/operators/setDisabled',
          summary: 'Disable an operator (signed out everywhere) or enable them again',
          body: operatorDisabledBodySchema,
          data: operatorAccountSchema,
        }),
        ...manage(),
      },
      async (c) => {
        const { email, disabled } = c.req.valid('json');
        return ok(c, await setOperatorDisabled(deps.db, actorOf(c), email, disabled));
      },
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/operators/resetPassword',
          summary: "End an operator's password and sessions; answers a one-time link to set a new one",
          body: operatorEmailBodySchema,
          data: passwordLinkSchema,
        }),
        ...manage(),
      },
      async (c) =>
        ok(c, await resetOperatorPassword(deps.db, actorOf(c), c.req.valid('json').email, deps.config.publicOrigin)),
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/auth/signOut',
          summary: 'Sign out of this browser',
          body: z.object({}),
          data: done,
        }),
        ...guard(),
      },
      async (c) => {
        await endOperatorSession(deps.db, operatorToken(c)!);
        clearOperatorCookie(c, deps.config);
        return ok(c, null);
      },
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/auth/signOutEverywhere',
          summary: 'End every session of this operator',
          body: z.object({}),
          data: done,
        }),
        ...guard(),
      },
      async (c) => {
        await endOperatorSessions(deps.db, operatorOf(c).id);
        clearOperatorCookie(c, deps.config);
        return ok(c, null);
      },
    );
}
