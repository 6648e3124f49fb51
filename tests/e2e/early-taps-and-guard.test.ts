import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { encodePassword } from '@/features/auth/auth';
import { aStorefront, onCommonScreen, type Device } from './support/shop';
import { holdRequests, password } from './support/storefront';

/*
 * What a person does while the page wakes (its islands hydrate on a first input, docs/decisions/098)
 * is carried out, not lost (docs/decisions/078); and a signed-in customer whose browser storage was
 * cleared is not sent away from a page that needs sign-in.
 */

const shop = await aStorefront();

/** A page on a processor slowed four times, as Lighthouse's phone profile has it. */
async function slowPage(device: Device) {
  const page = await onCommonScreen(shop, device);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return page;
}

/** Opens `path` and returns as soon as the header has appeared (its HTML, not yet its island's code). */
async function asSoonAsItAppears(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'commit' });
  await page.locator('header').first().waitFor();
}

const headerAwake = (page: Page) =>
  page.evaluate(() => document.querySelector('header')?.closest('astro-island')?.hasAttribute('ssr') === false);

/** Presses `button` on `path` before the header has woken; the dialog it opens opens once it wakes. */
async function pressEarly(page: Page, path: string, button: string, dialog: string) {
  const release = await holdRequests(page);
  await asSoonAsItAppears(page, path);
  await page.getByRole('button', { name: button }).first().click();
  expect(await headerAwake(page)).toBe(false);
  await release();
  await page.getByRole('dialog', { name: dialog }).waitFor({ timeout: 45_000 });
}

/** In the page: the header's selects set to 中文 and ￥ as a person's choice sets them (and Playwright's `selectOption`). */
const chooseInPage = () => {
  for (const [id, value] of [
    ['language-select', 'ZH'],
    ['currency-select', 'CNY'],
  ] as const) {
    const select = document.getElementById(id) as HTMLSelectElement;
    select.value = value;
    select.dispatchEvent(new Event('input', { bubbles: true }));
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }
};

/**
 * Chooses 中文 and ￥ as soon as the header has appeared on screen (the first frame after the page's
 * first paint in which its selects exist), from inside the page: the test's own round trips to a
 * slowed browser would otherwise be what is measured. Once per test; the page keeps how many
 * milliseconds after the header appeared the choice was made.
 */
async function chooseAsTheHeaderAppears(page: Page) {
  await page.addInitScript(
    `(${(choose: () => void) => {
      if (sessionStorage.getItem('chosen-after')) return;
      const watch = () => {
        const painted = performance.getEntriesByName('first-paint').length > 0;
        if (!painted || !document.getElementById('currency-select')) {
          requestAnimationFrame(watch);
          return;
        }
        // In the frame the header appears in: what a person's tap at that moment does (a busy main thread
        // delays when the page handles it, not when it was made; the blocking time is bench:storefront's).
        const appeared = performance.now();
        choose();
        sessionStorage.setItem('chosen-after', String(performance.now() - appeared));
      };
      requestAnimationFrame(watch);
    }})(${chooseInPage})`,
  );
}

/** The page in Chinese and yuan, at the same address, and so the next page (`alsoCheck` runs once it is). */
async function inChineseAndYuan(page: Page, path: string, alsoCheck?: () => Promise<void>) {
  // Polled through the navigation the choice starts: between the two documents there is no root element.
  await page.waitForFunction(
    () => document.documentElement?.lang === 'zh-CN' && document.documentElement.dataset.currency === 'CNY',
    undefined,
    { timeout: 30_000 },
  );
  await alsoCheck?.();
  expect(new URL(page.url()).pathname).toBe(path);
  await page.locator('#currency-select').waitFor();
  await expect(page.locator('#language-select').inputValue()).resolves.toBe('ZH');
  await expect(page.locator('#currency-select').inputValue()).resolves.toBe('CNY');
  await page.goto('/');
  await expect(
    page.evaluate(() => [document.documentElement.dataset.language, document.documentElement.dataset.currency]),
  ).resolves.toEqual(['ZH', 'CNY']);
}

