import { describe, expect, it } from 'vitest';
import { aShop } from '../../../tests/support/fixtures';

const shop = await aShop();

describe('site, language and currency options', () => {
  it('lists the three currencies with their symbols, named in the request language', async () => {
    const english = await shop.get<{ abbreviation: string; symbol: string; name: string }[]>('/currency/queryCurrencyOptionList');
    expect(english.body.data.map(({ abbreviation, symbol }) => [abbreviation, symbol])).toEqual([
      ['USD', '$'],
      ['CNY', '￥'],
      ['MYR', 'RM'],
    ]);
    const malay = await shop.get<{ name: string }[]>('/currency/queryCurrencyOptionList', { language: 'MS' });
    expect(malay.body.data[2]!.name).toBe('Ringgit Malaysia');
  });

  it('lists the three languages', async () => {
    const response = await shop.get<{ abbreviation: string }[]>('/language/queryLanguageOptionList');
    expect(response.body.data.map((option) => option.abbreviation)).toEqual(['EN', 'ZH', 'MS']);
  });

  it('answers the site info of the request, with test mode while the test gateway is active', async () => {
    const response = await shop.get('/site/getSiteInfo', { language: 'zh', currency: 'cny' });
    expect(response.body.data).toEqual({ siteAbbreviation: 'CN', languageAbbreviation: 'ZH', currencyAbbreviation: 'CNY', testMode: true });
    const fallback = await shop.get('/site/getSiteInfo', { language: 'klingon', currency: 'BTC' });
    expect(fallback.body.data).toMatchObject({ languageAbbreviation: 'EN', currencyAbbreviation: 'USD' });
    expect((await shop.get<unknown[]>('/site/querySiteOptionList')).body.data).toHaveLength(3);
  });
});
