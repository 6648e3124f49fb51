import { getCookie, setCookie } from 'hono/cookie';
import type { Context } from 'hono';
import type { Config } from '@/server/config';
import type { Executor } from '@/server/db/client';
import { customerBrowsers } from '@/server/db/schema';
import { hashToken, isWellFormedToken, newToken } from './tokens';

/*
 * The browser a customer uses: a first-party cookie of a random id, given at sign-in and registration
 * and kept across sign-out, so that a friend's order placed from the referrer's own browser can be told
 * (self-referral, docs/decisions/076-money-after-the-sale.md). Only its hash is stored.
 */

export const BROWSER_COOKIE = 'shop_browser';
/** The longest a browser keeps a cookie (RFC 6265bis caps Max-Age at 400 days): renewed at each sign-in. */
const FOUR_HUNDRED_DAYS = 400 * 24 * 60 * 60;

/** The hash of this browser's id, or null when it has none (or a malformed one). */
export function browserHashOf(c: Context): string | null {
  const id = getCookie(c, BROWSER_COOKIE);
  return id && isWellFormedToken(id) ? hashToken(id) : null;
}

/** This browser's id (a new one if it has none; its cookie renewed), remembered as one the customer uses. */
export async function rememberBrowser(
  c: Context,
  db: Executor,
  config: Pick<Config, 'publicOrigin'>,
  userId: number,
): Promise<void> {
  const known = getCookie(c, BROWSER_COOKIE);
  const id = known && isWellFormedToken(known) ? known : newToken();
  setCookie(c, BROWSER_COOKIE, id, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: config.publicOrigin.startsWith('https:'),
    path: '/',
    maxAge: FOUR_HUNDRED_DAYS,
  });
  await db
    .insert(customerBrowsers)
    .values({ userId, browserHash: hashToken(id) })
    .onConflictDoNothing();
}
