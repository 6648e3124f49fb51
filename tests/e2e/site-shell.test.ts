import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { ageConfirmedCookie } from '@/features/site/age-gate';
import { uiDictionaries } from '@/lib/i18n/ui';
import { aStorefront } from './support/shop';
import { holdRequests } from './support/storefront';

/*
 * What the shell reads at start-up (spec §4: site info, languages, currencies) and the footer's record
 * or filing number by host (spec §9). The pages were built with every currency and no record number:
 * the shop below is configured otherwise, and the browser shows it without a rebuild.
 */

const RECORD = '沪ICP备12345678号-1';
const shop = await aStorefront({ SHOP_CURRENCIES: 'USD,MYR', FOOTER_RECORD_NUMBERS: `127.0.0.1=${RECORD}` });
/** The same shop reached by another host name, which has no record number. */
const otherHost = shop.url.replace('127.0.0.1', 'localhost');

const currencyOptions = (page: Page) =>
  page
    .locator('#currency-select option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));

describe('start-up reads what the shop offers', () => {
  it('drops a currency the operator switched off from the selector, after the prebuilt selector painted first', async () => {
    const page = await shop.newPage('desktop');
    const prebuilt = await (await page.request.get('/productsList')).text();
    expect(prebuilt).toMatch(/<select id="currency-select"[^]*?<option value="CNY"/);

    const release = await holdRequests(page, '**/api/v1/currency/queryCurrencyOptionList');
    await page.goto('/productsList');
    await page.getByRole('button', { name: 'Log in' }).waitFor(); // the header has hydrated
    await expect(currencyOptions(page)).resolves.toEqual(['USD', 'CNY', 'MYR']);
    await release();
    await expect.poll(() => currencyOptions(page)).toEqual(['USD', 'MYR']);
    await expect(page.locator('#language-select option').count()).resolves.toBe(3);

    // On a phone the menu's selector offers the same.
    const phone = await shop.newPage('mobile');
    await phone.goto('/');
    await phone.waitForLoadState('networkidle');
    await phone.getByRole('button', { name: 'Menu' }).click();
    const menuCurrencies = phone.getByRole('dialog').getByLabel('Currency').locator('option');
    await expect.poll(() => menuCurrencies.allTextContents()).toEqual(['$ USD', 'RM MYR']);
  });

  it('moves a visitor whose currency was switched off to the first one offered', async () => {
    const page = await shop.newPage('desktop');
    await page.goto('/productsList?currency=CNY');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.currency), { timeout: 15_000 })
      .toBe('USD');
    await expect(page.getByLabel('Currency').inputValue()).resolves.toBe('USD');
  });
});

describe("the footer's record number", () => {
  it('shows the number configured for the host the page is served from, and nothing on another host', async () => {
    const page = await shop.newPage('desktop');
    await page.goto('/');
    await expect.poll(() => page.locator('#record-number').textContent()).toBe(RECORD);

    const elsewhere = await shop.newPage('desktop');
    await elsewhere.context().addCookies([ageConfirmedCookie(otherHost)]);
    const siteInfo = elsewhere.waitForResponse((response) => response.url().includes('/site/getSiteInfo'));
    await elsewhere.goto(`${otherHost}/`);
    expect((await siteInfo).ok()).toBe(true);
    await elsewhere.waitForLoadState('networkidle');
    await expect(elsewhere.locator('#record-number').textContent()).resolves.toBe('');
  });

  it('fills in without moving anything: its line keeps the same box, and no layout shift is recorded', async () => {
    const page = await shop.newPage('mobile');
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The answer arrives after the footer has appeared (1 s) and is on screen, where a shift would count.
    const release = await holdRequests(page, '**/api/v1/site/getSiteInfo');
    await page.goto('/productsList');
    const line = page.locator('#record-number');
    const footer = page.locator('footer');
    await footer.waitFor({ state: 'visible' });
    await line.scrollIntoViewIfNeeded();
    await page.waitForLoadState('load');
    await page.evaluate(() => document.fonts.ready);
    await nextFrames(page);
    const before = {
      line: await line.boundingBox(),
      footer: await footer.boundingBox(),
      shifts: await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.length),
    };
    expect(await line.textContent()).toBe('');
    expect(before.line!.height).toBeGreaterThan(10);

    await release();
    await expect.poll(() => line.textContent()).toBe(RECORD);
    // A shift is recorded when the frame that shows the line is drawn, and reported in a task after it.
    await nextFrames(page);
    expect(await line.boundingBox()).toEqual(before.line);
    expect(await footer.boundingBox()).toEqual(before.footer);
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
    expect(shifts.slice(before.shifts)).toEqual([]);

    // The same page on a host without a number has a footer of the same height.
    const elsewhere = await shop.newPage('mobile');
    await elsewhere.context().addCookies([ageConfirmedCookie(otherHost)]);
    await elsewhere.goto(`${otherHost}/productsList`);
    await elsewhere.waitForLoadState('networkidle');
    // Measured on screen, as it is seen: off screen the footer is not laid out (its box is a placeholder).
    await elsewhere.locator('footer').scrollIntoViewIfNeeded();
    await nextFrames(elsewhere);
    expect((await elsewhere.locator('footer').boundingBox())!.height).toBe(before.footer!.height);
  });
});

/** Two frames drawn and a task after them: what changed has been laid out, and its layout shifts reported. */
const nextFrames = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve)))),
  );

describe('the footer', () => {
  it('shows a second after the page, also to a visitor who asks for less motion', async () => {
    const page = await shop.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await page
      .locator('footer')
      .getByRole('link', { name: uiDictionaries.EN['page.applyText'], exact: true })
      .waitFor({ state: 'visible' });
  });
});
