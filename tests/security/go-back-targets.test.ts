import { expect, it } from 'vitest';
import { nextPageAfterSignIn } from '@/features/auth/next-page';
import { shopLinkSchema } from '@/features/catalogue/catalogue-import.schema';

/*
 * Every "go back to" target follows one rule: a path on the shop's own origin, as the browser parses
 * it. The shapes an attacker used to leave the shop after sign-in are refused; the shop's own links pass.
 */

const ORIGIN = 'https://shop.example';
const hostile = [
  '/%5Cevil.example/phish',
  '/%09/evil.example',
  '/%0a/evil.example',
  '/%2F%2Fevil.example',
  '/%2f/evil.example',
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '/\t/evil.example',
  '\\\\evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
  ' /evil',
  'evil.example',
  '',
];

it('sends the customer nowhere outside the shop after sign-in, whatever the link hides', () => {
  for (const link of hostile) {
    expect(nextPageAfterSignIn(`?link=${encodeURIComponent(link)}`, ORIGIN), link).toBeNull();
    expect(nextPageAfterSignIn(`?link=${link}`, ORIGIN), link).toBeNull();
  }
});

it("follows the shop's own links, as the URL parser writes them", () => {
  expect(nextPageAfterSignIn(`?link=${encodeURIComponent('/my/order/details?orderId=4#reviews')}`, ORIGIN)).toBe(
    '/my/order/details?orderId=4#reviews',
  );
  expect(nextPageAfterSignIn('?type=sign&link=%2FproductsList%2F..%2FmyInfo', ORIGIN)).toBe('/myInfo');
  expect(nextPageAfterSignIn(`?link=${encodeURIComponent('/productsList?q=a%2Fb')}`, ORIGIN)).toBe(
    '/productsList?q=a%2Fb',
  );
  expect(nextPageAfterSignIn('', ORIGIN)).toBeNull();
});

it("holds an advert's link to the same rule", () => {
  for (const link of ['/\\evil.example', '/%5Cevil.example', '//evil.example', 'https://evil.example/'])
    expect(shopLinkSchema.safeParse(link).success, link).toBe(false);
  expect(shopLinkSchema.safeParse('/productsList?category=toys').success).toBe(true);
});
