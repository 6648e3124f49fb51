/**
 * Which prebuilt page answers a request. Pages are built once per language × currency under
 * `/{variant}/…` (e.g. `/zh-cny/productsList/`); customers see the storefront spec's routes. The
 * variant comes from `?lang=`/`?currency=` (links for search engines and shared links), else from the
 * `site` cookie that mirrors the browser's stored site info, else EN/USD.
 *
 * Pure: the Netlify edge function and the local Node server both call it. It imports only relative
 * modules, with extensions, so the edge's Deno bundler needs no aliases.
 */
import { currencies, languages, type Currency, type Language } from '../lib/locale.ts';

export const SITE_COOKIE = 'site';

export type Variant = { language: Language; currency: Currency };
export type RewriteDecision = { rewrite: string | null; setSiteCookie: string | null };

export const variantSlug = ({ language, currency }: Variant) => `${language}-${currency}`.toLowerCase();
export const allVariants: Variant[] = languages.flatMap((language) => currencies.map((currency) => ({ language, currency })));

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

const parseVariant = (value: string | null | undefined): Variant | null => {
  const [language, currency] = (value ?? '').toUpperCase().split('-');
  return (languages as readonly string[]).includes(language ?? '') && (currencies as readonly string[]).includes(currency ?? '')
    ? { language: language as Language, currency: currency as Currency }
    : null;
};

export function readSiteCookie(cookieHeader: string | null | undefined): Variant | null {
  const match = /(?:^|;\s*)site=([^;]*)/.exec(cookieHeader ?? '');
  return parseVariant(match?.[1] ? decodeURIComponent(match[1]) : null);
}

export function decideRewrite(url: URL, cookieHeader: string | null | undefined): RewriteDecision {
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const untouched = { rewrite: null, setSiteCookie: null };
  if (path.startsWith('/api/') || path.startsWith('/_astro/') || /\.[a-z0-9]+$/i.test(path)) return untouched;
  if (allVariants.some((variant) => path === `/${variantSlug(variant)}` || path.startsWith(`/${variantSlug(variant)}/`))) {
    return untouched;
  }

  const fromCookie = readSiteCookie(cookieHeader);
  const base = fromCookie ?? { language: 'EN', currency: 'USD' };
  const queryLanguage = url.searchParams.get('lang')?.toUpperCase();
  const queryCurrency = url.searchParams.get('currency')?.toUpperCase();
  const variant: Variant = {
    language: (languages as readonly string[]).includes(queryLanguage ?? '') ? (queryLanguage as Language) : base.language,
    currency: (currencies as readonly string[]).includes(queryCurrency ?? '') ? (queryCurrency as Currency) : base.currency,
  };
  const changed = variant.language !== fromCookie?.language || variant.currency !== fromCookie?.currency;
  const setSiteCookie = (queryLanguage || queryCurrency) && changed ? `${variant.language}-${variant.currency}` : null;

  const page = pagePath(path, url.searchParams);
  return { rewrite: `/${variantSlug(variant)}${page}`, setSiteCookie };
}

/** The prebuilt page for a customer-facing path; any other single segment is a referral code. */
function pagePath(path: string, query: URLSearchParams): string {
  if (path === '/') return '/';
  if (path === '/productsList') {
    const category = query.get('category');
    return category && /^[a-z-]{1,30}$/.test(category) ? `/productsList/category/${category}/` : '/productsList/';
  }
  if (path === '/productsList/details') {
    const id = query.get('id');
    return id && /^\d{1,9}$/.test(id) ? `/productsList/details/${id}/` : '/productsList/';
  }
  const [first] = path.slice(1).split('/');
  if (pathParamRoutes.includes(first ?? '')) return `/${first}/`;
  if ((pageRoutes as readonly string[]).includes(path)) return `${path}/`;
  if (/^\/[A-Za-z0-9]{4,16}$/.test(path)) return '/referral/';
  return '/404/';
}

export const siteCookieValue = (variant: Variant) => `${variant.language}-${variant.currency}`;
