import { createHash } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { CatalogueCache } from '../db/catalogue-cache';
import type { AppEnv } from './context';

/**
 * Public reads (the catalogue, adverts, site info, reviews) are the same for every visitor of a
 * language and currency, so a CDN or the browser may keep them briefly and serve a stale copy while
 * it asks again; the ETag lets it ask cheaply (304 with no body). Everything else stays `no-store`
 * (set for every API response), so nothing personal is ever cached.
 *
 * This process keeps each answer, with its ETag, until the catalogue changes (`CatalogueCache`), so
 * a read is computed once per change rather than once per request. Failed answers and answers that
 * set a cookie are never kept.
 */
export function publicRead(
  cache: CatalogueCache,
  options: { maxAgeSeconds: number; staleSeconds: number } = { maxAgeSeconds: 60, staleSeconds: 600 },
) {
  const cacheControl = `public, max-age=${options.maxAgeSeconds}, stale-while-revalidate=${options.staleSeconds}`;
  return createMiddleware<AppEnv>(async (c, next) => {
    let ranHere = false;
    const answer = await cache.remember<KeptAnswer>(
      `${pathAndQuery(c.req.url)}|${c.get('language')}|${c.get('currency')}`,
      async () => {
        ranHere = true;
        await next();
        if (c.res.status !== 200 || c.res.headers.has('Set-Cookie')) return null;
        // Kept as text: Hono's Node adapter writes a string body as it is, where a buffer is copied into a web Response.
        const body = await c.res.clone().text();
        return {
          body,
          type: c.res.headers.get('Content-Type') ?? 'application/json',
          etag: `"${createHash('sha1').update(body).digest('hex')}"`,
        };
      },
    );
    if (!answer) {
      if (!ranHere) await next();
      return;
    }
    const headers = { ETag: answer.etag, 'Cache-Control': cacheControl, Vary: 'Language, Currency, Accept-Encoding' };
    const current = etagMatches(answer.etag, c.req.header('If-None-Match'));
    if (ranHere) {
      // The handler's own response: Hono carries its headers over to any response that replaces it.
      for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
      if (current) c.res = new Response(null, { status: 304 });
      return;
    }
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
    if (current) return c.body(null, 304);
    c.header('Content-Type', answer.type);
    return c.body(answer.body);
  });
}

/** The path and query of a URL. */
const pathAndQuery = (url: string) => url.slice(url.indexOf('/', url.indexOf('//') + 2));

/** A public read's answer as this process keeps it. */
type KeptAnswer = { body: string; type: string; etag: string };

/** If-None-Match names this ETag (weak or strong), or any. */
function etagMatches(etag: string, ifNoneMatch: string | undefined): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.trim() === '*' || (ifNoneMatch.match(/"[^"]*"/g)?.includes(etag) ?? false);
}

/** The API's public reads (under /api/v1). */
export const publicReadPaths = [
  '/goods/queryProductList',
  '/goods/getProductDetails',
  '/goods/recommendations',
  '/goods/newArrivals',
  '/goods/comment/getProductCommentList',
  '/goods/catalogueSnapshot',
  '/advertising/getAdvertisingList',
  '/advertising/getAdvertising',
  '/site/getSiteInfo',
  '/site/querySiteOptionList',
  '/language/queryLanguageOptionList',
  '/currency/queryCurrencyOptionList',
];
