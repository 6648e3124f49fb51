import { eq } from 'drizzle-orm';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { encodePassword } from '@/features/auth/auth';
import { orders, users } from '@/server/db/schema';
import { aStorefront, onCommonScreen, type Device } from './support/shop';
import { addToCart, fillAddress, password } from './support/storefront';

/*
 * Buy now buys this item at the chosen quantity beside the cart; placing the same checkout again pays
 * the open order rather than adding another; the payment result shows what was bought and when it
 * arrives; registering welcomes (docs/decisions/079).
 */

const shop = await aStorefront();

/** A customer registered through the API on a fresh browser. */
async function aCustomer(device: Device, email: string) {
  const page = await onCommonScreen(shop, device);
  const response = await page.request.post('/api/v1/login/register', {
    data: { firstName: 'Mei', lastName: 'Lin', email, password: encodePassword(password) },
    timeout: 120_000,
  });
  expect(((await response.json()) as { code: number }).code).toBe(1);
  return page;
}

/** On the Satin Slip Dress's page, with `quantity` chosen, presses Buy now and waits for the checkout. */
async function buyNow(page: Page, quantity: number) {
  await page.goto('/productsList?category=lingerie');
  await page
    .getByRole('link', { name: /Satin Slip Dress/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Buy now' }).waitFor();
  for (let more = 1; more < quantity; more += 1)
    await page.getByRole('button', { name: 'Increase quantity' }).first().click();
  await page.getByRole('button', { name: 'Buy now' }).click();
  await page.waitForURL(/\/pay\?buy=/);
  await page.getByRole('button', { name: 'Place order and pay' }).waitFor();
}

const checkoutLines = (page: Page) => page.locator('.cart-lines li').allInnerTexts();

describe.each<Device>(['desktop', 'mobile'])('on %s', (device) => {
  it(
    'buys now this item at its quantity beside the cart, pays the same order when placed again, and shows what was bought and when it arrives',
    { timeout: 240_000 },
    async () => {
      const email = `buy-now.${device}@example.com`;
      const page = await aCustomer(device, email);
      await addToCart(page, 'health', /Magnesium Sleep Gummies/);

      await buyNow(page, 1);
      // Back, and Buy now again at two: a checkout of two, not three, and nothing else.
      await buyNow(page, 2);
      const lines = await checkoutLines(page);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/Satin Slip Dress[\s\S]*× 2/);

      await fillAddress(page);
      await page.getByRole('button', { name: 'Place order and pay' }).click();
      await page.waitForURL(/\/api\/v1\/pay\/test-gateway\//);
      // She leaves the payment page and places the order again from the same checkout.
      await page.goBack();
      await page.waitForURL(/\/pay\?buy=/);
      await page.getByRole('button', { name: 'Place order and pay' }).click();
      await page.waitForURL(/\/api\/v1\/pay\/test-gateway\//);
      const [customer] = await shop.db.select().from(users).where(eq(users.email, email));
      expect(await shop.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, customer!.id))).toHaveLength(
        1,
      );

      await page.getByRole('button', { name: 'Approve payment' }).click();
      await page.waitForURL(/\/pay_result\?orderId=/);
      await page.getByRole('heading', { name: 'Thank you! Your payment went through.' }).waitFor();
      const bought = page.getByRole('region', { name: 'Your order' });
      // What was bought follows the status, from the order's details.
      await bought.locator('li').first().waitFor();
      await expect(bought.locator('li').allInnerTexts()).resolves.toEqual([
        expect.stringMatching(/Satin Slip Dress[\s\S]*× 2/),
      ]);
      await expect(
        bought
          .getByText(/^Expected delivery: \d–\d business days after dispatch \(.+\), in discreet packaging\.$/)
          .isVisible(),
      ).resolves.toBe(true);

      // The cart is as she left it.
      await page.goto('/shoppingCart');
      await page.getByText('Magnesium Sleep Gummies').first().waitFor();
      await expect(page.getByText('Satin Slip Dress').count()).resolves.toBe(0);
    },
  );

  it('welcomes a new customer once registered', { timeout: 180_000 }, async () => {
    const page = await onCommonScreen(shop, device);
    await page.goto(device === 'desktop' ? '/productsList' : '/sign?type=register');
    if (device === 'desktop') {
      await page.getByRole('button', { name: 'Log in' }).click();
      await page
        .getByRole('dialog', { name: 'Sign in' })
        .getByRole('button', { name: 'New here? Create an account' })
        .click();
    }
    const form = device === 'desktop' ? page.getByRole('dialog', { name: 'Create an account' }) : page.locator('main');
    await form.getByLabel('First name').fill('Aisyah');
    await form.getByLabel('Last name').fill('Rahman');
    await form.getByLabel('Email').fill(`welcome.${device}@example.com`);
    await form.getByLabel('Password').fill(password);
    await form.getByRole('button', { name: 'Register' }).click();
    await page
      .locator('.toast--success', { hasText: 'Welcome to Energy Shop, Aisyah! Your account is ready.' })
      .waitFor();
  });
});
