import type { Page } from 'playwright';
import { afterAll, describe, expect, it } from 'vitest';
import { uiDictionaries } from '@/lib/i18n/ui';
import { languages, type Language } from '@/lib/locale';
import { aStorefront, type Device } from './support/shop';

/*
 * What a shopper sees of the layout and the numbers, on a 1366 px desktop and a 390 px phone in the
 * three languages (issue 44 points 5 and 7): controls in the shop's colour, a cart stepper of its own
 * size, rows of products that fill, toasts clear of the header, counts and ratings as the language
 * writes them, and the picture of the option chosen.
 */

const shop = await aStorefront();
afterAll(() => expect(shop.pageErrors).toEqual([]));

const devices: Device[] = ['desktop', 'mobile'];
const cases = devices.flatMap((device) => languages.map((language) => [device, language] as const));

async function open(device: Device, path: string): Promise<Page> {
  const page = await shop.newPage(device);
  if (device === 'desktop') await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(path);
  return page;
}

/** Adds the robe (the first size that can be bought) from its details page, as a shopper does. */
async function addRobe(page: Page, language: Language) {
  await page.goto(`/productsList/details?id=1&lang=${language.toLowerCase()}`);
  await page.getByRole('button', { name: uiDictionaries[language]['product.addToCart'] }).click();
  await page.locator('.toast--success').first().waitFor();
}

describe('the storefront as it looks', () => {
  it.each(cases)(
    "on %s in %s: the cart stepper keeps its size, the controls are the shop's colour, the heading shows once",
    async (device, language) => {
      const page = await open(device, `/productsList?lang=${language.toLowerCase()}`);
      await addRobe(page, language);
      // The toast says so clear of the header, leaving its search and language picker free.
      const header = await page.locator('header').first().boundingBox();
      const toast = await page.locator('.toast--success').first().boundingBox();
      expect(toast!.y).toBeGreaterThanOrEqual(header!.y + header!.height - 1);

      await page.goto('/shoppingCart');
      const stepper = page.locator('.cart-line .stepper').first();
      await stepper.waitFor();
      expect((await stepper.boundingBox())!.width).toBeLessThan(200);
      const accent = await page
        .locator('.cart-line input[type="checkbox"]')
        .first()
        .evaluate((box) => getComputedStyle(box).accentColor);
      expect(accent).toBe('rgb(107, 39, 69)');
      const title = uiDictionaries[language]['page.shoppingCart'];
      const shownTitles = await page
        .getByText(title, { exact: true })
        .evaluateAll((nodes) => nodes.filter((node) => (node as HTMLElement).offsetWidth > 1).length);
      expect(shownTitles).toBe(1);
      await page.context().close();
    },
  );

  it.each(cases)(
    'on %s in %s: product rows are full, ratings have one decimal, a review count agrees with its number',
    async (device, language) => {
      const page = await open(device, `/productsList?lang=${language.toLowerCase()}`);
      const columns = await page
        .locator('.product-grid')
        .first()
        .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
      expect(columns).toBe(device === 'desktop' ? 4 : 2);
      expect((await page.locator('.product-card').count()) % columns).toBe(0);
      const ratings = await page.locator('.product-card .product-card__muted').allTextContents();
      for (const rating of ratings.filter((text) => text.includes('★'))) expect(rating).toMatch(/★ \d\.\d ·/);
      if (language === 'EN') for (const rating of ratings) expect(rating).not.toMatch(/\b1 reviews/);
      await page.context().close();
    },
  );

  it.each(languages)("on a phone in %s a page's title shows once, in the header", async (language) => {
    const titles = {
      '/privacy': 'page.privacy',
      '/apply-text': 'page.applyText',
      '/updatePwd': 'page.updatePwd',
      '/no-such-page': 'page.notFound',
    } as const;
    const page = await open('mobile', '/');
    for (const [path, key] of Object.entries(titles)) {
      await page.goto(`${path}?lang=${language.toLowerCase()}`);
      const title = uiDictionaries[language][key];
      await page.locator('.header__title', { hasText: title }).waitFor();
      // The page's own heading is there for screen readers, not shown a second time.
      const heading = page.getByRole('heading', { level: 1, name: title, exact: true });
      expect(await heading.count(), path).toBe(1);
      expect(await heading.evaluate((node) => (node as HTMLElement).offsetWidth), path).toBeLessThanOrEqual(1);
    }
    await page.context().close();
  });

  it('in Malay on a desktop the header keeps each link on one line', async () => {
    const page = await open('desktop', '/?lang=ms');
    for (const link of await page.locator('.header__nav a, .header__tools .button').all())
      expect((await link.boundingBox())!.height).toBeLessThan(48);
    await page.context().close();
  });

  it("on a desktop the sign-in dialog's fields span the dialog", async () => {
    const page = await open('desktop', '/');
    await page.getByRole('button', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    const dialogWidth = (await dialog.boundingBox())!.width;
    expect((await dialog.getByLabel('Email').boundingBox())!.width).toBeGreaterThan(dialogWidth * 0.8);
    await page.context().close();
  });

  it.each(devices)("on %s the robe's picture follows the colour chosen", async (device) => {
    const page = await open(device, '/productsList/details?id=1');
    const champagne = page.getByRole('radio', { name: /Champagne/ });
    await champagne.check();
    // The robe's second picture is the champagne one (the demo's option pictures): the gallery scrolls to it.
    await page.waitForFunction(() => {
      const slides = document.getElementById('gallery-slides')!;
      return Math.round(slides.scrollLeft / slides.clientWidth) === 1;
    });
    await expect(page.locator('.gallery__thumb[aria-current="true"]').getAttribute('data-picture')).resolves.toBe('1');
    await page.getByRole('radio', { name: /M · Midnight/ }).check();
    await page.waitForFunction(() => document.getElementById('gallery-slides')!.scrollLeft < 5);
    await page.context().close();
  });
});
