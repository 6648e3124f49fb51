import { describe, expect, it } from 'vitest';
import { decideRewrite } from './rewrite';

const decide = (path: string, cookie?: string) => decideRewrite(new URL(path, 'https://shop.example'), cookie);

describe('edge rewrite', () => {
  it('serves the EN/USD variant without a cookie', () => {
    expect(decide('/')).toEqual({ rewrite: '/en-usd/', setSiteCookie: null });
    expect(decide('/productsList').rewrite).toBe('/en-usd/productsList/');
  });

  it('serves the variant the site cookie asks for', () => {
    expect(decide('/productsList', 'theme=dark; site=ZH-CNY').rewrite).toBe('/zh-cny/productsList/');
    expect(decide('/', 'site=ms-myr').rewrite).toBe('/ms-myr/');
  });

  it('ignores a malformed cookie', () => {
    expect(decide('/', 'site=FR-EUR').rewrite).toBe('/en-usd/');
  });

  it('lets ?lang= and ?currency= choose, and remembers the choice in the cookie', () => {
    expect(decide('/productsList?lang=zh')).toEqual({ rewrite: '/zh-usd/productsList/', setSiteCookie: 'ZH-USD' });
    expect(decide('/?currency=MYR', 'site=MS-USD')).toEqual({ rewrite: '/ms-myr/', setSiteCookie: 'MS-MYR' });
    expect(decide('/?lang=ms', 'site=MS-USD')).toEqual({ rewrite: '/ms-usd/', setSiteCookie: null });
  });

  it('maps product details and categories to their prebuilt pages', () => {
    expect(decide('/productsList/details?id=12').rewrite).toBe('/en-usd/productsList/details/12/');
    expect(decide('/productsList/details?id=abc').rewrite).toBe('/en-usd/productsList/');
    expect(decide('/productsList?category=toys').rewrite).toBe('/en-usd/productsList/category/toys/');
  });

  it('maps routes with a path value to one page', () => {
    expect(decide('/updatePwd/abcDEF123').rewrite).toBe('/en-usd/updatePwd/');
    expect(decide('/verify/QX7-99').rewrite).toBe('/en-usd/verify/');
    expect(decide('/my/order/details').rewrite).toBe('/en-usd/my/order/details/');
    expect(decide('/order/energy/').rewrite).toBe('/en-usd/order/energy/');
  });

  it('treats any other single segment as a referral code', () => {
    expect(decide('/K7MQ2ZPX').rewrite).toBe('/en-usd/referral/');
  });

  it('answers unknown deeper paths with the not-found page', () => {
    expect(decide('/no/such/page').rewrite).toBe('/en-usd/404/');
  });

  it('leaves the API, assets, files and variant paths alone', () => {
    for (const path of ['/api/v1/goods/newArrivals', '/_astro/app.js', '/favicon.svg', '/sitemap.xml', '/zh-cny/productsList/']) {
      expect(decide(path).rewrite, path).toBeNull();
    }
  });
});
