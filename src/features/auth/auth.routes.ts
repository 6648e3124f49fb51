import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { CAPTCHA_COOKIE } from '@/features/captcha/captcha.routes';
import type { CartItem } from '@/lib/cart-items';
import type { ShopDeps } from '@/server/deps';
import type { AppEnv } from '@/server/http/context';
import { invalidInput } from '@/server/http/errors';
import { createRouter, getRoute, jsonRoute, ok } from '@/server/http/router';
import {
  emailQuerySchema,
  registerBodySchema,
  resetEmailSchema,
  resetPasswordBodySchema,
  resetRequestBodySchema,
  resetTokenBodySchema,
  signInBodySchema,
  userInfoQuerySchema,
  userInfoSchema,
} from './auth.schema';
import { signedOutUserInfo } from './auth';
import {
  getResetEmail,
  isEmailUnused,
  registerCustomer,
  requestPasswordReset,
  resetPassword,
  signIn,
  toUserInfo,
} from './auth.service';
import { rememberBrowser } from './browser';
import { clientAddress, countAttempt, countPasswordGuess, type LimitedAction } from './rate-limit';
import {
  clearSessionCookie,
  describeDevice,
  endSession,
  optionalUser,
  sessionToken,
  setSessionCookie,
  startSession,
  type User,
} from './session';

const tag = 'Login';

/**
 * What a sign-in or a registration sets off beyond the new session, told here and wired by the
 * composition root (src/app/app.ts): the cart folds the browser's cart, which the request carried,
 * into the account's. Each runs in turn before the answer.
 */
export type SignInHook = (signedIn: { userId: number; browserCart: CartItem[] }) => Promise<void>;

export function authRoutes(deps: ShopDeps, { onSignIn }: { onSignIn: SignInHook[] }) {
  const countAttemptOf = (c: Context<AppEnv>, action: LimitedAction, account?: string) =>
    countAttempt(deps.db, deps.config.limits, { action, address: clientAddress(c, deps.config), account });

  /** A new session at every sign-in (this browser's old one ends), the browser remembered, then what a sign-in sets off. */
  async function startSignedIn(c: Context<AppEnv>, user: User, browserCart: CartItem[] = []) {
    const previous = sessionToken(c);
    if (previous) await endSession(deps.db, previous);
    setSessionCookie(
      c,
      deps.config,
      await startSession(
        deps.db,
        user.id,
        deps.config.sessions.days,
        new Date(),
        describeDevice(c.req.header('User-Agent')),
      ),
    );
    await rememberBrowser(c, deps.db, deps.config, user.id);
    for (const hook of onSignIn) await hook({ userId: user.id, browserCart });
    return toUserInfo(user, deps.storage.url);
  }

  return createRouter()
    .openapi(
      jsonRoute({
        method: 'post',
        tag,
        path: '/register',
        summary: 'Create an account and sign in',
        body: registerBodySchema,
        data: userInfoSchema,
      }),
      async (c) => {
        const body = c.req.valid('json');
        await countAttemptOf(c, 'register', body.email);
        const user = await registerCustomer(deps, body, c.get('language'));
        return ok(c, await startSignedIn(c, user, body.cart));
      },
    )
    .openapi(
      jsonRoute({
        method: 'post',
        tag,
        path: '/pwdLogin',
        summary: 'Sign in with email and password',
        body: signInBodySchema,
        data: userInfoSchema,
      }),
      async (c) => {
        const body = c.req.valid('json');
        await countPasswordGuess(deps.db, deps.config.limits, {
          action: 'sign-in',
          address: clientAddress(c, deps.config),
          account: body.email,
        });
        const user = await signIn(deps, body);
        return ok(c, await startSignedIn(c, user, body.cart));
      },
    )
    .openapi(
      getRoute({
        tag,
        path: '/loginOut',
        summary: 'Sign out: the session ends on the server and the cookie is cleared',
        query: z.object({}),
        data: z.null(),
      }),
      async (c) => {
        // A GET that changes state: a link on another site must not sign the customer out.
        if (c.req.header('Sec-Fetch-Site') === 'cross-site') throw invalidInput('Sec-Fetch-Site');
        const token = sessionToken(c);
        if (token) await endSession(deps.db, token);
        clearSessionCookie(c, deps.config);
        return ok(c, null);
      },
    )
    .openapi(
      {
        ...getRoute({
          tag,
          path: '/getUserInfo',
          summary: 'The signed-in customer, or empty fields when signed out',
          query: userInfoQuerySchema,
          data: userInfoSchema,
        }),
        middleware: optionalUser(deps),
      },
      async (c) => {
        const signedIn = c.get('signedIn');
        return ok(c, signedIn ? toUserInfo(signedIn.user, deps.storage.url) : signedOutUserInfo);
      },
    )
    .openapi(
      getRoute({
        tag,
        path: '/checkUniqueByEmail',
        summary: 'True when no account uses the email',
        query: emailQuerySchema,
        data: z.boolean(),
      }),
      async (c) => {
        await countAttemptOf(c, 'email-check');
        return ok(c, await isEmailUnused(deps.db, c.req.valid('query').email));
      },
    )
    .openapi(
      jsonRoute({
        method: 'post',
        tag,
        path: '/preResetPwd',
        summary: 'Mail a password-reset link (needs the captcha answer)',
        body: resetRequestBodySchema,
        data: z.null(),
      }),
      async (c) => {
        const body = c.req.valid('json');
        await countAttemptOf(c, 'reset', body.email);
        await requestPasswordReset(deps, { ...body, captchaId: getCookie(c, CAPTCHA_COOKIE) });
        return ok(c, null);
      },
    )
    .openapi(
      jsonRoute({
        method: 'post',
        tag,
        path: '/getResetEmail',
        summary: 'The (masked) email a reset link is for',
        body: resetTokenBodySchema,
        data: resetEmailSchema,
      }),
      async (c) => ok(c, { email: await getResetEmail(deps.db, c.req.valid('json').token) }),
    )
    .openapi(
      jsonRoute({
        method: 'post',
        tag,
        path: '/updatePwd',
        summary: 'Set a new password from a reset link; every session ends',
        body: resetPasswordBodySchema,
        data: z.null(),
      }),
      async (c) => {
        await resetPassword(deps, c.req.valid('json'));
        return ok(c, null);
      },
    );
}
