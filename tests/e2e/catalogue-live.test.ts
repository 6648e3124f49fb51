// Over 300 lines: the live catalogue's walks share one storefront, started once.
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { setStock } from '@/features/catalogue/catalogue.commands';
import type { ProductPage, ProductSummary } from '@/features/catalogue/catalogue.schema';
import { uiDictionaries } from '@/lib/i18n/ui';
import { productSizes } from '@/server/db/schema';
import { aStorefront, untranslatedKeys } from './support/shop';
import { ascending, cardPrices, holdRequests } from './support/storefront';

const shop = await aStorefront();

/** Asks the shop's API, as the storefront would. */
async function fromApi<T>(path: string, language = 'EN'): Promise<T> {
  const response = await fetch(`${shop.url}/api/v1${path}`, { headers: { Language: language } });
  return ((await response.json()) as { data: T }).data;
}
const idOf = async (name: string) =>
  (await fromApi<ProductPage>('/goods/queryProductList?pageSize=48')).list.find(
    (product) => product.goodsName === name,
  )!.goodsId;
const sellOut = (goodsId: number) =>
  shop.db.update(productSizes).set({ stock: 0 }).where(eq(productSizes.goodsId, goodsId));
const card = (page: Page, name: string) =>
  page.locator('.product-card', { has: page.getByRole('heading', { name, exact: true }) });

