import { describe, expect, it } from 'vitest';
import { aCustomer, aLine, aShop } from '../../../tests/support/fixtures';
import { createOrder } from '../../../tests/support/orders';

const shop = await aShop();

describe('site, language and currency options', () => {
  it('lists the three currencies with their symbols, named in the request language', async () => {
    const english = await shop.get<{ abbreviation: string; symbol: string; name: string }[]>(
      '/currency/queryCurrencyOptionList',
    );
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
    expect(response.body.data).toEqual({
      siteAbbreviation: 'CN',
      languageAbbreviation: 'ZH',
      currencyAbbreviation: 'CNY',
      testMode: true,
      recordNumbers: [],
    });
    const fallback = await shop.get('/site/getSiteInfo', { language: 'klingon', currency: 'BTC' });
    expect(fallback.body.data).toMatchObject({ languageAbbreviation: 'EN', currencyAbbreviation: 'USD' });
    expect((await shop.get<unknown[]>('/site/querySiteOptionList')).body.data).toHaveLength(3);
  });
});

describe('what the operator sets for the storefront', async () => {
  const configured = await aShop({
    catalogue: 'small',
    env: {
      SHOP_CURRENCIES: 'USD, myr',
      FOOTER_RECORD_NUMBERS: 'Shop.Example.CN=沪ICP备12345678号-1; shop.example.my = SSM 202401000001',
    },
  });

  it('lists only the currencies the shop offers, so the selector loses one switched off', async () => {
    const answer = await configured.get<{ abbreviation: string }[]>('/currency/queryCurrencyOptionList');
    expect(answer.body.data.map((option) => option.abbreviation)).toEqual(['USD', 'MYR']);
  });

  it('takes no order and no recharge in a currency it switched off, though its prebuilt pages may still be served', async () => {
    const customer = await aCustomer(configured);
    const ordersOf = async () =>
      (await configured.get<{ total: number }>('/order/queryOrderList', { headers: customer.headers })).body.data.total;
    const items = [aLine(configured, 'robe-s', 1)];
    expect((await createOrder(configured, customer, { items }, { currency: 'CNY' })).body.code).toBe(-222);
    expect(
      (await configured.post('/order/quoteOrder', { items }, { headers: customer.headers, currency: 'CNY' })).body.code,
    ).toBe(-222);
    expect(
      (
        await configured.post(
          '/energy/recharge',
          { points: 100, payMethod: 'test' },
          { headers: customer.headers, currency: 'CNY' },
        )
      ).body.code,
    ).toBe(-222);
    expect(await ordersOf()).toBe(0);
    expect((await createOrder(configured, customer, { items }, { currency: 'USD' })).body.code).toBe(1);
    expect(await ordersOf()).toBe(1);
  });

  it('names the record or filing number of each host, hosts in lower case', async () => {
    const answer = await configured.get<{ recordNumbers: unknown }>('/site/getSiteInfo');
    expect(answer.body.data.recordNumbers).toEqual([
      { host: 'shop.example.cn', number: '沪ICP备12345678号-1' },
      { host: 'shop.example.my', number: 'SSM 202401000001' },
    ]);
  });

  it('refuses to start with no currency, or a record number without its host', async () => {
    const { loadConfig } = await import('@/server/config');
    expect(() => loadConfig({ SHOP_CURRENCIES: 'none' })).toThrow(/SHOP_CURRENCIES/);
    expect(() => loadConfig({ SHOP_CURRENCIES: 'USD,EUR' })).toThrow(/SHOP_CURRENCIES/);
    expect(() => loadConfig({ FOOTER_RECORD_NUMBERS: '沪ICP备12345678号-1' })).toThrow(/FOOTER_RECORD_NUMBERS/);
    expect(() => loadConfig({ FOOTER_RECORD_NUMBERS: 'shop.example.cn=' })).toThrow(/FOOTER_RECORD_NUMBERS/);
    expect(loadConfig({}).site).toEqual({ currencies: ['USD', 'CNY', 'MYR'], recordNumbers: [] });
  });
});