describe('taps before the page has woken', () => {
  it(
    'chooses 中文 and ￥ in the first 100 ms after the page appears, on a processor slowed 4×, and gets them (desktop)',
    { timeout: 180_000 },
    async () => {
      const page = await slowPage('desktop');
      await chooseAsTheHeaderAppears(page);
      await page.goto('/productsList', { waitUntil: 'commit' });
      await inChineseAndYuan(page, '/productsList', async () =>
        expect(Number(await page.evaluate(() => sessionStorage.getItem('chosen-after')))).toBeLessThan(100),
      );
    },
  );

  it(
    'gets 中文 and ￥ chosen while the header cannot have woken yet (its code held back)',
    { timeout: 180_000 },
    async () => {
      const page = await slowPage('desktop');
      const release = await holdRequests(page);
      await asSoonAsItAppears(page, '/productsList');
      await page.evaluate(chooseInPage);
      expect(await headerAwake(page)).toBe(false);
      await release();
      await inChineseAndYuan(page, '/productsList');
    },
  );

  it(
    'opens the cart, the sign-in dialog and, for Share, sign-in, each pressed before the header woke (desktop)',
    { timeout: 180_000 },
    async () => {
      const page = await slowPage('desktop');
      await pressEarly(page, '/productsList', 'Cart', 'Shopping cart');
      await pressEarly(page, '/productsList', 'Log in', 'Sign in');
      // Share asks a signed-out visitor to sign in first.
      await pressEarly(page, '/', 'Share', 'Sign in');
    },
  );

  it('opens the menu and the cart pressed before the header woke (phone)', { timeout: 180_000 }, async () => {
    const page = await slowPage('mobile');
    await pressEarly(page, '/', 'Menu', 'Menu');
    await pressEarly(page, '/productsList', 'Cart', 'Shopping cart');
  });

  it(
    "carries a guest's cart into the account when /sign is sent before the header woke (phone)",
    { timeout: 180_000 },
    async () => {
      const account = await shop.newPage('desktop');
      const email = 'early.sign-in@example.com';
      const registered = await account.request.post('/api/v1/login/register', {
        data: { firstName: 'Siti', lastName: 'Hana', email, password: encodePassword(password) },
        timeout: 120_000,
      });
      expect(((await registered.json()) as { code: number }).code).toBe(1);

      const phone = await onCommonScreen(shop, 'mobile');
      await phone.goto('/productsList?category=lingerie');
      await phone
        .getByRole('link', { name: /Satin Slip Dress/ })
        .first()
        .click();
      await phone.getByRole('button', { name: 'Add to cart' }).click();
      await phone.getByText('Added to your cart').waitFor();
      // The header's code is held back; the sign form's and start-up's are not.
      const release = await holdRequests(phone, /\/_astro\/Header\.[^/]*\.js$/);
      await phone.goto('/sign', { waitUntil: 'commit' });
      await phone.waitForFunction(
        () => document.querySelector('input[type="password"]')?.closest('astro-island')?.hasAttribute('ssr') === false,
      );
      await phone.getByLabel('Email').fill(email);
      await phone.getByLabel('Password').fill(password);
      await phone.getByRole('button', { name: 'Sign in', exact: true }).click();
      expect(await headerAwake(phone)).toBe(false);
      await release();
      await phone.waitForURL((url) => url.pathname !== '/sign');

      const cart = await account.request.get('/api/v1/shoppingcart/queryShoppingCartList');
      expect(((await cart.json()) as { data: { total: number } }).data.total).toBe(1);
    },
  );
});

describe('the route guard asks before it sends anyone away', () => {
  let sequence = 0;
  /** A customer whose session cookie is live and whose browser holds nothing: registered through the API only. */
  async function liveSessionEmptyStorage(device: Device) {
    const page = await onCommonScreen(shop, device);
    const email = `guarded.${(sequence += 1)}.${device}@example.com`;
    const response = await page.request.post('/api/v1/login/register', {
      data: { firstName: 'Nur', lastName: 'Aina', email, password: encodePassword(password) },
      timeout: 120_000,
    });
    expect(((await response.json()) as { code: number }).code).toBe(1);
    return page;
  }

  it.for(['desktop', 'mobile'] as const)(
    'keeps a signed-in customer on /my/order and /order/recharge opened directly (%s)',
    { timeout: 180_000 },
    async (device) => {
      const page = await liveSessionEmptyStorage(device);
      for (const [path, heading] of [
        ['/my/order', 'My orders'],
        ['/order/recharge', 'Recharge'],
      ] as const) {
        await page.goto(path);
        // The user info answered (the browser now holds the user) and the page stayed.
        await page.waitForFunction(() => Boolean(JSON.parse(localStorage.getItem('energy-shop') ?? '{}').user?.email));
        await page.waitForLoadState('networkidle');
        expect(new URL(page.url()).pathname).toBe(path);
        await expect(page.getByRole('heading', { level: 1 }).first().textContent()).resolves.toContain(heading);
        await page.evaluate(() => localStorage.clear());
      }
    },
  );
});

