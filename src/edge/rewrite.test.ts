import { describe, expect, it } from 'vitest';
import { cachedCodeLookup, decideRewrite, pageFileOf, pageStatus, reservedSegments, type CodeLookup } from './rewrite';

const decide = (path: string, cookie?: string) => decideRewrite(new URL(path, 'https://shop.example'), cookie);

describe('edge rewrite', () => {
  it('serves the EN/USD variant without a cookie', () => {
    expect(decide('/')).toEqual({ rewrite: '/en-usd', setSiteCookie: null, notFound: false, shareCode: null });
    expect(decide('/productsList').rewrite).toBe('/en-usd/productsList');
  });

  it('serves the variant the site cookie asks for', () => {
    expect(decide('/productsList', 'theme=dark; site=ZH-CNY').rewrite).toBe('/zh-cny/productsList');
    expect(decide('/', 'site=ms-myr').rewrite).toBe('/ms-myr');
  });

  it('ignores a malformed cookie', () => {
    expect(decide('/', 'site=FR-EUR').rewrite).toBe('/en-usd');
  });

  it('lets ?lang= and ?currency= choose, and remembers the choice in the cookie', () => {
    expect(decide('/productsList?lang=zh')).toMatchObject({
      rewrite: '/zh-usd/productsList',
      setSiteCookie: 'ZH-USD',
    });
    expect(decide('/?currency=MYR', 'site=MS-USD')).toMatchObject({ rewrite: '/ms-myr', setSiteCookie: 'MS-MYR' });
    expect(decide('/?lang=ms', 'site=MS-USD')).toMatchObject({ rewrite: '/ms-usd', setSiteCookie: null });
  });

  it('maps product details and categories to their prebuilt pages', () => {
    expect(decide('/productsList/details?id=12').rewrite).toBe('/en-usd/productsList/details/12');
    expect(decide('/productsList/details?id=abc').rewrite).toBe('/en-usd/productsList');
    expect(decide('/productsList?category=toys').rewrite).toBe('/en-usd/productsList/category/toys');
  });

  it('maps routes with a path value to one page', () => {
    expect(decide('/updatePwd/abcDEF123').rewrite).toBe('/en-usd/updatePwd');
    expect(decide('/verify/QX7-99').rewrite).toBe('/en-usd/verify');
    expect(decide('/my/order/details').rewrite).toBe('/en-usd/my/order/details');
    expect(decide('/order/energy/').rewrite).toBe('/en-usd/order/energy');
  });

  it('treats another single segment of 4–16 letters or digits as a share code for the server to look up', () => {
    expect(decide('/K7MQ2ZPX')).toMatchObject({ rewrite: '/en-usd/referral', shareCode: 'K7MQ2ZPX', notFound: false });
    expect(decide('/ABCDEFGH/', 'site=ZH-CNY')).toMatchObject({ rewrite: '/zh-cny/referral', shareCode: 'ABCDEFGH' });
  });

  it('never takes a route the shop uses or keeps for a code', () => {
    for (const segment of [
      'admin',
      'ADMIN',
      'api',
      'sign',
      'order',
      'productsList',
      'verify',
      'media',
      'search',
      'referral',
      '404',
    ]) {
      expect(decide(`/${segment}`).shareCode, segment).toBeNull();
    }
    expect(reservedSegments).toEqual(expect.arrayContaining(['my', 'pay', 'shoppingCart', 'updatePwd', 'apply-text']));
    expect(decide('/search')).toMatchObject({ rewrite: '/en-usd/404', notFound: true });
  });

  it("answers unknown paths with the not-found page of the visitor's language", () => {
    expect(decide('/no/such/page')).toMatchObject({ rewrite: '/en-usd/404', notFound: true, shareCode: null });
    expect(decide('/no-such-page-xyz', 'site=MS-MYR')).toMatchObject({ rewrite: '/ms-myr/404', notFound: true });
    expect(decide('/abc')).toMatchObject({ rewrite: '/en-usd/404', notFound: true });
    expect(decide('/my/nothing').notFound).toBe(true);
  });

  it('leaves the API, assets, files and variant paths alone', () => {
    for (const path of [
      '/api/v1/goods/newArrivals',
      '/_astro/app.js',
      '/favicon.svg',
      '/sitemap.xml',
      '/zh-cny/productsList/',
    ]) {
      expect(decide(path).rewrite, path).toBeNull();
    }
  });

  it('serves the back office, in one language, at /admin and below', () => {
    for (const path of ['/admin', '/admin/', '/admin/orders'])
      expect(decide(path), path).toMatchObject({ rewrite: '/admin', notFound: false, shareCode: null });
  });

  it('names each page by a file of its own, with or without a trailing slash', () => {
    expect(pageFileOf(decide('/productsList/details?id=12').rewrite!)).toBe('en-usd/productsList/details/12.html');
    expect(pageFileOf(decide('/', 'site=ZH-CNY').rewrite!)).toBe('zh-cny.html');
    expect(pageFileOf('/zh-cny/productsList/')).toBe('zh-cny/productsList.html');
    expect(pageFileOf(decide('/admin/').rewrite!)).toBe('admin.html');
    expect(pageFileOf('/')).toBe('index.html');
    expect(pageFileOf('/404')).toBe('404.html');
    expect(pageFileOf('/sitemap.xml')).toBe('sitemap.xml');
    expect(pageFileOf('/_astro/app.js')).toBe('_astro/app.js');
  });
});

describe('page status', () => {
  const lookupOf = (answers: Record<string, boolean | null>) => {
    const asked: string[] = [];
    const lookup: CodeLookup = async (code) => {
      asked.push(code);
      return code in answers ? (answers[code] as boolean | null) : false;
    };
    return { lookup, asked };
  };

  it('is 404 for a missing page and for a code nobody has, 200 for a known code, without asking for other pages', async () => {
    const { lookup, asked } = lookupOf({ K7MQ2ZPX: true });
    await expect(pageStatus(decide('/no/such/page'), lookup)).resolves.toBe(404);
    await expect(pageStatus(decide('/ABCDEFGH'), lookup)).resolves.toBe(404);
    await expect(pageStatus(decide('/K7MQ2ZPX'), lookup)).resolves.toBe(200);
    await expect(pageStatus(decide('/productsList'), lookup)).resolves.toBe(200);
    await expect(pageStatus(decide('/'), lookup)).resolves.toBe(200);
    expect(asked).toEqual(['ABCDEFGH', 'K7MQ2ZPX']);
  });

  it('serves the referral page when the lookup fails or cannot tell (the page checks the code itself)', async () => {
    await expect(pageStatus(decide('/K7MQ2ZPX'), async () => null)).resolves.toBe(200);
    await expect(pageStatus(decide('/K7MQ2ZPX'), () => Promise.reject(new Error('timeout')))).resolves.toBe(200);
  });

  it('reuses a lookup for a minute, in any letter case, and does not keep failures', async () => {
    let now = 0;
    const { lookup, asked } = lookupOf({ K7MQ2ZPX: true, FLAKY123: null });
    const cached = cachedCodeLookup(lookup, () => now);
    await expect(cached('k7mq2zpx')).resolves.toBe(true);
    await expect(cached('K7MQ2ZPX')).resolves.toBe(true);
    await expect(cached('FLAKY123')).resolves.toBeNull();
    await expect(cached('FLAKY123')).resolves.toBeNull();
    now = 61_000;
    await expect(cached('K7MQ2ZPX')).resolves.toBe(true);
    expect(asked).toEqual(['K7MQ2ZPX', 'FLAKY123', 'FLAKY123', 'K7MQ2ZPX']);
  });
});
