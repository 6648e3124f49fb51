import { Hono } from 'hono';
import type { ShopDeps } from '@/server/deps';
import type { AppEnv } from '@/server/http/context';
import { contentTypeOf } from './storage';

/**
 * Serves stored pictures. Keys change when a picture changes, so they are cached for a year, by
 * browsers and by a CDN in front of the shop too: Netlify keeps what it proxies only when told to
 * (`Netlify-CDN-Cache-Control`, or the standard `CDN-Cache-Control` other CDNs read).
 */
export function mediaRoutes(deps: Pick<ShopDeps, 'storage'>) {
  return new Hono<AppEnv>().get('/:key{.+}', async (c) => {
    const key = c.req.param('key');
    const body = await deps.storage.get(key);
    if (!body) return c.notFound();
    return c.body(new Uint8Array(body), 200, {
      'Content-Type': contentTypeOf(key),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'CDN-Cache-Control': 'public, max-age=31536000, immutable',
      'Netlify-CDN-Cache-Control': 'public, max-age=31536000, immutable',
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'X-Content-Type-Options': 'nosniff',
    });
  });
}
