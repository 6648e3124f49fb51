/**
 * Which prebuilt page answers a request. Pages are built once per language × currency under
 * `/{variant}/…` (e.g. `/zh-cny/productsList/`); customers see the storefront spec's routes. The
 * variant comes from `?lang=`/`?currency=` (links for search engines and shared links), else from the
 * `site` cookie that mirrors the browser's stored site info, else EN/USD.
 *
 * Pure: the Netlify edge function and the local Node server both call it. It imports only relative
 * modules, with extensions, so the edge's Deno bundler needs no aliases.
 */
import { currencies, languages, SITE_COOKIE, type Currency, type Language, type Variant } from '../lib/locale.ts';
/**
 * `rewrite`: the prebuilt page to serve (null: serve the path as it is). `notFound`: answer it with
 * status 404. `shareCode`: the path may be a share code; the server looks it up and answers 404 when
 * no customer has it (see `pageStatus`).
 */
export type RewriteDecision = {
  rewrite: string | null;
  setSiteCookie: string | null;
  notFound: boolean;
  shareCode: string | null;
};

export const variantSlug = ({ language, currency }: Variant) => `${language}-${currency}`.toLowerCase();
export const allVariants: Variant[] = languages.flatMap((language) =>
  currencies.map((currency) => ({ language, currency })),
);

/** Routes served by one page whatever follows in the path, e.g. `/updatePwd/{token}`. */
const pathParamRoutes = ['updatePwd', 'verify'];

/** The storefront's routes (spec §2), as prebuilt page paths. */
export const pageRoutes = [
  '/',
  '/productsList',
  '/productsList/details',
  '/pay',
  '/order',
  '/pay_result',
  '/apply-text',
  '/privacy',
  '/sign',
  '/shoppingCart',
  '/my/order',
  '/my/order/details',
  '/my/changePassword',
  '/my/user',
  '/my/account_set',
  '/my/address',
  '/order/energy',
  '/order/shareEnergy',
  '/order/shareRecords',
  '/order/recharge',
  '/order/friends',
  '/updatePwd',
  '/verify',
] as const;

/**
 * First path segments the shop uses or keeps for later: never taken for a share code, and never drawn
 * as one (auth's `drawCode` skips them). Compared without regard to letter case. One list.
 */
export const reservedSegments: readonly string[] = [
  ...new Set([
    ...pageRoutes.map((route) => route.split('/')[1] ?? '').filter(Boolean),
    ...[
      'api',
      '_astro',
      'media',
      'admin',
      'search',
      'referral',
      '404',
      'account',
      'login',
      'logout',
      'register',
      'checkout',
      'cart',
      'help',
      'about',
      'contact',
      'privacy',
      'terms',
      'shop',
      'products',
      'assets',
      'static',
      'icons',
      'images',
      'manifest',
      'sitemap',
      'robots',
      'favicon',
      'health',
      'status',
      'offline',
    ],
  ]),
];
const reserved = new Set(reservedSegments.map((segment) => segment.toLowerCase()));
export const isReservedSegment = (segment: string) => reserved.has(segment.toLowerCase());

/** What a share link's path may hold: 4–16 letters or digits that are not a reserved segment. */
export const isCodeShaped = (segment: string) => /^[A-Za-z0-9]{4,16}$/.test(segment) && !isReservedSegment(segment);

const parseVariant = (value: string | null | undefined): Variant | null => {
  const [language, currency] = (value ?? '').toUpperCase().split('-');
  return (languages as readonly string[]).includes(language ?? '') &&
    (currencies as readonly string[]).includes(currency ?? '')
    ? { language: language as Language, currency: currency as Currency }
    : null;
};

const siteCookiePattern = new RegExp(`(?:^|;\\s*)${SITE_COOKIE}=([^;]*)`);

export function readSiteCookie(cookieHeader: string | null | undefined): Variant | null {
  const match = siteCookiePattern.exec(cookieHeader ?? '');
  return parseVariant(match?.[1] ? decodeURIComponent(match[1]) : null);
}

export function decideRewrite(url: URL, cookieHeader: string | null | undefined): RewriteDecision {
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const untouched: RewriteDecision = { rewrite: null, setSiteCookie: null, notFound: false, shareCode: null };
  if (path.startsWith('/api/') || path.startsWith('/_astro/') || /\.[a-z0-9]+$/i.test(path)) return untouched;
  // The back office: one page, English, never a referral code.
  if (path === '/admin' || path.startsWith('/admin/')) return { ...untouched, rewrite: '/admin' };
  if (
    allVariants.some((variant) => path === `/${variantSlug(variant)}` || path.startsWith(`/${variantSlug(variant)}/`))
  ) {
    return untouched;
  }

  const fromCookie = readSiteCookie(cookieHeader);
  const base = fromCookie ?? { language: 'EN', currency: 'USD' };
  const queryLanguage = url.searchParams.get('lang')?.toUpperCase();
  const queryCurrency = url.searchParams.get('currency')?.toUpperCase();
  const variant: Variant = {
    language: (languages as readonly string[]).includes(queryLanguage ?? '')
      ? (queryLanguage as Language)
      : base.language,
    currency: (currencies as readonly string[]).includes(queryCurrency ?? '')
      ? (queryCurrency as Currency)
      : base.currency,
  };
  const changed = variant.language !== fromCookie?.language || variant.currency !== fromCookie?.currency;
  const setSiteCookie = (queryLanguage || queryCurrency) && changed ? `${variant.language}-${variant.currency}` : null;

  const page = pagePath(path, url.searchParams);
  const shareCode = page === '/referral' ? path.slice(1) : null;
  return { rewrite: `/${variantSlug(variant)}${page}`, setSiteCookie, notFound: page === '/404', shareCode };
}

