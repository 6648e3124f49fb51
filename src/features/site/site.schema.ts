import { z } from 'zod';
import { currencies, languages } from '@/lib/locale';

export const sites = [
  { abbreviation: 'US', name: 'United States', languageAbbreviation: 'EN', currencyAbbreviation: 'USD' },
  { abbreviation: 'CN', name: '中国', languageAbbreviation: 'ZH', currencyAbbreviation: 'CNY' },
  { abbreviation: 'MY', name: 'Malaysia', languageAbbreviation: 'MS', currencyAbbreviation: 'MYR' },
] as const;

export const siteInfoSchema = z.object({
  siteAbbreviation: z.enum(sites.map((site) => site.abbreviation)),
  languageAbbreviation: z.enum(languages),
  currencyAbbreviation: z.enum(currencies),
  /** True while the built-in test payment gateway is active: every page says TEST MODE. */
  testMode: z.boolean(),
  /** The record or filing number the footer shows on each host (FOOTER_RECORD_NUMBERS); the page picks its own host's. */
  recordNumbers: z.array(z.object({ host: z.string(), number: z.string() })),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

export const siteOptionSchema = z.object({
  abbreviation: z.string(),
  name: z.string(),
  languageAbbreviation: z.enum(languages),
  currencyAbbreviation: z.enum(currencies),
});
export const languageOptionSchema = z.object({ abbreviation: z.enum(languages), name: z.string() });
export const currencyOptionSchema = z.object({
  abbreviation: z.enum(currencies),
  symbol: z.string(),
  name: z.string(),
});
export type LanguageOption = z.infer<typeof languageOptionSchema>;
export type CurrencyOption = z.infer<typeof currencyOptionSchema>;
