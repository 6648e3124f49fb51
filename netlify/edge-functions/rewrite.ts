import type { Config, Context } from '@netlify/edge-functions';
import { cachedCodeLookup, decideRewrite, fetchCodeLookup, pageFileOf, pageStatus } from '../../src/edge/rewrite.ts';
import { SITE_COOKIE } from '../../src/lib/locale.ts';

/** Lookups of share codes, reused for a minute by this edge instance. */
let lookup: ReturnType<typeof cachedCodeLookup> | undefined;

/**
 * Picks the prebuilt page for the customer's language and currency (see src/edge/rewrite.ts). A
 * missing page, and a share link whose code no customer has, answer 404 with the page in the
 * customer's language; every other page is a plain rewrite, so the CDN serves it without delay.
 */
export default async (request: Request, context: Context) => {
  const decision = decideRewrite(new URL(request.url), request.headers.get('cookie'));
  if (decision.setSiteCookie) {
    context.cookies.set({
      name: SITE_COOKIE,
      value: decision.setSiteCookie,
      path: '/',
      sameSite: 'Lax',
      maxAge: 365 * 24 * 3600,
      secure: new URL(request.url).protocol === 'https:',
    });
  }
  if (!decision.rewrite) return undefined;
  // The page's own file (`/en-usd/productsList.html`): each page is a file, and a path that names one
  // is served as it is, whatever the host makes of a path without an extension.
  const page = new URL(`/${pageFileOf(decision.rewrite)}`, request.url);
  if (!decision.notFound && !decision.shareCode) return page;

  // The API is proxied on the shop's own origin (dist/_redirects), so the lookup asks the same origin.
  lookup ??= cachedCodeLookup(fetchCodeLookup((path, init) => fetch(new URL(path, request.url), init)));
  if ((await pageStatus(decision, lookup)) === 200) return page;
  const served = await fetch(page);
  // fetch has already decoded the body: its length and encoding headers no longer describe it.
  const headers = new Headers(served.headers);
  headers.delete('content-encoding');
  headers.delete('content-length');
  return new Response(served.body, { status: 404, headers });
};

export const config: Config = { path: '/*', excludedPath: ['/api/*', '/_astro/*'] };
