/**
 * Mozilla HTTP Observatory's scoring rules (https://developer.mozilla.org/en-US/observatory/docs/tests_and_scoring)
 * for the headers it checks, applied to a response: each test gives one result and its score
 * modifier; the score starts at 100, bonuses count only when the score without them is at least 90.
 * Redirection (http → https) is decided by the host in front of the shop and is not scored here.
 */

export type ObservedResponse = {
  headers: Headers;
  /** The page's HTML, for subresource integrity. */
  html?: string;
  /** Whether the site is reached over https. */
  https: boolean;
  /** The page's own origin, to tell its scripts from other sites'. */
  origin: string;
};

export type TestResult = { test: string; result: string; modifier: number };

const parsePolicy = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!.toLowerCase(), sources.map((source) => source.toLowerCase())]),
  );

function contentSecurityPolicy({ headers, https }: ObservedResponse): TestResult {
  const test = 'content-security-policy';
  const header = headers.get('Content-Security-Policy');
  if (!header) {
    return headers.get('Content-Security-Policy-Report-Only')
      ? { test, result: 'csp-not-implemented-but-reporting-enabled', modifier: -25 }
      : { test, result: 'csp-not-implemented', modifier: -25 };
  }
  const policy = parsePolicy(header);
  const fallback = (name: string) => policy.get(name) ?? policy.get('default-src');
  const scripts = fallback('script-src');
  const styles = fallback('style-src');
  if (!policy.has('default-src') && !policy.has('script-src'))
    return { test, result: 'csp-implemented-with-unsafe-inline', modifier: -20 };
  const hashedOrNonced = scripts?.some((source) => /^'(sha(256|384|512)-|nonce-)/.test(source)) ?? false;
  const strictDynamic = scripts?.includes("'strict-dynamic'") ?? false;
  const unsafeScripts = (scripts ?? []).some(
    (source) =>
      (source === "'unsafe-inline'" && !hashedOrNonced) ||
      source === 'data:' ||
      (!strictDynamic && (source === '*' || source === 'http:' || source === 'https:')),
  );
  if (unsafeScripts) return { test, result: 'csp-implemented-with-unsafe-inline', modifier: -20 };
  const insecure = (sources: string[] | undefined) => (sources ?? []).some((source) => source.startsWith('http:'));
  if (https && (insecure(scripts) || insecure(styles) || insecure(fallback('object-src'))))
    return { test, result: 'csp-implemented-with-insecure-scheme', modifier: -20 };
  if (scripts?.includes("'unsafe-eval'")) return { test, result: 'csp-implemented-with-unsafe-eval', modifier: -10 };
  if (https && ['img-src', 'media-src'].some((name) => insecure(fallback(name))))
    return { test, result: 'csp-implemented-with-insecure-scheme-in-passive-content-only', modifier: -10 };
  if (styles?.includes("'unsafe-inline'"))
    return { test, result: 'csp-implemented-with-unsafe-inline-in-style-src-only', modifier: 0 };
  if (policy.get('default-src')?.join(' ') === "'none'")
    return { test, result: 'csp-implemented-with-no-unsafe-default-src-none', modifier: 10 };
  return { test, result: 'csp-implemented-with-no-unsafe', modifier: 5 };
}

/** Observatory's heuristics: a cookie is a session cookie when its name says so. */
const sessionName = /(login|sess|token|auth|sid)/i;

function cookies({ headers, https }: ObservedResponse): TestResult {
  const test = 'cookies';
  const all = headers.getSetCookie();
  if (all.length === 0) return { test, result: 'cookies-not-found', modifier: 0 };
  const hsts = headers.has('Strict-Transport-Security');
  const parsed = all.map((cookie) => {
    const [pair, ...attributes] = cookie.split(';').map((part) => part.trim());
    const names = attributes.map((attribute) => attribute.split('=')[0]!.toLowerCase());
    const sameSite = attributes
      .find((attribute) => /^samesite=/i.test(attribute))
      ?.split('=')[1]
      ?.toLowerCase();
    return {
      name: pair!.split('=')[0]!,
      secure: names.includes('secure'),
      httpOnly: names.includes('httponly'),
      sameSite,
    };
  });
  if (parsed.some((cookie) => cookie.sameSite !== undefined && !['strict', 'lax', 'none'].includes(cookie.sameSite)))
    return { test, result: 'cookies-samesite-flag-invalid', modifier: -20 };
  const sessions = parsed.filter((cookie) => sessionName.test(cookie.name));
  if (sessions.some((cookie) => !cookie.httpOnly))
    return { test, result: 'cookies-session-without-httponly-flag', modifier: -30 };
  if (sessions.some((cookie) => !cookie.secure)) {
    return hsts
      ? { test, result: 'cookies-session-without-secure-flag-but-protected-by-hsts', modifier: -10 }
      : { test, result: 'cookies-session-without-secure-flag', modifier: -40 };
  }
  if (parsed.some((cookie) => !cookie.secure)) {
    return hsts || !https
      ? { test, result: 'cookies-without-secure-flag-but-protected-by-hsts', modifier: -5 }
      : { test, result: 'cookies-without-secure-flag', modifier: -20 };
  }
  return parsed.every((cookie) => cookie.sameSite)
    ? { test, result: 'cookies-secure-with-httponly-sessions-and-samesite', modifier: 5 }
    : { test, result: 'cookies-secure-with-httponly-sessions', modifier: 0 };
}

function crossOriginResourceSharing({ headers }: ObservedResponse): TestResult {
  const test = 'cross-origin-resource-sharing';
  const origin = headers.get('Access-Control-Allow-Origin');
  if (!origin) return { test, result: 'cross-origin-resource-sharing-not-implemented', modifier: 0 };
  if (origin === '*')
    return { test, result: 'cross-origin-resource-sharing-implemented-with-public-access', modifier: 0 };
  return { test, result: 'cross-origin-resource-sharing-implemented-with-restricted-access', modifier: 0 };
}

function referrerPolicy({ headers }: ObservedResponse): TestResult {
  const test = 'referrer-policy';
  const header = headers.get('Referrer-Policy');
  if (!header) return { test, result: 'referrer-policy-not-implemented', modifier: 0 };
  const policies = header.split(',').map((value) => value.trim().toLowerCase());
  const valid = [
    'no-referrer',
    'same-origin',
    'strict-origin',
    'strict-origin-when-cross-origin',
    'origin',
    'origin-when-cross-origin',
    'no-referrer-when-downgrade',
    'unsafe-url',
  ];
  if (policies.some((policy) => !valid.includes(policy)))
    return { test, result: 'referrer-policy-header-invalid', modifier: -5 };
  const last = policies.at(-1)!;
  if (['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(last))
    return { test, result: 'referrer-policy-private', modifier: 5 };
  if (last === 'no-referrer-when-downgrade')
    return { test, result: 'referrer-policy-no-referrer-when-downgrade', modifier: 0 };
  return { test, result: 'referrer-policy-unsafe', modifier: -5 };
}

const SIX_MONTHS = 15_768_000;

function strictTransportSecurity({ headers, https }: ObservedResponse): TestResult {
  const test = 'strict-transport-security';
  if (!https) return { test, result: 'hsts-not-implemented-no-https', modifier: -20 };
  const header = headers.get('Strict-Transport-Security');
  if (!header) return { test, result: 'hsts-not-implemented', modifier: -20 };
  const maxAge = /max-age=(\d+)/i.exec(header);
  if (!maxAge) return { test, result: 'hsts-header-invalid', modifier: -20 };
  return Number(maxAge[1]) >= SIX_MONTHS
    ? { test, result: 'hsts-implemented-max-age-at-least-six-months', modifier: 0 }
    : { test, result: 'hsts-implemented-max-age-less-than-six-months', modifier: -10 };
}

function subresourceIntegrity({ headers, html, origin }: ObservedResponse): TestResult {
  const test = 'subresource-integrity';
  if (!html || !(headers.get('Content-Type') ?? '').includes('html'))
    return { test, result: 'sri-not-implemented-response-not-html', modifier: 0 };
  const scripts = [...html.matchAll(/<script\b([^>]*)>/gi)]
    .map((match) => match[1]!)
    .filter((attributes) => /\bsrc=/i.test(attributes));
  if (scripts.length === 0) return { test, result: 'sri-not-implemented-but-no-scripts-loaded', modifier: 0 };
  const external = scripts
    .map((attributes) => ({
      src: new URL(/\bsrc="([^"]*)"/i.exec(attributes)?.[1] ?? '', origin),
      integrity: /\bintegrity=/i.test(attributes),
    }))
    .filter(({ src }) => src.origin !== origin);
  if (external.length === 0)
    return { test, result: 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin', modifier: 0 };
  const insecure = external.some(({ src }) => src.protocol === 'http:');
  if (external.every(({ integrity }) => integrity)) {
    return insecure
      ? { test, result: 'sri-implemented-but-external-scripts-not-loaded-securely', modifier: -20 }
      : { test, result: 'sri-implemented-and-external-scripts-loaded-securely', modifier: 5 };
  }
  return insecure
    ? { test, result: 'sri-not-implemented-and-external-scripts-not-loaded-securely', modifier: -50 }
    : { test, result: 'sri-not-implemented-but-external-scripts-loaded-securely', modifier: -5 };
}

function xContentTypeOptions({ headers }: ObservedResponse): TestResult {
  const test = 'x-content-type-options';
  const header = headers.get('X-Content-Type-Options');
  if (!header) return { test, result: 'x-content-type-options-not-implemented', modifier: -5 };
  return header.trim().toLowerCase() === 'nosniff'
    ? { test, result: 'x-content-type-options-nosniff', modifier: 0 }
    : { test, result: 'x-content-type-options-header-invalid', modifier: -5 };
}

function xFrameOptions({ headers }: ObservedResponse): TestResult {
  const test = 'x-frame-options';
  const ancestors = parsePolicy(headers.get('Content-Security-Policy') ?? '').get('frame-ancestors');
  if (ancestors && !ancestors.includes('*'))
    return { test, result: 'x-frame-options-implemented-via-csp', modifier: 5 };
  const header = headers.get('X-Frame-Options')?.trim().toLowerCase();
  if (!header) return { test, result: 'x-frame-options-not-implemented', modifier: -20 };
  if (header === 'deny' || header === 'sameorigin')
    return { test, result: 'x-frame-options-sameorigin-or-deny', modifier: 0 };
  return header.startsWith('allow-from ')
    ? { test, result: 'x-frame-options-allow-from-origin', modifier: 0 }
    : { test, result: 'x-frame-options-header-invalid', modifier: -20 };
}

function crossOriginResourcePolicy({ headers }: ObservedResponse): TestResult {
  const test = 'cross-origin-resource-policy';
  const header = headers.get('Cross-Origin-Resource-Policy')?.trim().toLowerCase();
  if (!header) return { test, result: 'corp-not-implemented', modifier: 0 };
  if (header === 'same-origin') return { test, result: 'corp-implemented-with-same-origin', modifier: 0 };
  if (header === 'same-site') return { test, result: 'corp-implemented-with-same-site', modifier: 0 };
  if (header === 'cross-origin') return { test, result: 'corp-implemented-with-cross-origin', modifier: 0 };
  return { test, result: 'corp-header-invalid', modifier: -5 };
}

/** Observatory's grade for a score. */
export function gradeOf(score: number): string {
  const grades: [number, string][] = [
    [100, 'A+'],
    [90, 'A'],
    [85, 'A-'],
    [80, 'B+'],
    [70, 'B'],
    [65, 'B-'],
    [60, 'C+'],
    [50, 'C'],
    [45, 'C-'],
    [40, 'D+'],
    [30, 'D'],
    [25, 'D-'],
  ];
  return grades.find(([minimum]) => score >= minimum)?.[1] ?? 'F';
}

export function observatory(response: ObservedResponse) {
  const results = [
    contentSecurityPolicy,
    cookies,
    crossOriginResourceSharing,
    referrerPolicy,
    strictTransportSecurity,
    subresourceIntegrity,
    xContentTypeOptions,
    xFrameOptions,
    crossOriginResourcePolicy,
  ].map((test) => test(response));
  const penalties =
    100 + results.filter((result) => result.modifier < 0).reduce((sum, result) => sum + result.modifier, 0);
  const bonuses = results.filter((result) => result.modifier > 0).reduce((sum, result) => sum + result.modifier, 0);
  const score = Math.max(0, penalties >= 90 ? penalties + bonuses : penalties);
  return { score, grade: gradeOf(score), results };
}
