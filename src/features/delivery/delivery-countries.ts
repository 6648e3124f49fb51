import type { Language } from '@/lib/locale';

/*
 * The countries the shop delivers to, by name: all that "Deliver to" needs on every product page
 * (delivery-areas.ts adds their states and post codes, which only the address form needs).
 */

export type AreaName = string | (Partial<Record<Language, string>> & { EN: string });

export const deliveryCountryNames: { code: string; name: AreaName }[] = [
  { code: 'US', name: { EN: 'United States', ZH: '美国', MS: 'Amerika Syarikat' } },
  { code: 'MY', name: { EN: 'Malaysia', ZH: '马来西亚', MS: 'Malaysia' } },
  { code: 'CN', name: { EN: 'China', ZH: '中国', MS: 'China' } },
];

export const nameIn = (name: AreaName, language: Language) =>
  typeof name === 'string' ? name : (name[language] ?? name.EN);
