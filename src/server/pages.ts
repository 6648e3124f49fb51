import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { compress } from 'hono/compress';
import { setCookie } from 'hono/cookie';
import { SITE_COOKIE, decideRewrite } from '@/edge/rewrite';

const ONE_YEAR = 365 * 24 * 3600;

/**
 * Serves the prebuilt pages the way the CDN does: the same rewrite decision picks the page of the
 * customer's language and currency.
 */
export function servePages(app: Hono, siteDir: string) {
  const root = path.relative(process.cwd(), siteDir) || '.';
  app.use('*', compress());
  app.use('*', async (c, next) => {
    const decision = decideRewrite(new URL(c.req.url), c.req.header('Cookie'));
    if (decision.setSiteCookie) setCookie(c, SITE_COOKIE, decision.setSiteCookie, { path: '/', sameSite: 'Lax', maxAge: ONE_YEAR });
    return serveStatic({
      root,
      rewriteRequestPath: (requestPath) => decision.rewrite ?? requestPath,
      onFound: (file, found) => {
        found.header('Cache-Control', file.includes('/_astro/') ? `public, max-age=${ONE_YEAR}, immutable` : 'public, max-age=0, must-revalidate');
        if (decision.rewrite) found.header('Vary', 'Cookie');
      },
    })(c, next);
  });
  app.notFound(async (c) => {
    const page = await readFile(path.join(siteDir, 'en-usd', '404', 'index.html'), 'utf8').catch(() => null);
    return page ? c.html(page, 404) : c.text('Not found', 404);
  });
}
