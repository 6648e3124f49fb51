import type { Config, Context } from '@netlify/edge-functions';
import { SITE_COOKIE, decideRewrite } from '../../src/edge/rewrite.ts';

/** Picks the prebuilt page for the customer's language and currency (see src/edge/rewrite.ts). */
export default async (request: Request, context: Context) => {
  const decision = decideRewrite(new URL(request.url), request.headers.get('cookie'));
  if (decision.setSiteCookie) {
    context.cookies.set({ name: SITE_COOKIE, value: decision.setSiteCookie, path: '/', sameSite: 'Lax', maxAge: 365 * 24 * 3600 });
  }
  return decision.rewrite ? new URL(decision.rewrite, request.url) : undefined;
};

export const config: Config = { path: '/*', excludedPath: ['/api/*', '/_astro/*'] };
