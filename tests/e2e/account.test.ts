import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '@/server/db/schema';
import { aStorefront, untranslatedKeys } from './support/shop';
import { registerInDialog } from './support/storefront';

const shop = await aStorefront();

const mei = (email: string) => ({ firstName: 'Mei', lastName: 'Lin', email });

describe('cart and account in the browser', () => {
  it('keeps an anonymous cart, and merges it into the account at sign-up', async () => {
    const page = await shop.newPage();
    await page.goto('/productsList?category=lingerie');
    await page
      .getByRole('link', { name: /Satin Slip Dress/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText('Added to your cart').waitFor();
    await page.getByRole('button', { name: 'Cart 1' }).click();
    const drawer = page.getByRole('dialog', { name: 'Shopping cart' });
    await drawer.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Cart 2' }).waitFor();
    await expect(drawer.getByTestId('cart-total').textContent()).resolves.toBe('$119.98');
    await expect(untranslatedKeys(page)).resolves.toEqual([]);
    await drawer.getByRole('button', { name: 'Close cart' }).click();

    await registerInDialog(page, mei('mei.lin@example.com'));
    await page.getByRole('button', { name: 'Cart 2' }).click();
    await page.getByRole('dialog', { name: 'Shopping cart' }).getByText('Satin Slip Dress').waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Cart 2' }).waitFor();
  });

  it("shows a guest's cart in the browser's other tabs without reloading them", async () => {
    const shopping = await shop.newPage();
    const browsing = await shopping.context().newPage();
    await browsing.goto('/productsList');
    await browsing.getByRole('button', { name: 'Cart', exact: true }).waitFor();
    // A mark on the open document: a reload would lose it.
    await browsing.evaluate(() => Object.assign(window, { notReloaded: true }));
    await shopping.goto('/productsList?category=lingerie');
    await shopping
      .getByRole('link', { name: /Satin Slip Dress/ })
      .first()
      .click();
    await shopping.getByRole('button', { name: 'Add to cart' }).click();
    await shopping.getByRole('button', { name: 'Cart 1' }).waitFor();

    await browsing.getByRole('button', { name: 'Cart 1' }).waitFor();
    await browsing.getByRole('button', { name: 'Cart 1' }).click();
    const drawer = browsing.getByRole('dialog', { name: 'Shopping cart' });
    await drawer.getByRole('button', { name: 'Increase quantity' }).click();
    await shopping.getByRole('button', { name: 'Cart 2' }).waitFor();
    await expect(browsing.evaluate(() => 'notReloaded' in window)).resolves.toBe(true);
  });

  it('shows a wrong password on the password field, and an unknown account on the email field', async () => {
    const page = await shop.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.getByLabel('Email').fill('mei.lin@example.com');
    await dialog.getByLabel('Password').fill('wrong-password-1');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog.locator('#sign-password-error').textContent()).resolves.toBe('Incorrect account or password');
    await dialog.getByLabel('Email').fill('nobody@example.com');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog.locator('#sign-email-error').textContent()).resolves.toBe('This account does not exist');
  });

  it('validates the sign dialog on blur with the spec messages', async () => {
    const page = await shop.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel('Password').focus();
    await expect(dialog.locator('#sign-email-error').textContent()).resolves.toBe('Please enter a valid email');
  });

  it('resets a forgotten password through the mailed link', async () => {
    const page = await shop.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('dialog', { name: 'Sign in' }).getByRole('button', { name: 'Forgot your password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await dialog.getByLabel('Email').fill('mei.lin@example.com');
    // The captcha is the browser's own work: nothing to type, the button waits for it.
    await dialog.getByText('Checked: you can send.').waitFor({ timeout: 60_000 });
    await expect(untranslatedKeys(page)).resolves.toEqual([]);
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await dialog.getByText('We have sent a link').waitFor();

    const mail = await shop.mailWith('mei.lin@example.com', '/updatePwd/');
    const link = /\/updatePwd\/([A-Za-z0-9_-]+)/.exec(mail.replace(/=\r?\n/g, ''))?.[0];
    expect(link).toBeDefined();
    await page.goto(link!);
    await page.getByLabel('New password', { exact: true }).fill('Lantern2027?');
    await page.getByLabel('Confirm new password').fill('Lantern2027?');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Your password has been changed').waitFor();

    await page.goto('/');
    await page.getByRole('button', { name: 'Log in' }).click();
    const signIn = page.getByRole('dialog', { name: 'Sign in' });
    await signIn.getByLabel('Email').fill('mei.lin@example.com');
    await signIn.getByLabel('Password').fill('Lantern2027?');
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await signIn.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Mei Lin' }).waitFor();
  });

  it('links a visitor who arrives on /{code} and registers to the code owner', async () => {
    const [owner] = await shop.db.select().from(users).where(eq(users.email, 'mei.lin@example.com'));
    const page = await shop.newPage();
    await page.goto(`/${owner!.shareCode}`);
    await page.waitForURL((url) => url.pathname === '/');
    await registerInDialog(page, mei('friend.of.mei@example.com'));
    const [friend] = await shop.db.select().from(users).where(eq(users.email, 'friend.of.mei@example.com'));
    expect(friend!.referrerId).toBe(owner!.id);
  });

  it('sends anonymous visitors away from signed-in pages: home on desktop, /sign on phones', async () => {
    const desktop = await shop.newPage('desktop');
    // The home page answers late, as on a busy machine: start-up's read of the user answers first, and
    // must not send the page away a second time (which would cancel the first redirect).
    const homeLoads: string[] = [];
    await desktop.route(
      (url) => url.pathname === '/',
      async (route) => {
        if (route.request().isNavigationRequest()) homeLoads.push(route.request().url());
        await new Promise((resolve) => setTimeout(resolve, 500));
        await route.continue().catch(() => undefined);
      },
    );
    await desktop.goto('/my/order');
    await desktop.waitForURL((url) => url.pathname === '/');
    expect(homeLoads).toHaveLength(1);
    const phone = await shop.newPage('mobile');
    await phone.goto('/order/energy');
    await phone.waitForURL((url) => url.pathname === '/sign');
    await expect(phone.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Sign in');
  });

  it('subscribes to the newsletter only once the mailed link is confirmed, then warns about a second subscription', async () => {
    const page = await shop.newPage();
    await page.goto('/productsList');
    const footer = page.locator('footer');
    // The form's island wakes when it comes into view (before, the form posts without it): this test is of the awake form.
    await footer.scrollIntoViewIfNeeded();
    await footer.locator('astro-island:not([ssr])').waitFor({ state: 'attached' });
    const subscribe = async () => {
      await footer.getByLabel('Your name').fill('Aisyah');
      await footer.getByLabel('Your email').fill('aisyah@example.com');
      await footer.getByLabel('Your email').press('Enter');
    };
    await subscribe();
    await page.getByText('Almost done: open the link we just mailed you to confirm.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/productsList');

    const mail = (await shop.mailWith('aisyah@example.com', '/subscribers/confirm'))
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    const link = /https?:\/\/[^\s"<>]+\/api\/v1\/mail\/subscribers\/confirm\?token=[A-Za-z0-9_-]+/.exec(mail)?.[0];
    expect(link).toBeDefined();
    const confirmation = await shop.newPage();
    await confirmation.goto(link!);
    await confirmation.getByRole('button', { name: 'Confirm' }).click();
    await confirmation.getByText('aisyah@example.com is subscribed').waitFor();

    await subscribe();
    await page.getByText('You are already subscribed').waitFor();
  });

  it('subscribes to the newsletter from the footer without scripts, and leads back to the page', async () => {
    // Without scripts, as the page is before its islands wake on a slow phone.
    const page = await shop.newPage('desktop', { scripts: false });
    await page.goto('/productsList?lang=ms');
    const footer = page.locator('footer');
    await footer.getByLabel('Nama anda').fill('Siti');
    await footer.getByLabel('E-mel anda').fill('siti@example.com');
    await footer.getByLabel('E-mel anda').press('Enter');
    await page.getByText('Hampir siap: buka pautan yang baru kami e-melkan untuk mengesahkan.').waitFor();
    await expect(shop.mailWith('siti@example.com', '/subscribers/confirm')).resolves.toContain('siti@example.com');
    await page.getByRole('link', { name: 'Kembali ke kedai' }).click();
    await page.waitForURL((url) => url.pathname === '/productsList');
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('ms');
  });
});
