// Over 300 lines: checkout's details walk shares one storefront.
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { encodePassword } from '@/features/auth/auth';
import { formatMoney, percentOf } from '@/lib/money';
import { addresses, orders, users } from '@/server/db/schema';
import { addToCart, fillAddress, goToCheckout, holdRequests, password, registerInDialog } from './support/storefront';
import { aStorefront, untranslatedKeys } from './support/shop';

/* The checkout and order pages' details: errors where they belong, codes checked on entry, addresses remembered. */

const shop = await aStorefront();

let sequence = 0;
const newEmail = (name: string) => `${name}.${(sequence += 1)}@example.com`;
const userOf = async (email: string) => (await shop.db.select().from(users).where(eq(users.email, email)))[0]!;
const money = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100);

/** A customer registered through the API, signed in on a fresh browser. */
async function signedInCustomer(name: string) {
  const page = await shop.newPage();
  const email = newEmail(name);
  const response = await page.request.post('/api/v1/login/register', {
    data: { firstName: 'Mei', lastName: 'Lin', email, password: encodePassword(password) },
  });
  expect(((await response.json()) as { code: number }).code).toBe(1);
  await page.goto('/');
  await page.waitForFunction(() => Boolean(JSON.parse(localStorage.getItem('energy-shop') ?? '{}').user?.email));
  return { page, email };
}

/** No browser `confirm()` or `alert()` may appear: the shop asks in its own dialogs. */
function refuseBrowserDialogs(page: Page) {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.message());
    void dialog.dismiss();
  });
  return seen;
}

/**
 * Holds back the page's start-up (it runs with the header's code, the header island's component)
 * until `release` is called, so the other islands start first.
 */
async function holdStartUp(page: Page, path: string) {
  const html = await (await page.request.get(path)).text();
  const startUp = new Set(
    [...html.matchAll(/<astro-island\b[^>]*component-url="([^"]*\/Header\.[^"]+)"/g)].map((match) => match[1]),
  );
  expect(startUp.size).toBeGreaterThan(0);
  return holdRequests(page, (url) => startUp.has(url.pathname));
}

const discountResult = (page: Page) => page.locator('#checkout-discount-result');

describe('the guest contact fields', () => {
  it('say nothing about the password on leaving the email; an error shows once the field is left and clears once fine', async () => {
    const page = await shop.newPage();
    await addToCart(page, 'lingerie', /Satin Slip Dress/);
    await goToCheckout(page);
    const passwordError = page.getByText('Use 8 to 20 characters without spaces');

    await page.getByLabel('Email', { exact: true }).fill(newEmail('guest'));
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('checkout-password');
    await page.keyboard.type(password);
    await page.keyboard.press('Tab');
    await expect(passwordError.count()).resolves.toBe(0);
    await expect(page.locator('.checkout__form .field-error').count()).resolves.toBe(0);

    await page.getByLabel('New password (creates your account)').fill('short');
    await page.keyboard.press('Tab');
    await passwordError.waitFor();
    await expect(page.getByLabel('New password (creates your account)').getAttribute('aria-invalid')).resolves.toBe(
      'true',
    );
    await page.getByLabel('New password (creates your account)').fill(password);
    await passwordError.waitFor({ state: 'detached' });

    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.keyboard.press('Tab');
    await page.getByText('Please enter a valid email').waitFor();
    await expect(passwordError.count()).resolves.toBe(0);
  });
});

