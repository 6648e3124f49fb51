/**
 * The shop's one HTTP header policy. The Node server (pages and API) and the Netlify build (its
 * `_headers` file) both take their headers from here, so what a customer gets does not depend on
 * where the shop runs. Pure and with no imports: astro.config.mjs loads it as it is.
 */

export type HeaderPolicyInput = {
  /** The origin customers reach the shop at; https turns on HSTS (and Secure cookies elsewhere). */
  publicOrigin: string;
  /** Where the checkout loads PayPal's JavaScript SDK from (PAYPAL_SDK_URL); null when the shop takes no PayPal or card payment. */
  paypalSdkUrl: string | null;
  /** CSP hashes (`'sha256-…'`) of the inline scripts in the built pages, from Astro's CSP support. */
  scriptHashes: readonly string[];
};

export type HeaderRule = { path: string; headers: Record<string, string> };

/** Two years, as HSTS preload lists ask. */
const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * Where PayPal's SDK, card fields and popup come from. The real SDK at paypal.com pulls its parts
 * from PayPal's own domains; a stand-in (tests, a sandbox proxy) is only its own origin.
 */
export function paypalOrigins(sdkUrl: string | null): string[] {
  if (!sdkUrl) return [];
  const { origin, hostname } = new URL(sdkUrl);
  return /(^|\.)paypal\.com$/.test(hostname) ? ['https://*.paypal.com', 'https://*.paypalobjects.com'] : [origin];
}

export const DEFAULT_PAYPAL_SDK_URL = 'https://www.paypal.com/sdk/js';

/** The SDK the pages load: PayPal's (PAYPAL_SDK_URL) when the shop takes payments through PayPal, else none. */
export const checkoutSdkUrl = (provider: string | undefined, sdkUrl: string | undefined) =>
  provider === 'paypal' ? (sdkUrl ?? DEFAULT_PAYPAL_SDK_URL) : null;

export const isHttps = (publicOrigin: string) => publicOrigin.startsWith('https:');

const policy = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');

/**
 * The pages' Content-Security-Policy: scripts only from the shop's own files, the hashed inline
 * scripts Astro writes and PayPal's SDK; no plugins, no <base>, forms only to the shop (and PayPal's
 * own pages in its popup), and no other site may frame a page.
 */
export function pageCsp(input: HeaderPolicyInput): string {
  const paypal = paypalOrigins(input.paypalSdkUrl);
  return policy({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...input.scriptHashes, ...paypal],
    // Inline styles (Astro inlines its stylesheets; PayPal's fields style themselves): styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...paypal],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...paypal],
    'frame-src': paypal.length ? paypal : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'", ...paypal],
    'frame-ancestors': ["'none'"],
    ...(isHttps(input.publicOrigin) ? { 'upgrade-insecure-requests': [] } : {}),
  });
}

/** The API answers JSON and pictures: nothing in it may run, load or be framed. */
export const apiCsp = policy({
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
});

/** The test payment page: the shop's own form on a plain page with inline styles. */
export const testGatewayCsp = policy({
  'default-src': ["'none'"],
  'style-src': ["'unsafe-inline'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
});

/** The newsletter's confirm and unsubscribe pages: the same plain page with one form. */
export const newsletterPageCsp = testGatewayCsp;

/** Features the shop never uses, denied to the pages and anything they embed. */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'serial',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** Headers every response carries, pages and API alike. */
function commonHeaders(input: Pick<HeaderPolicyInput, 'publicOrigin'>): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cross-Origin-Resource-Policy': 'same-origin',
    ...(isHttps(input.publicOrigin) ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}

/** Every page, script and picture of the storefront. PayPal's checkout popup needs the opener kept. */
export function pageHeaders(input: HeaderPolicyInput): Record<string, string> {
  return {
    'Content-Security-Policy': pageCsp(input),
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    ...commonHeaders(input),
  };
}

/** Every API response (JSON, pictures, the test payment page until it sets its own policy). */
export function apiHeaders(input: Pick<HeaderPolicyInput, 'publicOrigin'>): Record<string, string> {
  return {
    'Content-Security-Policy': apiCsp,
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...commonHeaders(input),
  };
}

/**
 * Pages that show a customer's own data (orders, the cart, the checkout, energy and friends, a
 * password-reset link): never stored by the browser or a shared cache, so the back button on a
 * shared computer or a proxy cannot show them to someone else. Customers reach them as `/my/order`
 * and the CDN serves them from `/en-usd/my/order/`; both spellings are listed.
 */
export const privatePages = ['/my', '/order', '/pay', '/pay_result', '/shoppingCart', '/updatePwd'];

export const NO_STORE = 'no-store';

/** Path patterns (`*` matches anything, `/` included) for the private pages, in both spellings. */
export const privatePagePatterns = privatePages.flatMap((page) => [page, `${page}/*`, `/*${page}`, `/*${page}/*`]);

/** The long-lived, content-hashed build files. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** All rules for the static site, in the order Netlify applies them (later rules add to earlier ones). */
export function siteHeaderRules(input: HeaderPolicyInput): HeaderRule[] {
  return [
    { path: '/*', headers: pageHeaders(input) },
    { path: '/_astro/*', headers: { 'Cache-Control': IMMUTABLE } },
    ...privatePagePatterns.map((path) => ({ path, headers: { 'Cache-Control': NO_STORE } })),
  ];
}

/** Whether a Netlify-style pattern matches a path (`*` matches any characters). */
export function matchesPath(pattern: string, path: string): boolean {
  const expression = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${expression}$`).test(path);
}

/** The headers the rules give a path. */
export function headersFor(rules: readonly HeaderRule[], path: string): Record<string, string> {
  return Object.assign({}, ...rules.filter((rule) => matchesPath(rule.path, path)).map((rule) => rule.headers));
}

/** Netlify's `_headers` file. */
export function netlifyHeadersFile(rules: readonly HeaderRule[]): string {
  const header = '# Generated from src/lib/security-headers.ts by the build; do not edit.\n';
  return (
    header +
    rules
      .map(
        (rule) =>
          `${rule.path}\n${Object.entries(rule.headers)
            .map(([name, value]) => `  ${name}: ${value}`)
            .join('\n')}\n`,
      )
      .join('')
  );
}
