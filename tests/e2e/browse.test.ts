import { describe, expect, it } from 'vitest';
import { uiDictionaries } from '@/lib/i18n/ui';
import { currencies, currencySymbols, languages } from '@/lib/locale';
import { aStorefront, untranslatedKeys } from './support/shop';
import { ascending, cardPrices, chooseInHeader } from './support/storefront';

const shop = await aStorefront();

describe('browsing the shop', () => {
  it.each(languages.flatMap((language) => currencies.map((currency) => [language, currency] as const)))(
    'shows the product list in %s with prices in %s',
    async (language, currency) => {
      const page = await shop.newPage();
      await page.goto(`/productsList?lang=${language}&currency=${currency}`);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
        uiDictionaries[language]['list.title'],
      );
      const prices = await page.locator('.product-card .price').allTextContents();
      expect(prices.length).toBeGreaterThan(0);
      expect(prices.filter((price) => price.startsWith(currencySymbols[currency])).length).toBeGreaterThan(
        prices.length / 2,
      );
      await page.context().close();
    },
  );

  it('switches language and currency from the header, and remembers them on the next page', async () => {
    const page = await shop.newPage();
    await page.goto('/productsList');
    await chooseInHeader(page, { currency: 'MYR' });
    await expect(page.locator('.product-card .price').first().textContent()).resolves.toMatch(/^RM/);
    await chooseInHeader(page, { language: 'MS' });
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('ms');
    await page.goto('/');
    await expect(page.getByRole('link', { name: uiDictionaries.MS['home.viewAll'] }).isVisible()).resolves.toBe(true);
    await expect(page.locator('html').getAttribute('data-currency')).resolves.toBe('MYR');
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('ms');
  });

  it('sorts and pages the product list', async () => {
    const page = await shop.newPage();
    await page.goto('/productsList');
    await page.getByLabel('Sort by').selectOption('price-asc');
    await page.waitForURL(/sort=price-asc/);
    // The address changes as the sort is asked for; the sorted list follows once the shop has answered.
    await expect.poll(() => cardPrices(page)).toSatisfy(ascending);
    await page.getByRole('link', { name: 'Next' }).click();
    await page.getByText('Page 2 of 3').first().waitFor();
  });

  it('shows product details with sizes, and out of stock', async () => {
    const page = await shop.newPage();
    await page.goto('/productsList?category=toys');
    await page
      .getByRole('link', { name: /Travel Mini Massager/ })
      .first()
      .click();
    await page.waitForURL(/details\?id=/);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Travel Mini Massager');
    await expect(page.locator('.purchase__status').textContent()).resolves.toBe('Out of stock');
    await expect(page.getByRole('button', { name: 'Add to cart' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('heading', { name: 'You may also like' }).isVisible()).resolves.toBe(true);
  });

  it("explains energy points, sharing and gifts with the shop's own numbers, linked from every footer", async () => {
    const page = await shop.newPage();
    await page.goto('/?lang=ms');
    await page.locator('.footer').getByRole('link', { name: 'Tentang kami' }).click();
    await page.getByRole('heading', { name: 'Tentang kami', level: 1 }).waitFor();
    const text = await page.locator('.about').innerText();
    expect(text).toContain('US$1 bernilai 100 mata');
    expect(text).toContain('diskaun 5%');
    expect(text).toContain('dalam 30 hari');
    await expect(untranslatedKeys(page)).resolves.toEqual([]);
  });
});