describe('the discount code', () => {
  it('is checked when entered: an unknown code says so at the field, takes nothing off, and stops the order there', async () => {
    const page = await shop.newPage();
    await addToCart(page, 'lingerie', /Satin Slip Dress/);
    await goToCheckout(page);
    const total = await page.getByTestId('checkout-total').textContent();
    const email = newEmail('nope');

    await page.getByLabel('Discount code (optional)').fill('NOPE123');
    await page.keyboard.press('Tab');
    await expect.poll(() => discountResult(page).textContent()).toBe('This discount code does not exist');
    await expect(page.getByLabel('Discount code (optional)').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.getByTestId('checkout-discount').count()).resolves.toBe(0);
    await expect(page.getByTestId('checkout-total').textContent()).resolves.toBe(total);

    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('New password (creates your account)').fill(password);
    await fillAddress(page);
    await page.getByRole('button', { name: 'Place order and pay' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('checkout-discount');
    await expect(discountResult(page).textContent()).resolves.toBe('This discount code does not exist');
    await expect(page.getByTestId('checkout-discount').count()).resolves.toBe(0);
    expect(new URL(page.url()).pathname).toBe('/pay');
    await expect(shop.db.select().from(users).where(eq(users.email, email))).resolves.toEqual([]);

    await page.getByLabel('Discount code (optional)').fill('');
    await page.getByRole('button', { name: 'Place order and pay' }).click();
    await page.waitForURL(/\/api\/v1\/pay\/test-gateway\//);
  });

  it("refuses the customer's own share code at the field, before the order", async () => {
    const { page, email } = await signedInCustomer('sharer');
    const own = (await userOf(email)).shareCode;
    await addToCart(page, 'health', /Magnesium Sleep Gummies/);
    await goToCheckout(page);
    await page.getByLabel('Discount code (optional)').fill(own.toLowerCase());
    await page.getByLabel('Discount code (optional)').press('Enter');
    await expect
      .poll(() => discountResult(page).textContent())
      .toBe('You cannot use your own discount code; share it with friends instead');
    await expect(page.getByTestId('checkout-discount').count()).resolves.toBe(0);
  });
});

describe('a friend who arrived by a share link', () => {
  let friend: Page;
  let friendEmail: string;

  it('finds the sharer’s code in the discount field at checkout, checked, with its 5% off; then pays', async () => {
    const { email: sharerEmail } = await signedInCustomer('referrer');
    const sharer = await userOf(sharerEmail);
    friend = await shop.newPage();
    friendEmail = newEmail('friend');
    await friend.goto(`/${sharer.shareCode}`);
    await friend.waitForURL((url) => url.pathname === '/');
    await registerInDialog(friend, { firstName: 'Fern', lastName: 'Lee', email: friendEmail });
    expect((await userOf(friendEmail)).referrerId).toBe(sharer.id);

    await addToCart(friend, 'lingerie', /Satin Slip Dress/);
    await goToCheckout(friend);
    await expect.poll(() => friend.getByLabel('Discount code (optional)').inputValue()).toBe(sharer.shareCode);
    const goods = money(await friend.locator('.totals dd').first().textContent());
    const off = formatMoney(percentOf(goods, 5), 'USD');
    await expect
      .poll(() => discountResult(friend).textContent())
      .toBe(`Code ${sharer.shareCode} applied: ${off} off the goods.`);
    // The totals follow once the delivery quote for the code has answered.
    await expect.poll(() => friend.getByTestId('checkout-discount').textContent()).toBe(`-${off}`);
    await expect
      .poll(() => friend.getByTestId('checkout-total').textContent())
      .toBe(formatMoney(goods - percentOf(goods, 5), 'USD'));
    await expect(untranslatedKeys(friend)).resolves.toEqual([]);

    await fillAddress(friend);
    await friend.getByRole('button', { name: 'Place order and pay' }).click();
    await friend.getByRole('button', { name: 'Approve payment' }).click();
    await friend.getByRole('heading', { name: 'Thank you! Your payment went through.' }).waitFor();
    const [order] = await shop.db
      .select()
      .from(orders)
      .where(eq(orders.userId, (await userOf(friendEmail)).id));
    expect(order).toMatchObject({ discountCode: sharer.shareCode, discountAmount: percentOf(goods, 5), status: 1 });
    await friend.getByRole('link', { name: 'View order' }).click();
    await friend.getByTestId('order-amount').waitFor();
    await expect(friend.locator('.totals dt').last().textContent()).resolves.toBe('Paid');
  });

  it('checks out again to the address of the first order, already chosen, or picks another', async () => {
    await addToCart(friend, 'health', /Magnesium Sleep Gummies/);
    await goToCheckout(friend);
    const saved = friend.getByRole('radio', { name: /Jordan Kim.*1 Market Street/ });
    await expect.poll(() => saved.isChecked()).toBe(true);
    await expect(friend.getByLabel('First name').count()).resolves.toBe(0);
    await friend.getByRole('radio', { name: 'Another address' }).check();
    await expect(friend.getByLabel('First name').inputValue()).resolves.toBe('');
    await saved.check();

    await friend.getByRole('button', { name: 'Place order and pay' }).click();
    await friend.waitForURL(/\/api\/v1\/pay\/test-gateway\//);
    const mine = await shop.db
      .select()
      .from(orders)
      .where(eq(orders.userId, (await userOf(friendEmail)).id));
    expect(mine).toHaveLength(2);
    expect(mine.map((order) => order.deliveryAddress?.address)).toEqual(['1 Market Street', '1 Market Street']);
    expect(
      await shop.db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, (await userOf(friendEmail)).id)),
    ).toHaveLength(1);
  });

  it('sees what is due on an unpaid order, cancels it in the shop’s own dialog, and then sees what was due', async () => {
    const browserDialogs = refuseBrowserDialogs(friend);
    const [unpaid] = await shop.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, (await userOf(friendEmail)).id), eq(orders.status, 2)));
    await friend.goto(`/my/order/details?orderId=${unpaid!.id}`);
    await friend.getByTestId('order-amount').waitFor();
    await expect(friend.locator('.totals dt').last().textContent()).resolves.toBe('To pay');
    await expect(friend.getByTestId('order-amount').textContent()).resolves.toBe(formatMoney(unpaid!.payAmount, 'USD'));

    const opener = friend.getByRole('button', { name: 'Cancel order' });
    await opener.click();
    const dialog = friend.getByRole('dialog', { name: 'Cancel this order?' });
    await dialog.waitFor();
    for (let press = 0; press < 5; press += 1) {
      await friend.keyboard.press('Tab');
      await expect(dialog.evaluate((element) => element.contains(document.activeElement))).resolves.toBe(true);
    }
    await friend.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect(opener.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await expect(friend.getByTestId('order-status').textContent()).resolves.toBe('Payment pending');

    await opener.click();
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await friend.getByText('The order has been cancelled.').waitFor();
    await expect(friend.getByTestId('order-status').textContent()).resolves.toBe('Order closed');
    await expect(friend.locator('.totals dt').last().textContent()).resolves.toBe('Was due (not paid)');
    expect(browserDialogs).toEqual([]);
  });

  it('reads the lines of her orders in Chinese after switching the interface language', async () => {
    await friend.goto('/?lang=zh');
    await friend.goto('/my/order');
    await friend.getByText('缎面吊带睡裙', { exact: false }).first().waitFor();
    await expect(friend.getByText('Satin Slip Dress').count()).resolves.toBe(0);
    const [paid] = await shop.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, (await userOf(friendEmail)).id), eq(orders.status, 1)));
    // The island asks for the order before start-up has run: it still asks in Chinese.
    const details = `/my/order/details?orderId=${paid!.id}`;
    const releaseStartUp = await holdStartUp(friend, details);
    await friend.goto(details, { waitUntil: 'commit' });
    await friend.getByRole('link', { name: '缎面吊带睡裙' }).waitFor();
    await releaseStartUp();
    await friend.unrouteAll({ behavior: 'wait' });
  });
});

