import { describe, expect, it } from 'vitest';
import { netlifyRedirects } from './netlify-redirects';

describe("a Netlify site's proxy rules", () => {
  it('proxies the API, and with the pages origin every page, forced over the files the site built', () => {
    const rules = netlifyRedirects({
      SHOP_API_ORIGIN: 'https://api.shop.example/',
      SHOP_PAGES_ORIGIN: 'https://origin.shop.example',
    })!
      .trim()
      .split('\n');
    // Netlify applies the first rule that matches: the API's comes before the catch-all.
    expect(rules).toEqual([
      '/api/v1/*  https://api.shop.example/api/v1/:splat  200!',
      '/*  https://origin.shop.example/:splat  200!',
    ]);
  });

  it('leaves the pages to the site when only the API is proxied, and writes nothing without an origin', () => {
    expect(netlifyRedirects({ SHOP_API_ORIGIN: 'https://api.shop.example' })).toBe(
      '/api/v1/*  https://api.shop.example/api/v1/:splat  200!\n',
    );
    expect(netlifyRedirects({ SHOP_API_ORIGIN: ' ', SHOP_PAGES_ORIGIN: '' })).toBeNull();
  });
});
