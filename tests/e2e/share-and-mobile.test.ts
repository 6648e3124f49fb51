import { describe, expect, it } from 'vitest';
import { aStorefront, downloaded, untranslatedKeys } from './support/shop';

const shop = await aStorefront();

describe('sharing and the phone layout', () => {
  it('asks a signed-out visitor to sign in before sharing, then shows the link, QR code and rebate rate', async () => {
    const page = await shop.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Share' }).click();
    const signIn = page.getByRole('dialog', { name: 'Sign in' });
    await signIn.getByRole('button', { name: 'New here? Create an account' }).click();
    const register = page.getByRole('dialog', { name: 'Create an account' });
    await register.getByLabel('First name').fill('Aisyah');
    await register.getByLabel('Last name').fill('Rahman');
    await register.getByLabel('Email').fill('aisyah.rahman@example.com');
    await register.getByLabel('Password').fill('Sunrise2026');
    await register.getByRole('button', { name: 'Register' }).click();

    const share = page.getByRole('dialog', { name: 'Share with friends' });
    await share.waitFor();
    const link = await share.getByTestId('share-link').inputValue();
    expect(link).toMatch(new RegExp(`^${shop.url}/[A-Z2-9]{6,}$`));
    await share.getByText('You earn 5% in energy points when friends buy').waitFor();
    const qr = share.getByRole('img', { name: 'QR code of the share link' });
    await qr.waitFor();
    await expect(qr.getAttribute('width')).resolves.toBe('148');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      share.getByRole('link', { name: 'Download QR code' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('qrcode.png');
    const png = await downloaded(download);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    await expect(untranslatedKeys(page)).resolves.toEqual([]);
  });

  it('shows the phone header: menu on home, back arrow and title elsewhere, sign-in as a page', async () => {
    const page = await shop.newPage('mobile');
    await page.goto('/?lang=ms');
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.evaluate((element) => getComputedStyle(element).zIndex)).resolves.toBe('1990');
    await expect(menu.getByRole('link', { name: 'Produk' }).isVisible()).resolves.toBe(true);
    await menu.getByRole('button', { name: 'Log masuk' }).click();
    await page.waitForURL((url) => url.pathname === '/sign');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Log masuk');
    await expect(untranslatedKeys(page)).resolves.toEqual([]);

    await page.goto('/productsList');
    await expect(page.getByRole('button', { name: 'Kembali' }).isVisible()).resolves.toBe(true);
    await expect(page.locator('.header__title').textContent()).resolves.toBe('Produk');
  });

  it('signs in on the phone page and goes back where the visitor came from', async () => {
    const page = await shop.newPage('mobile');
    await page.goto('/sign?link=%2FproductsList');
    // Pages the tab set out to open: the way back is taken once, not started twice (the second cancelling the first).
    const opened: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame())
        opened.push(new URL(request.url()).pathname);
    });
    await page.getByLabel('Email').fill('aisyah.rahman@example.com');
    await page.getByLabel('Password').fill('Sunrise2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/productsList');
    await page.waitForLoadState('load');
    expect(opened).toEqual(['/productsList']);
  });

  it('describes products for search engines', async () => {
    const page = await shop.newPage();
    await page.goto('/productsList/details?id=3&lang=zh&currency=cny');
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(data).toMatchObject({ '@type': 'Product', offers: { priceCurrency: 'CNY' } });
    const alternates = await page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('hreflang')));
    expect(alternates).toEqual(['en', 'zh-CN', 'ms', 'x-default']);
    const sitemap = await page.request.get('/sitemap.xml');
    expect(await sitemap.text()).toContain('/productsList/details?id=3');
  });
});