describe('buying now and checking out from the drawer', () => {
  it('Buy now goes to checkout with that product only, beside the cart; the drawer’s Check out with every line of the cart', async () => {
    const page = await shop.newPage();
    await addToCart(page, 'health', /Magnesium Sleep Gummies/);
    await page.goto('/productsList?category=lingerie');
    await page
      .getByRole('link', { name: /Satin Slip Dress/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Buy now' }).click();
    await page.waitForURL(/\/pay\?buy=/);
    const summary = page.locator('.checkout__summary');
    await summary.getByText('Satin Slip Dress').waitFor();
    await expect(summary.getByText('Magnesium Sleep Gummies').count()).resolves.toBe(0);

    await page.getByRole('button', { name: /^Cart/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Shopping cart' });
    await drawer.getByText('Magnesium Sleep Gummies').waitFor();
    await drawer.getByRole('button', { name: 'Check out' }).click();
    await page.waitForURL(/\/pay\?ids=/);
    await summary.getByText('Magnesium Sleep Gummies').waitFor();
    // Buy now left the cart as it was (docs/decisions/079).
    await expect(summary.getByText('Satin Slip Dress').count()).resolves.toBe(0);
  });

  it('keeps Tab inside the open cart drawer, closes it with Escape and gives focus back to the cart button', async () => {
    const page = await shop.newPage();
    await addToCart(page, 'health', /Magnesium Sleep Gummies/);
    const cartButton = page.getByRole('button', { name: /^Cart/ });
    await cartButton.click();
    const drawer = page.getByRole('dialog', { name: 'Shopping cart' });
    await drawer.getByRole('button', { name: 'Check out' }).waitFor();
    const stops = await drawer.evaluate(
      (element) => element.querySelectorAll('a[href], button:not([disabled]), input').length,
    );
    for (let press = 0; press < stops + 2; press += 1) {
      await page.keyboard.press('Tab');
      await expect(drawer.evaluate((element) => element.contains(document.activeElement))).resolves.toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    await expect(drawer.evaluate((element) => element.contains(document.activeElement))).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await expect(cartButton.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
  });

  it('says the limit when 150 is typed as a quantity', async () => {
    const page = await shop.newPage();
    await page.goto('/productsList?category=lingerie');
    await page
      .getByRole('link', { name: /Satin Slip Dress/ })
      .first()
      .click();
    const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
    // Typed as the page shows, before or while the purchase form wakes: the form takes it as it wakes.
    await page
      .locator('.purchase__stock')
      .getByText(/in stock/)
      .waitFor();
    await quantity.fill('150');
    await page.getByRole('alert').filter({ hasText: 'You can buy 1 to 100 of one item.' }).waitFor();
    await expect(quantity.inputValue()).resolves.toBe('100');
    await page.getByRole('button', { name: 'Decrease quantity' }).click();
    await expect(page.getByText('You can buy 1 to 100 of one item.').count()).resolves.toBe(0);
  });
});

describe('the avatar', () => {
  it('refuses a file that only pretends to be a PNG before uploading it, in the customer’s language', async () => {
    const { page } = await signedInCustomer('avatar');
    let uploads = 0;
    page.on('request', (request) => {
      if (request.url().includes('/account/updateHeadPicture')) uploads += 1;
    });
    await page.goto('/?lang=ms');
    await page.goto('/my/user');
    await page.getByLabel('Pilih gambar').setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('These are my notes, not a picture.'),
    });
    await page.getByRole('alert').filter({ hasText: 'Sila pilih gambar JPG atau PNG' }).waitFor();
    await expect(page.locator('.avatar img').count()).resolves.toBe(0);
    expect(uploads).toBe(0);
  });
});