/**
 * The prebuilt page for a customer-facing path, below its variant's folder ('' for the variant's home
 * page); another single segment shaped like a code is a referral code. A page is named without a
 * trailing slash: each is a file of its own (`/en-usd/productsList/details/12` is
 * `en-usd/productsList/details/12.html`, `pageFileOf`).
 */
function pagePath(path: string, query: URLSearchParams): string {
  if (path === '/') return '';
  if (path === '/productsList') {
    const category = query.get('category');
    return category && /^[a-z-]{1,30}$/.test(category) ? `/productsList/category/${category}` : '/productsList';
  }
  if (path === '/productsList/details') {
    const id = query.get('id');
    return id && /^\d{1,9}$/.test(id) ? `/productsList/details/${id}` : '/productsList';
  }
  const [first] = path.slice(1).split('/');
  if (pathParamRoutes.includes(first ?? '')) return `/${first}`;
  if ((pageRoutes as readonly string[]).includes(path)) return path;
  if (path.lastIndexOf('/') === 0 && isCodeShaped(path.slice(1))) return '/referral';
  return '/404';
}

/**
 * The file of the prebuilt page at `path` (Astro's `build.format: 'file'`): `/en-usd/productsList/`
 * and `/en-usd/productsList` are `en-usd/productsList.html`, `/` is `index.html`; a path that names a
 * file (`/sitemap.xml`) is that file. A page is a file rather than a folder with an `index.html`: a
 * release of 90,000 pages makes half as many inodes and no folder per page (docs/decisions/097).
 */
export function pageFileOf(path: string): string {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  if (!trimmed) return 'index.html';
  return /\.[a-z0-9]+$/i.test(trimmed) ? trimmed : `${trimmed}.html`;
}

/** How long the edge waits for the code lookup before serving the referral page, which checks again. */
export const CODE_LOOKUP_TIMEOUT_MS = 1500;
/** How long a lookup's answer is reused (codes are drawn once and never change hands). */
const CODE_LOOKUP_TTL_MS = 60_000;
const CODE_LOOKUP_CACHE_SIZE = 1000;

/** Asks the API whether a share code exists: true, false, or null when it could not tell. */
export type CodeLookup = (code: string) => Promise<boolean | null>;

/** The API's cheap lookup (`share/checkCode`), for a server that reaches the API by `fetch`. */
export const fetchCodeLookup =
  (fetchApi: (path: string, init: { signal: AbortSignal }) => Promise<Response>): CodeLookup =>
  async (code) => {
    const response = await fetchApi(`/api/v1/share/checkCode?code=${encodeURIComponent(code)}`, {
      signal: AbortSignal.timeout(CODE_LOOKUP_TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { code?: number; data?: { exists?: unknown } };
    return body.code === 1 && typeof body.data?.exists === 'boolean' ? body.data.exists : null;
  };

/** Remembers lookups for a minute, at most a thousand of them, so a shared link's rush costs one API call. */
export function cachedCodeLookup(lookup: CodeLookup, now = () => Date.now()): CodeLookup {
  const cache = new Map<string, { exists: boolean; until: number }>();
  return async (code) => {
    const key = code.toUpperCase();
    const hit = cache.get(key);
    if (hit && hit.until > now()) return hit.exists;
    const exists = await lookup(key);
    if (exists === null) return null;
    if (cache.size >= CODE_LOOKUP_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(key, { exists, until: now() + CODE_LOOKUP_TTL_MS });
    return exists;
  };
}

/**
 * The status of the page a decision serves: 404 for a missing page and for a code no customer has.
 * A lookup that fails or is slow serves the referral page with 200: it checks the code itself.
 */
export async function pageStatus(decision: RewriteDecision, lookup: CodeLookup): Promise<200 | 404> {
  if (decision.notFound) return 404;
  if (!decision.shareCode) return 200;
  const exists = await lookup(decision.shareCode).catch(() => null);
  return exists === false ? 404 : 200;
}

export const siteCookieValue = (variant: Variant) => `${variant.language}-${variant.currency}`;
