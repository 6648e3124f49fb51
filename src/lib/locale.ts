/** The shop's languages and currencies, shared by the server, the build and the browser. */

export const languages = ['EN', 'ZH', 'MS'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'EN';

export const currencies = ['USD', 'CNY', 'MYR'] as const;
export type Currency = (typeof currencies)[number];
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

/** Times as the customer reads them, in the page's language (`languageTags`). */
export const formatTime = (iso: string | null, languageTag: string) =>
  iso ? new Date(iso).toLocaleString(languageTag, { dateStyle: 'medium', timeStyle: 'short' }) : '';
