import { z } from '@hono/zod-openapi';
import { currencies, currencySymbols, languageNames, languages, type Currency, type Language } from '@/lib/locale';
import type { ShopDeps } from '@/server/deps';
import { createRouter, getRoute, ok } from '@/server/http/router';
import { currencyOptionSchema, languageOptionSchema, siteInfoSchema, siteOptionSchema, sites } from './site.schema';

const tag = 'Site';
const none = z.object({});

const currencyNames: Record<Language, Record<Currency, string>> = {
  EN: { USD: 'US dollar', CNY: 'Chinese yuan', MYR: 'Malaysian ringgit' },
  ZH: { USD: '美元', CNY: '人民币', MYR: '马来西亚林吉特' },
  MS: { USD: 'Dolar AS', CNY: 'Yuan China', MYR: 'Ringgit Malaysia' },
};

/** Site info and the language and currency choices, mounted at the API root (`/site`, `/language`, `/currency`). */
export function siteRoutes(deps: Pick<ShopDeps, 'config'>) {
  return createRouter()
    .openapi(
      getRoute({
        tag,
        path: '/site/getSiteInfo',
        summary: 'The site, language and currency of this request',
        query: none,
        data: siteInfoSchema,
      }),
      (c) => {
        const currency = c.get('currency');
        const site = sites.find((candidate) => candidate.currencyAbbreviation === currency) ?? sites[0];
        return ok(c, {
          siteAbbreviation: site.abbreviation,
          languageAbbreviation: c.get('language'),
          currencyAbbreviation: currency,
          testMode: deps.config.payment.provider === 'test',
          recordNumbers: deps.config.site.recordNumbers,
        });
      },
    )
    .openapi(
      getRoute({
        tag,
        path: '/site/querySiteOptionList',
        summary: 'The regional sites',
        query: none,
        data: z.array(siteOptionSchema),
      }),
      (c) =>
        ok(
          c,
          sites.map((site) => ({ ...site })),
        ),
    )
    .openapi(
      getRoute({
        tag,
        path: '/language/queryLanguageOptionList',
        summary: 'The languages the shop speaks',
        query: none,
        data: z.array(languageOptionSchema),
      }),
      (c) =>
        ok(
          c,
          languages.map((abbreviation) => ({ abbreviation, name: languageNames[abbreviation] })),
        ),
    )
    .openapi(
      getRoute({
        tag,
        path: '/currency/queryCurrencyOptionList',
        summary: 'The currencies the shop sells in (those the operator offers, SHOP_CURRENCIES)',
        query: none,
        data: z.array(currencyOptionSchema),
      }),
      (c) =>
        ok(
          c,
          currencies
            .filter((abbreviation) => deps.config.site.currencies.includes(abbreviation))
            .map((abbreviation) => ({
              abbreviation,
              symbol: currencySymbols[abbreviation],
              name: currencyNames[c.get('language')][abbreviation],
            })),
        ),
    );
}
