import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { compress } from 'hono/compress';
import { setCookie } from 'hono/cookie';
import { HASHES_FILE, readScriptHashes } from '@/publish/header-policy';
import { SITE_COOKIE } from '@/lib/locale';
import {
  cachedCodeLookup,
  decideRewrite,
  fetchCodeLookup,
  pageFileOf,
  pageStatus,
  readSiteCookie,
  variantSlug,
} from '@/edge/rewrite';
import { checkoutSdkUrl, headersFor, isHttps, siteHeaderRules, type HeaderRule } from '@/lib/security-headers';
import { CDN_CACHE_CONTROL, pageTag } from '@/server/cdn/netlify-cache';
import type { Config } from '@/server/config';
import { previousRelease, servedDir } from './release';

const ONE_YEAR = 365 * 24 * 3600;

/**
 * The header rules for the pages, from the one policy (src/lib/security-headers.ts) with this
 * server's settings and the script hashes of the pages as last built (re-read after a rebuild).
 */
function headerRules(config: Pick<Config, 'publicOrigin' | 'payment'>, siteDir: string) {
  let built: { release: string; mtime: number; rules: HeaderRule[] } | undefined;
  return async () => {
    const release = servedDir(siteDir);
    const mtime = (await stat(path.join(release, HASHES_FILE)).catch(() => null))?.mtimeMs ?? 0;
    if (built?.release !== release || built.mtime !== mtime) {
      const paypalSdkUrl = checkoutSdkUrl(config.payment.provider, config.payment.paypal.sdkUrl);
      built = {
        release,
        mtime,
        rules: siteHeaderRules({
          publicOrigin: config.publicOrigin,
          paypalSdkUrl,
          scriptHashes: await readScriptHashes(release),
        }),
      };
    }
    return built.rules;
  };
}

/**
 * Serves the prebuilt pages the way the CDN does: the same rewrite decision picks the page of the
 * customer's language and currency, the same lookup (the API's `share/checkCode`, asked in process)
 * answers 404 for a code no customer has, and the same header rules as Netlify's `_headers` apply.
 * Files are looked up through the site's `current` link on every request, so a publish switches the
 * served release without a restart.
 */
export function servePages(app: Hono, siteDir: string, config: Pick<Config, 'publicOrigin' | 'payment' | 'cdn'>) {
  const rules = headerRules(config, siteDir);
  const lookup = cachedCodeLookup(fetchCodeLookup((apiPath, init) => Promise.resolve(app.request(apiPath, init))));
  app.use('*', async (c, next) => {
    await next();
    const current = await rules();
    // The rules match the path the customer asked for and the prebuilt page that answered it.
    const rewritten = decideRewrite(new URL(c.req.url), c.req.header('Cookie')).rewrite;
    const headers = {
      // What Netlify's CDN sends for a page by default; the rules say when a file may be kept longer or never.
      'Cache-Control': 'public, max-age=0, must-revalidate',
      ...headersFor(current, c.req.path),
      ...(rewritten ? headersFor(current, rewritten) : {}),
    };
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
    if (rewritten) c.res.headers.append('Vary', 'Cookie');
    // Behind Netlify's CDN a page is kept until a publish that changes it purges its tag (docs/decisions/085).
    if (
      config.cdn &&
      c.res.status === 200 &&
      c.res.headers.get('Content-Type')?.startsWith('text/html') &&
      !c.res.headers.get('Cache-Control')?.includes('no-store')
    ) {
      c.res.headers.set('Netlify-CDN-Cache-Control', CDN_CACHE_CONTROL);
      c.res.headers.set('Netlify-Cache-Tag', pageTag(rewritten ?? c.req.path));
      if (rewritten) c.res.headers.set('Netlify-Vary', `cookie=${SITE_COOKIE}`);
    }
  });
  app.use('*', compress());
  app.use('*', async (c, next) => {
    const decision = decideRewrite(new URL(c.req.url), c.req.header('Cookie'));
    if (decision.setSiteCookie) {
      setCookie(c, SITE_COOKIE, decision.setSiteCookie, {
        path: '/',
        sameSite: 'Lax',
        maxAge: ONE_YEAR,
        secure: isHttps(config.publicOrigin),
      });
    }
    const status = decision.rewrite ? await pageStatus(decision, lookup) : 200;
    const served = await serveStatic({
      root: path.relative(process.cwd(), servedDir(siteDir)) || '.',
      // Each page is a file of its own: the page at `/en-usd/productsList/` is `en-usd/productsList.html`.
      rewriteRequestPath: (requestPath) => `/${pageFileOf(decision.rewrite ?? requestPath)}`,
    })(c, next);
    if (status === 200 || !served) return served;
    return new Response(served.body, { status, headers: served.headers });
  });
  // A page opened just before a publish may still ask for the scripts of its release.
  app.use('/_astro/*', async (c, next) => {
    const previous = await previousRelease(siteDir);
    if (!previous) return next();
    return serveStatic({ root: path.relative(process.cwd(), previous) })(c, next);
  });
  app.notFound(async (c) => {
    const variant = readSiteCookie(c.req.header('Cookie')) ?? { language: 'EN', currency: 'USD' };
    const page = await readFile(
      path.join(servedDir(siteDir), pageFileOf(`/${variantSlug(variant)}/404`)),
      'utf8',
    ).catch(() => null);
    return page ? c.html(page, 404) : c.text('Not found', 404);
  });
}
