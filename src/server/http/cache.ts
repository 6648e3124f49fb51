import { createHash } from 'node:crypto';
import { etag } from 'hono/etag';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context';

/**
 * Public reads (the catalogue, adverts, site info, reviews) are the same for every visitor of a
 * language and currency, so a CDN or the browser may keep them briefly and serve a stale copy while
 * it asks again; the ETag lets it ask cheaply (304 with no body). Everything else stays `no-store`
 * (set for every API response), so nothing personal is ever cached.
 */
export function publicRead(options: { maxAgeSeconds: number; staleSeconds: number } = { maxAgeSeconds: 60, staleSeconds: 600 }) {
  // Node's own SHA-1 on the body: Web Crypto's digest is a thread-pool job per response, which the
  // profile of the product list showed as about a sixth of what building the queries costs.
  const tagged = etag({ generateDigest: (body) => toArrayBuffer(createHash('sha1').update(body).digest()) });
  return createMiddleware<AppEnv>((c, next) =>
    tagged(c, async () => {
      await next();
      if (c.res.status !== 200 || c.res.headers.has('Set-Cookie')) return;
      c.res.headers.set('Cache-Control', `public, max-age=${options.maxAgeSeconds}, stale-while-revalidate=${options.staleSeconds}`);
      c.res.headers.set('Vary', 'Language, Currency, Accept-Encoding');
    }),
  );
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

const toArrayBuffer = (buffer: Buffer) => buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
