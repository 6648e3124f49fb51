import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaypalStandIn, type PaypalStandIn } from '../support/paypal-stand-in';
import { addToCart, chooseInHeader, goToCheckout, placeOrderAsNewCustomer } from './support/storefront';
import { startTestShop, untranslatedKeys, type TestShop } from './support/shop';

/* The payment methods at checkout: what the test provider says on each, and what PayPal cannot take in a currency. */

let testShop: TestShop;
let paypalShop: TestShop;
let paypal: PaypalStandIn;
beforeAll(async () => {
  paypal = await startPaypalStandIn();
  [testShop, paypalShop] = await Promise.all([startTestShop(), startTestShop(paypal.env())]);
});
afterAll(async () => {
  expect([...testShop.pageErrors, ...paypalShop.pageErrors].map((error) => error.message)).toEqual([]);
  paypal.assertValid();
  await Promise.all([testShop.close(), paypalShop.close()]);
  await paypal.close();
});

const testNote = 'Test mode: leads to the test payment page; no real money moves.';

describe('with the test provider', () => {
  it('each method says it leads to the test page; the page says TEST MODE once; the order names the method in words', async () => {
    const page = await testShop.newPage();
    await addToCart(page, 'lingerie', /Satin Slip Dress/);
    await goToCheckout(page);
    for (const method of ['PayPal', 'Credit or debit card', 'Test payment']) {
      const radio = page.getByRole('radio', { name: method, exact: true });
      await expect(
        radio.getAttribute('aria-describedby').then((id) => page.locator(`[id="${id}"]`).textContent()),
      ).resolves.toBe(testNote);
    }
    await expect(page.getByText(testNote).count()).resolves.toBe(3);

    await placeOrderAsNewCustomer(page, 'methods@example.com', 'Credit or debit card');
    await page.waitForURL(/\/api\/v1\/pay\/test-gateway\//);
    await expect(
      page
        .locator('body')
        .textContent()
        .then((text) => text!.match(/TEST MODE/g)?.length),
    ).resolves.toBe(1);
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await page.getByRole('heading', { name: 'Thank you! Your payment went through.' }).waitFor();
    await page.getByRole('link', { name: 'View order' }).click();
    await page.waitForURL(/\/my\/order\/details/);
    await expect(page.locator('.facts').textContent()).resolves.toContain('Payment methodCredit or debit card');
    await expect(untranslatedKeys(page)).resolves.toEqual([]);
  });
});

describe("with PayPal and a merchant account that takes USD only (PayPal's default)", () => {
  it('checkout in ringgit shows PayPal and card unavailable, saying why; in dollars both can be chosen', async () => {
    const page = await paypalShop.newPage();
    await page.goto('/productsList');
    await chooseInHeader(page, { currency: 'MYR' });
    await addToCart(page, 'lingerie', /Satin Slip Dress/);
    await goToCheckout(page);
    const why = 'Not available for payments in MYR: this shop takes it in USD only.';
    for (const method of ['PayPal', 'Credit or debit card']) {
      const radio = page.getByRole('radio', { name: method, exact: true });
      await expect(radio.isDisabled()).resolves.toBe(true);
      await expect(
        radio.getAttribute('aria-describedby').then((id) => page.locator(`[id="${id}"]`).textContent()),
      ).resolves.toBe(why);
    }
    await expect(untranslatedKeys(page)).resolves.toEqual([]);

    const dollars = await paypalShop.newPage();
    await addToCart(dollars, 'lingerie', /Satin Slip Dress/);
    await goToCheckout(dollars);
    for (const method of ['PayPal', 'Credit or debit card'])
      await expect(dollars.getByRole('radio', { name: method, exact: true }).isEnabled()).resolves.toBe(true);
    await expect(dollars.getByText(why).count()).resolves.toBe(0);
    await expect(dollars.getByRole('radio', { name: 'PayPal', exact: true }).isChecked()).resolves.toBe(true);
  });
});
