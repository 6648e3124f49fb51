/**
 * The `_redirects` of a Netlify site in front of the shop (docs/decisions/085). The browser calls the
 * API on the site's own origin, so `/api/v1/*` is proxied to SHOP_API_ORIGIN. With SHOP_PAGES_ORIGIN
 * (the shop's servers, usually the same origin) every other path is proxied there too, forced over
 * the files of the site's own build: shoppers then get the release the shop published, which
 * Netlify's cache keeps until the publish purges the pages it changed. Without it, the site serves
 * the pages it built (the build hook's way). Answers null when there is nothing to proxy.
 */
export function netlifyRedirects(env: {
  SHOP_API_ORIGIN?: string | undefined;
  SHOP_PAGES_ORIGIN?: string | undefined;
}): string | null {
  const origin = (value: string | undefined) => value?.trim().replace(/\/+$/, '') || null;
  const api = origin(env.SHOP_API_ORIGIN);
  const pages = origin(env.SHOP_PAGES_ORIGIN);
  const rules = [
    ...(api ? [`/api/v1/*  ${api}/api/v1/:splat  200!`] : []),
    ...(pages ? [`/*  ${pages}/:splat  200!`] : []),
  ];
  return rules.length > 0 ? `${rules.join('\n')}\n` : null;
}
