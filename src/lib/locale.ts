/** The shop's languages and currencies, shared by the server, the build and the browser. */

export const languages = ['EN', 'ZH', 'MS'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'EN';

export const currencies = ['USD', 'CNY', 'MYR'] as const;
export type Currency = (typeof currencies)[number];

/** One prebuilt copy of the storefront: its language and currency. */
export type Variant = { language: Language; currency: Currency };

/** The cookie naming the visitor's variant (`en-usd`), mirrored from the browser's stored site info. */
export const SITE_COOKIE = 'site';
export const defaultCurrency: Currency = 'USD';

export const currencySymbols: Record<Currency, string> = { USD: '$', CNY: '￥', MYR: 'RM' };

export const languageNames: Record<Language, string> = {
  EN: 'English',
  ZH: '中文',
  MS: 'Bahasa Melayu',
};

/** BCP 47 tags for `<html lang>`, hreflang and Intl. */
export const languageTags: Record<Language, string> = { EN: 'en', ZH: 'zh-CN', MS: 'ms' };

/** Reads a header or cookie value; anything unknown falls back to the default, never an error. */
export function parseLanguage(value: string | null | undefined): Language {
  const upper = value?.trim().toUpperCase();
  return (languages as readonly string[]).includes(upper ?? '') ? (upper as Language) : defaultLanguage;
}

export function parseCurrency(value: string | null | undefined): Currency {
  const upper = value?.trim().toUpperCase();
  return (currencies as readonly string[]).includes(upper ?? '') ? (upper as Currency) : defaultCurrency;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();
const cached = <T>(cache: Map<string, T>, key: string, make: () => T) =>
  cache.get(key) ?? (cache.set(key, make()), cache.get(key)!);

/**
 * A count or amount of points as the language writes it: "100,000" (en, zh-CN, ms). A whole number
 * under a thousand is written as its digits, as Intl writes it in the shop's three languages, without
 * making a formatter: a browser's first `Intl.NumberFormat` loads its locale data, about 10 ms of a
 * phone's main thread while the page wakes (docs/decisions/078).
 */
export const formatNumber = (value: number, languageTag: string) =>
  Number.isInteger(value) && Math.abs(value) < 1000
    ? String(value)
    : cached(numberFormats, languageTag, () => new Intl.NumberFormat(languageTag)).format(value);

/** An average rating with one decimal: "4.0", "4.5". */
export const formatRating = (rating: number, languageTag: string) =>
  cached(
    numberFormats,
    `${languageTag}:rating`,
    () => new Intl.NumberFormat(languageTag, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  ).format(rating);

/** The plural category of `count` in the language ("one", "other", …): which form of a counted message to use. */
export const pluralCategory = (count: number, languageTag: string) =>
  cached(pluralRules, languageTag, () => new Intl.PluralRules(languageTag)).select(count);

/**
 * Fills a message's `{name}` placeholders. A whole number is written as the language writes numbers
 * (`formatNumber`); anything else as it is, so a year or a code passed as a string keeps its digits.
 */
export function fillMessage(
  template: string,
  params: Record<string, string | number> = {},
  languageTag: string,
): string {
  if (!template.includes('{')) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(name in params)) return whole;
    const value = params[name]!;
    return typeof value === 'number' && Number.isSafeInteger(value) ? formatNumber(value, languageTag) : String(value);
  });
}

/**
 * The key of a counted message's form: `key.one` when the language says "1 review" unlike "2 reviews"
 * and the dictionary has that form, else `key` itself (its "other" form).
 */
export function countedKey<Key extends string>(
  key: Key,
  params: Record<string, string | number> | undefined,
  languageTag: string,
  has: (candidate: string) => boolean,
): Key {
  const count = params?.count;
  if (typeof count !== 'number') return key;
  const form = `${key}.${pluralCategory(count, languageTag)}`;
  return (has(form) ? form : key) as Key;
}

/** Times as the customer reads them, in the page's language (`languageTags`). */
export const formatTime = (iso: string | null, languageTag: string) =>
  iso ? new Date(iso).toLocaleString(languageTag, { dateStyle: 'medium', timeStyle: 'short' }) : '';
