/**
 * The age confirmation (docs/decisions/030): a cookie remembers that this browser confirmed 18+,
 * for a year. Tests and the benchmark set it to browse as a returning adult.
 */
export const AGE_COOKIE = 'age_confirmed';
export const AGE_COOKIE_MAX_AGE = 365 * 24 * 3600;
/** Sent on `document` once the visitor confirms: the islands behind the gate wait for it (src/build/client-paint.ts). */
export const AGE_CONFIRMED_EVENT = 'shop:age-confirmed';
/** Where "I am under 18" leads when AGE_GATE_LEAVE_URL is not set at build: a neutral search engine. */
export const DEFAULT_AGE_GATE_LEAVE_URL = 'https://duckduckgo.com/';

/** The cookie as Playwright's `context.addCookies` takes it. */
export const ageConfirmedCookie = (url: string) => ({ name: AGE_COOKIE, value: '1', url });
