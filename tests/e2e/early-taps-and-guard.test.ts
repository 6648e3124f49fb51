import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { encodePassword } from '@/features/auth/auth';
import { aStorefront, type Device } from './support/shop';
import { password } from './support/storefront';

/*
 * What a person does while the page wakes (its islands hydrate after the first paint, docs/decisions/070)
 * is carried out, not lost (docs/decisions/078); and a signed-in customer whose browser storage was
 * cleared is not sent away from a page that needs sign-in.
 */

const shop = await aStorefront();

/** A page on a processor slowed four times, as Lighthouse's phone profile has it. */
async function slowPage(device: Device) {
  const page = await shop.newPage(device);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return page;
}

/** Opens `path` and returns as soon as the header has appeared (its HTML, not yet its island's code). */
async function assoonAsItAppears(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'commit' });
  await page.locator('header').first().waitFor();
}

const headerAwake = (page: Page) => page.evaluate(() => document.querySelector('header')?.closest('astro-island')?.hasAttribute('ssr') === false);

describe('taps before the page has woken', () => {
  it('chooses 中文 and ￥ in the first 100 ms after the page appears, on a slowed processor, and gets them (desktop)', async () => {
    const page = await slowPage('desktop');
    await assoonAsItAppears(page, '/productsList');
    const appeared = Date.now();
    await page.locator('#language-select').selectOption('ZH');
    await page.locator('#currency-select').selectOption('CNY');
    const chosenAfter = Date.now() - appeared;
    // The choice was made before the header's island woke: what this test is about.
    expect(await headerAwake(page)).toBe(false);
    expect(chosenAfter).toBeLessThan(100);
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN' && document.documentElement.dataset.currency === 'CNY', undefined, { timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/productsList');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect(page.locator('#currency-select').inputValue()).resolves.toBe('CNY');
    await expect(page.locator('#language-select').inputValue()).resolves.toBe('ZH');
    // The choice stays for the next page.
    await page.goto('/');
    await expect(page.evaluate(() => [document.documentElement.dataset.language, document.documentElement.dataset.currency])).resolves.toEqual(['ZH', 'CNY']);
  });

  it('opens the cart and the sign-in dialog pressed before the header woke (desktop)', async () => {
    const page = await slowPage('desktop');
    await assoonAsItAppears(page, '/productsList');
    await page.getByRole('button', { name: 'Cart' }).first().click();
    expect(await headerAwake(page)).toBe(false);
    await page.getByRole('dialog', { name: 'Shopping cart' }).waitFor({ timeout: 20_000 });

    await assoonAsItAppears(page, '/productsList');
    await page.getByRole('button', { name: 'Log in' }).click();
    expect(await headerAwake(page)).toBe(false);
    await page.getByRole('dialog', { name: 'Sign in' }).waitFor({ timeout: 20_000 });

    // Share asks a signed-out visitor to sign in first.
    await assoonAsItAppears(page, '/');
    await page.getByRole('button', { name: 'Share' }).first().click();
    expect(await headerAwake(page)).toBe(false);
    await page.getByRole('dialog', { name: 'Sign in' }).waitFor({ timeout: 20_000 });
  });

  it('opens the menu and the cart pressed before the header woke (phone)', async () => {
    const page = await slowPage('mobile');
    await assoonAsItAppears(page, '/');
    await page.getByRole('button', { name: 'Menu' }).click();
    expect(await headerAwake(page)).toBe(false);
    await page.getByRole('dialog', { name: 'Menu' }).waitFor({ timeout: 20_000 });

    await assoonAsItAppears(page, '/productsList');
    await page.getByRole('button', { name: 'Cart' }).first().click();
    expect(await headerAwake(page)).toBe(false);
    await page.getByRole('dialog', { name: 'Shopping cart' }).waitFor({ timeout: 20_000 });
  });
});

describe('the route guard asks before it sends anyone away', () => {
  let sequence = 0;
  /** A customer whose session cookie is live and whose browser holds nothing: registered through the API only. */
  async function liveSessionEmptyStorage(device: Device) {
    const page = await shop.newPage(device);
    const email = `guarded.${(sequence += 1)}.${device}@example.com`;
    const response = await page.request.post('/api/v1/login/register', { data: { firstName: 'Nur', lastName: 'Aina', email, password: encodePassword(password) } });
    expect(((await response.json()) as { code: number }).code).toBe(1);
    return page;
  }

  it.for(['desktop', 'mobile'] as const)('keeps a signed-in customer on /my/order and /order/recharge opened directly (%s)', async (device) => {
    const page = await liveSessionEmptyStorage(device);
    for (const [path, heading] of [['/my/order', 'My orders'], ['/order/recharge', 'Recharge']] as const) {
      await page.goto(path);
      // The user info answered (the browser now holds the user) and the page stayed.
      await page.waitForFunction(() => Boolean(JSON.parse(localStorage.getItem('energy-shop') ?? '{}').user?.email));
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).pathname).toBe(path);
      await expect(page.getByRole('heading', { level: 1 }).first().textContent()).resolves.toContain(heading);
      await page.evaluate(() => localStorage.clear());
    }
  });
});
