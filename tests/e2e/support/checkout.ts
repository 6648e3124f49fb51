import type { Page } from 'playwright-core';
import { uiDictionaries } from '@/lib/i18n/ui';

/* What a customer does on the way to paying, shared by the e2e files that buy something. */

export async function addToCart(page: Page, category: string, name?: RegExp, addLabel = uiDictionaries.EN['product.addToCart']) {
  await page.goto(`/productsList?category=${category}`);
  await (name ? page.getByRole('link', { name }) : page.locator('.product-card')).first().click();
  await page.getByRole('button', { name: addLabel }).click();
  await page.locator('.toast--success').first().waitFor();
}

async function fillAddress(page: Page) {
  await page.getByLabel('First name').fill('Jordan');
  await page.getByLabel('Last name').fill('Kim');
  await page.getByLabel('State / province').selectOption('CA');
  await page.getByLabel('Address', { exact: true }).fill('1 Market Street');
  await page.getByLabel('City').fill('San Francisco');
  await page.getByLabel('ZIP code').fill('94105');
}

/** From the cart to the checkout page, with every item of the cart selected. */
export async function goToCheckout(page: Page) {
  await page.goto('/shoppingCart');
  await page.getByRole('button', { name: 'Check out' }).click();
  await page.waitForURL(/\/pay\?ids=/);
}

/** On the checkout page, places the order as a new customer; `payMethod` is the label of the method to choose. */
export async function placeOrderAsNewCustomer(page: Page, email: string, payMethod?: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('New password (creates your account)').fill('Orchid2026');
  if (payMethod) await page.getByRole('radio', { name: payMethod }).check();
  await fillAddress(page);
  await page.getByRole('button', { name: 'Place order and pay' }).click();
}