describe('stock after the pages were built', () => {
  it('shows the stock the shop has now on the details page, and no number before it knows', async () => {
    // The robe was built with Midnight S 38, M 54, L sold out, and Champagne M 27.
    await setStock(shop.db, 'silk-robe-s-midnight', 0);
    await setStock(shop.db, 'silk-robe-l-midnight', 3);
    await setStock(shop.db, 'silk-robe-m-champagne', 24);
    const page = await shop.newPage();
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route(/\/goods\/queryProductStock/, async (route) => {
      await answered;
      await route.continue();
    });
    await page.goto(`/productsList/details?id=${await idOf('Mulberry Silk Robe')}`);
    const stock = page.locator('.purchase__stock');
    await page.getByText('Checking stock…').waitFor();
    expect(await stock.textContent()).not.toMatch(/\d/);
    expect(await page.getByRole('button', { name: 'Add to cart' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Buy now' }).isDisabled()).toBe(true);

    answer();
    // Small sold out since the build: the first size that can be bought is chosen.
    await page.getByText('54 in stock').waitFor();
    expect(await page.getByRole('radio', { name: /^M · Midnight/ }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: /^M · Champagne/ }).check();
    await page.getByText('24 in stock').waitFor();
    await page.getByRole('radio', { name: /^L · Midnight/ }).check();
    await page.getByText('3 in stock').waitFor();
    expect(await page.getByRole('button', { name: 'Add to cart' }).isEnabled()).toBe(true);
    await page.getByRole('radio', { name: 'S · Midnight Out of stock' }).check();
    expect(await stock.textContent()).toBe('Out of stock');
    expect(await page.getByRole('button', { name: 'Add to cart' }).isDisabled()).toBe(true);
  });

  it('refreshes the stock when a size sells out while the page is open', async () => {
    await setStock(shop.db, 'silk-robe-m-champagne', 24);
    const page = await shop.newPage();
    await page.goto(`/productsList/details?id=${await idOf('Mulberry Silk Robe')}`);
    await page.getByRole('radio', { name: /^M · Champagne/ }).check();
    await page.getByText('24 in stock').waitFor();
    await setStock(shop.db, 'silk-robe-m-champagne', 0);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.locator('.purchase__stock').getByText('Out of stock').waitFor();
    expect(await page.getByRole('button', { name: 'Add to cart' }).isDisabled()).toBe(true);
    // Nothing went into the cart.
    await page.getByRole('button', { name: 'Cart', exact: true }).waitFor();
    await setStock(shop.db, 'silk-robe-m-champagne', 24);
  });

  it('lets a size restocked since the build be bought, in every card and on its page', async () => {
    // Every size of the travel massager was sold out at build time.
    await setStock(shop.db, 'mini-massager-coral', 4);
    const recommended = await fromApi<ProductSummary[]>(
      `/goods/recommendations?goodsId=${await idOf('Travel Mini Massager')}&size=4`,
    );
    const soldOutNow = recommended[0]!;
    await sellOut(soldOutNow.goodsId);

    const page = await shop.newPage();
    await page.goto('/productsList?category=toys');
    await card(page, soldOutNow.goodsName).getByText('Out of stock').waitFor();
    // The massager's prebuilt card must not keep saying "out of stock" once the shop says otherwise.
    expect(await card(page, 'Travel Mini Massager').getByText('Out of stock').isVisible()).toBe(false);

    await card(page, 'Travel Mini Massager').click();
    await page.getByText('4 in stock').waitFor();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.locator('.toast--success').first().waitFor();
    // "You may also like" cards are prebuilt too.
    await card(page, soldOutNow.goodsName).getByText('Out of stock').waitFor();
  });

  it('marks a new arrival sold out since the build on the home page', async () => {
    const [newest] = await fromApi<ProductSummary[]>('/goods/newArrivals?size=8');
    await sellOut(newest!.goodsId);
    const page = await shop.newPage();
    await page.goto('/');
    await card(page, newest!.goodsName).getByText('Out of stock').waitFor();
    const unavailable = (await fromApi<ProductSummary[]>('/goods/newArrivals?size=8')).filter(
      (product) => !product.inStock,
    );
    expect(await page.locator('.product-card__sold-out:visible').count()).toBe(unavailable.length);
  });
});

describe('reviews in several languages', () => {
  it("shows the reader's language first and marks the language of the others", async () => {
    const page = await shop.newPage();
    await page.goto(`/productsList/details?id=${await idOf('Mulberry Silk Robe')}&lang=ms`);
    const reviews = page.locator('.review-list > li');
    await expect(reviews.count()).resolves.toBe(4);
    await expect(reviews.nth(0).locator('[lang]').getAttribute('lang')).resolves.toBe('ms');
    expect(await reviews.nth(0).locator('.review-language').count()).toBe(0);
    const marks = await reviews.locator('.review-language').allTextContents();
    expect(marks.sort()).toEqual([
      'Ditulis dalam bahasa Cina',
      'Ditulis dalam bahasa Inggeris',
      'Ditulis dalam bahasa Inggeris',
    ]);

    await page.goto('/?lang=zh');
    const home = page.locator('.review');
    const languages = await home
      .locator('blockquote')
      .evaluateAll((quotes) => quotes.map((quote) => quote.getAttribute('lang')));
    const chinese = languages.filter((language) => language === 'zh-CN').length;
    expect(chinese).toBeGreaterThan(0);
    expect(languages.slice(0, chinese).every((language) => language === 'zh-CN')).toBe(true);
    expect(await home.locator('.review-language').count()).toBe(languages.length - chinese);
    expect(await home.locator('.review-language').first().textContent()).toMatch(/^(英文评价|马来文评价)$/);
  });
});

describe('the product gallery', () => {
  it("shows a thumbnail's picture without moving the page or writing into the URL", async () => {
    const page = await shop.newPage();
    await page.goto(`/productsList/details?id=${await idOf('Mulberry Silk Robe')}`);
    await page.evaluate(() => window.scrollTo(0, 150));
    const thumb = page.getByRole('button', { name: 'Picture 2: Mulberry Silk Robe' });
    await thumb.click();
    await page.waitForFunction(() => {
      const slides = document.getElementById('gallery-slides')!;
      return Math.abs(slides.scrollLeft - slides.clientWidth) < 2;
    });
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.evaluate(() => window.scrollY)).toBe(150);
    expect(await thumb.getAttribute('aria-current')).toBe('true');
  });
});

describe('the product list in the URL', () => {
  it('keeps sort and page through a reload, and back and forward go through them', async () => {
    const page = await shop.newPage();
    await page.goto('/productsList');
    await page.getByLabel('Sort by').selectOption('price-asc');
    await page.waitForURL(/\/productsList\?sort=price-asc$/);
    await page.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(/\?sort=price-asc&page=2$/);
    await page.getByText('Page 2 of 3').waitFor();
    const secondPage = await page.locator('.product-card__name').allTextContents();

    await page.reload();
    await page.getByText('Page 2 of 3').waitFor();
    await page.waitForFunction(() => !document.querySelector('.product-list[aria-busy="true"]'));
    expect(await page.locator('.product-card__name').allTextContents()).toEqual(secondPage);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('price-asc');

    await page.goBack();
    await page.getByText('Page 1 of 3').waitFor();
    expect(new URL(page.url()).search).toBe('?sort=price-asc');
    await page.goBack();
    await page.waitForURL(/\/productsList$/);
    await page.waitForFunction(
      () => (document.getElementById('product-sort') as HTMLSelectElement).value === 'recommended',
    );
    await page.goForward();
    await page.waitForFunction(
      () => (document.getElementById('product-sort') as HTMLSelectElement).value === 'price-asc',
    );
    // The list follows the sort once loaded.
    await expect.poll(() => cardPrices(page)).toSatisfy(ascending);
  });

  it('turns to the next page pressed while the newly sorted list is still loading', async () => {
    const page = await shop.newPage();
    await page.goto('/productsList');
    // The sorted list's answers are held until Next has been pressed.
    const release = await holdRequests(page, /\/api\/v1\/goods\/queryProductList\?sort=price-asc/);
    await page.getByLabel('Sort by').selectOption('price-asc');
    await page.waitForURL(/\/productsList\?sort=price-asc$/);
    // The address changes as the sort is asked for; the list says it is busy once it has rendered.
    await expect.poll(() => page.locator('#product-list').getAttribute('aria-busy')).toBe('true');
    await page.getByRole('link', { name: 'Next' }).click();
    await release();
    await page.waitForURL(/\?sort=price-asc&page=2$/);
    await page.getByText('Page 2 of 3').waitFor();
    await page.waitForFunction(() => !document.querySelector('.product-list[aria-busy="true"]'));
    const expected = await fromApi<ProductPage>('/goods/queryProductList?sort=price-asc&pageNum=2&pageSize=12');
    expect(await page.locator('.product-card__name').allTextContents()).toEqual(
      expected.list.map((product) => product.goodsName),
    );
  });
});

describe('search', () => {
  it('searches from the header and lists the matches on the product list, in the current language', async () => {
    const page = await shop.newPage();
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search products' }).fill('silk');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/productsList\?q=silk$/);
    const expected = await fromApi<ProductPage>('/goods/queryProductList?q=silk&pageSize=12');
    expect(expected.total).toBeGreaterThan(1);
    await page.getByText(`${expected.total} results for “silk”`).waitFor();
    expect(await page.locator('.product-card__name').allTextContents()).toEqual(
      expected.list.map((product) => product.goodsName),
    );
    expect(await page.getByRole('searchbox', { name: 'Search products' }).inputValue()).toBe('silk');

    await page.goto('/?lang=zh');
    await page.getByRole('searchbox', { name: '搜索商品' }).fill('桑蚕丝');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await page.waitForURL(/\/productsList\?q=/);
    await page.getByRole('heading', { name: '桑蚕丝睡袍' }).waitFor();
    const names = await page.locator('.product-card__name').allTextContents();
    expect(names.every((name) => /[\u4e00-\u9fff]/.test(name))).toBe(true);
    await expect(untranslatedKeys(page)).resolves.toEqual([]);
  });

  it('says when nothing matches, and matches % literally', async () => {
    const page = await shop.newPage();
    await page.goto('/productsList?q=%25%25');
    await page.getByText('No products match “%%”.').waitFor();
    expect(await page.locator('.product-card').count()).toBe(0);
    await page.getByRole('link', { name: 'Show all products' }).click();
    await page.waitForURL(/\/productsList$/);
    expect(await page.locator('.product-card').count()).toBe(12);
  });

  it('searches from the menu on a phone', async () => {
    const page = await shop.newPage('mobile');
    await page.goto('/?lang=ms');
    await page.getByRole('button', { name: uiDictionaries.MS['nav.menu'] }).click();
    const menu = page.getByRole('dialog', { name: uiDictionaries.MS['nav.menu'] });
    await menu.getByRole('searchbox', { name: 'Cari produk' }).fill('sutera');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/productsList\?q=sutera$/);
    await page.getByRole('heading', { name: 'Jubah Sutera Mulberi' }).waitFor();
    await page.getByText(/hasil untuk “sutera”/).waitFor();
  });
});

describe('home banners', () => {
  const currentBanner = (page: Page) => page.locator('.hero__slide.is-current h2').textContent();

  it('rotates the banners, stops for the pause control, hover and focus, and moves with the keyboard', async () => {
    const page = await shop.newPage();
    await page.clock.install();
    await page.goto('/');
    const banners = page.getByRole('region', { name: 'Featured' });
    expect(await banners.getAttribute('aria-roledescription')).toBe('carousel');
    expect(await currentBanner(page)).toBe('Silk Season');
    await page.clock.runFor(6500);
    expect(await currentBanner(page)).toBe('Designed for Wellbeing');

    await banners.getByRole('button', { name: 'Stop the slide show' }).click();
    await page.mouse.move(5, 5);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(20_000);
    expect(await currentBanner(page)).toBe('Designed for Wellbeing');

    await banners.getByRole('button', { name: 'Next banner' }).focus();
    await page.keyboard.press('Enter');
    expect(await currentBanner(page)).toBe('Gentle Daily Care');
    await page.keyboard.press('ArrowRight');
    expect(await currentBanner(page)).toBe('Silk Season');
    await page.keyboard.press('ArrowLeft');
    expect(await currentBanner(page)).toBe('Gentle Daily Care');
    await banners.getByRole('button', { name: 'Show banner 2' }).click();
    expect(await currentBanner(page)).toBe('Designed for Wellbeing');
    expect(await page.locator('#hero-slides').getAttribute('aria-live')).toBe('polite');

    // Playing again, it still waits while the pointer rests on it.
    await banners.getByRole('button', { name: 'Start the slide show' }).click();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(20_000);
    expect(await currentBanner(page)).toBe('Designed for Wellbeing');
    await page.mouse.move(5, 5);
    await page.clock.runFor(6500);
    expect(await currentBanner(page)).toBe('Gentle Daily Care');
    expect(await page.locator('#hero-slides').getAttribute('aria-live')).toBe('off');
    // Only the banner on show can be reached.
    await expect.poll(() => banners.getByRole('link', { name: 'Go to buy' }).count()).toBe(1);
  });

  it('never rotates for a visitor who asks for reduced motion', async () => {
    const page = await shop.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    await page.getByRole('button', { name: 'Start the slide show' }).waitFor();
    await page.clock.runFor(30_000);
    expect(await currentBanner(page)).toBe('Silk Season');
  });

  it('keeps the first banner as the prebuilt picture the page loads first, the others lazy', async () => {
    const page = await shop.newPage('mobile');
    await page.goto('/');
    const pictures = page.locator('.hero__picture');
    expect(await pictures.count()).toBe(3);
    expect(await pictures.nth(0).getAttribute('fetchpriority')).toBe('high');
    expect(await pictures.nth(0).getAttribute('loading')).toBe('eager');
    expect(await pictures.nth(1).getAttribute('loading')).toBe('lazy');
    expect(await pictures.nth(2).getAttribute('loading')).toBe('lazy');
    const lcp = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          new PerformanceObserver((entries) => {
            const last = entries.getEntries().at(-1) as PerformanceEntry & { element?: Element | null };
            resolve(
              last.element?.closest('.hero__slide')?.querySelector('h2')?.textContent ?? last.element?.tagName ?? '',
            );
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    expect(lcp).toBe('Silk Season');
  });
});