describe('islands that wait for a person (docs/decisions/098)', () => {
  /** The file names of the scripts `page` requests from now on. */
  const scriptsRequested = (page: Page) => {
    const names: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') names.push(new URL(request.url()).pathname.replace(/^.*\//, ''));
    });
    return names;
  };
  /** The API calls (`goods/queryProductStock`) `page` makes from now on. */
  const apiCallsMade = (page: Page) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/v1/')) calls.push(path.slice('/api/v1/'.length));
    });
    return calls;
  };
  const productPage = async (page: Page) => {
    await page.goto('/productsList?category=lingerie');
    const href = await page
      .getByRole('link', { name: /Satin Slip Dress/ })
      .first()
      .getAttribute('href');
    return href!;
  };

  it(
    'loads no React on the home, list and product pages until a person touches them, and shows the live stock meanwhile (phone)',
    { timeout: 120_000 },
    async () => {
      const page = await onCommonScreen(shop, 'mobile');
      const details = await productPage(page);
      const scripts = scriptsRequested(page);
      const calls = apiCallsMade(page);
      for (const path of ['/', '/productsList', details]) {
        calls.length = 0;
        await page.goto(path, { waitUntil: 'networkidle' });
      }
      // One request for the live stock of the form and the recommended cards; a guest's empty cart is not
      // sent to be priced (docs/decisions/099).
      expect(calls.filter((call) => call === 'goods/queryProductStock')).toHaveLength(1);
      expect(calls).not.toContain('shoppingcart/getShoppingCartList');
      // Start-up ran (the live stock came), without React.
      await expect(page.locator('.purchase__stock').textContent()).resolves.toMatch(/^\d+ in stock/);
      await expect(page.getByRole('button', { name: 'Add to cart' }).isEnabled()).resolves.toBe(true);
      expect(scripts.some((name) => name.startsWith('StartUp.'))).toBe(true);
      expect(scripts.filter((name) => /^(react|Header|ProductPurchase|ProductListBrowser)\./.test(name))).toEqual([]);
      await expect(
        page.evaluate(() => document.querySelector('.purchase')?.closest('astro-island')?.hasAttribute('ssr')),
      ).resolves.toBe(true);

      // The first touch wakes them.
      await page.getByRole('button', { name: 'Cart' }).first().click();
      await page.getByRole('dialog', { name: 'Shopping cart' }).waitFor();
      expect(scripts.some((name) => name.startsWith('react.'))).toBe(true);
    },
  );

  it(
    'adds the size chosen and the quantity stepped before the purchase form woke, once (desktop)',
    { timeout: 180_000 },
    async () => {
      const page = await slowPage('desktop');
      const details = await productPage(page);
      const release = await holdRequests(page);
      await page.goto(details, { waitUntil: 'commit' });
      // The page's start-up is held back too: until it answers, the form claims no stock.
      await expect(page.locator('.purchase__stock').textContent()).resolves.toBe('Checking stock…');
      await release();
      const releaseReact = await holdRequests(page, /\/_astro\/react\.[^/]*\.js$/);
      await page
        .locator('.purchase__stock')
        .getByText(/in stock/)
        .waitFor({ timeout: 30_000 });
      await page.getByRole('radio', { name: /^M ·/ }).check();
      await page.getByRole('button', { name: 'Increase quantity' }).click();
      await page.getByRole('button', { name: 'Increase quantity' }).click();
      await expect(page.getByLabel('Quantity', { exact: true }).inputValue()).resolves.toBe('3');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(
        page.evaluate(() => document.querySelector('.purchase')?.closest('astro-island')?.hasAttribute('ssr')),
      ).resolves.toBe(true);
      await releaseReact();
      await page.getByText('Added to your cart').waitFor({ timeout: 45_000 });
      const size = await page.getByRole('radio', { name: /^M ·/ }).getAttribute('value');
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart-items') ?? '[]') as unknown);
      expect(stored).toEqual([{ goodsSpecificationId: Number(size), goodsQuantity: 3 }]);
      await expect(page.getByRole('radio', { name: /^M ·/ }).isChecked()).resolves.toBe(true);
      await expect(page.getByLabel('Quantity', { exact: true }).inputValue()).resolves.toBe('3');
    },
  );

  it("wakes a signed-in customer's header at once: it shows the account, not Log in (desktop)", async () => {
    const page = await onCommonScreen(shop, 'desktop');
    const email = 'awake.header@example.com';
    const registered = await page.request.post('/api/v1/login/register', {
      data: { firstName: 'Mei', lastName: 'Ling', email, password: encodePassword(password) },
      timeout: 120_000,
    });
    expect(((await registered.json()) as { code: number }).code).toBe(1);
    await page.goto('/productsList');
    await page.getByRole('button', { name: 'Mei Ling' }).waitFor({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Log in' }).count()).resolves.toBe(0);
  });
});
