/*
 * The one rule for every "go back to" target (`/sign?link=…`, an advert's link, a page to return to):
 * a path on the shop's own origin. It is checked after the browser's own URL parsing, which reads
 * `\` as `/` and drops tabs and line breaks (`/\evil.example` and `/<tab>/evil.example` both lead to
 * `//evil.example`), and the path that passed is the one followed, as the parser wrote it.
 */

/** Characters the URL parser drops or reads as a slash, anywhere in the target: a backslash, whitespace, a control character. */
const unseen = (target: string) =>
  /[\\\s]/.test(target) ||
  [...target].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f);
/** Slashes, backslashes and control characters written encoded in the path (a query may encode what it likes). */
const ENCODED = /%(?:2f|5c|0[0-9a-f]|1[0-9a-f]|7f)/i;

/**
 * `target` as a path, query and fragment on `origin` (e.g. `/my/order/details?orderId=4#reviews`), or
 * null when it is anything else: another origin, a scheme (`javascript:`), a protocol-relative `//host`,
 * or one hiding a slash the parser would read. `origin` is the shop's, e.g. `location.origin`.
 */
export function shopPath(target: string | null | undefined, origin: string): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || unseen(target)) return null;
  if (ENCODED.test(target.split(/[?#]/, 1)[0]!) || !URL.canParse(target, origin)) return null;
  const base = new URL(origin);
  const url = new URL(target, base);
  if (url.origin !== base.origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
