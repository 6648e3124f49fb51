import { eq } from 'drizzle-orm';
import type { Page } from 'playwright';
import { afterAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@/lib/money';
import { orders } from '@/server/db/schema';
import { STAND_IN_CARDS, startPaypalStandIn } from '../support/paypal-stand-in';
import { addToCart, goToCheckout, placeOrderAsNewCustomer } from './support/storefront';
import { aStorefront, untranslatedKeys, type Device } from './support/shop';

/* Paying by card in PayPal's card fields, against the PayPal stand-in and its SDK stand-in. */

const paypal = await startPaypalStandIn();
afterAll(async () => {
  // Every request the shop sent PayPal, and every answer, kept to PayPal's API definitions.
  paypal.assertValid();
  await paypal.close();
});
const shop = await aStorefront(paypal.env());

const messages = {
  success: 'Thank you! Your payment went through.',
  failed: 'The payment did not go through.',
  invalid: 'Please check the card details and try again.',
  refused: 'The card payment could not be completed. Nothing was charged; please try again.',
  notAuthenticated:
    'Your bank did not confirm this card (3-D Secure). Nothing was charged; please try again or use another card.',
};

/** Types a card into the card fields and presses Pay. */
async function payByCard(page: Page, number: string) {
  await page.getByLabel('Cardholder name').fill('Jordan Kim');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date (MM/YY)').fill('12/30');
  await page.getByLabel('Security code (CVV)').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

async function orderOnPage(page: Page) {
  const orderId = Number(new URL(page.url()).searchParams.get('orderId'));
  const [order] = await shop.db.select().from(orders).where(eq(orders.id, orderId));
  return order!;
}

async function checkOutByCard(page: Page, email: string) {
  await goToCheckout(page);
  const total = await page.getByTestId('checkout-total').textContent();
  await placeOrderAsNewCustomer(page, email, 'Credit or debit card');
  await page.getByRole('heading', { name: 'Pay by card' }).waitFor();
  return total!;
}

describe.each<Device>(['desktop', 'mobile'])('paying by card on %s', (device) => {
  it("takes the card in PayPal's card fields on the checkout page and shows the order paid", async () => {
    const page = await shop.newPage(device);
    await addToCart(page, 'lingerie', /Satin Slip Dress/);
    const total = await checkOutByCard(page, `buyer-${device}@example.com`);
    expect(paypal.lastSdkQuery).toEqual({ 'client-id': 'shop-client', components: 'card-fields', currency: 'USD' });
    // Pay turns on once PayPal has drawn the card fields.
    await expect.poll(() => page.getByRole('button', { name: `Pay ${total}` }).isEnabled()).toBe(true);
    await expect(untranslatedKeys(page)).resolves.toEqual([]);

    await payByCard(page, STAND_IN_CARDS.approve);
    await page.waitForURL(/\/pay_result\?orderId=/);
    await page.getByRole('heading', { name: messages.success }).waitFor();
    await expect(page.locator('.pay-result p').first().textContent()).resolves.toContain(total);

    const order = await orderOnPage(page);
    expect(order).toMatchObject({ status: 1, payMethod: 'card', currency: 'USD' });
    expect(formatMoney(order.payAmount, order.currency)).toBe(total);
    expect(order.paymentNumber).toBe(paypal.orders.get(order.providerOrderId!)!.capture!.id);
  });
});

describe('a card that does not go through', () => {
  it('says so, and the customer pays the same order with another card', async () => {
    const page = await shop.newPage();
    await addToCart(page, 'toys', /Pebble Personal Massager/);
    await checkOutByCard(page, 'second-try@example.com');

    // Details that cannot be a card never reach the shop or PayPal.
    await payByCard(page, '4111111111111112');
    await expect(page.getByRole('alert').textContent()).resolves.toBe(messages.invalid);
    // PayPal refuses the card at once: nothing was charged, the form stays.
    await payByCard(page, STAND_IN_CARDS.refuse);
    await page.getByRole('alert').filter({ hasText: messages.refused }).waitFor();
    // Accepted for the order, then declined at capture.
    await payByCard(page, STAND_IN_CARDS.decline);
    await page.getByRole('heading', { name: messages.failed }).waitFor();
    expect((await orderOnPage(page)).status).toBe(0);

    await page.getByRole('button', { name: 'Try paying again' }).click();
    await page.waitForURL(/\/pay_result\?orderId=\d+&card=1/);
    await payByCard(page, STAND_IN_CARDS.approve);
    await page.getByRole('heading', { name: messages.success }).waitFor();
    expect(await orderOnPage(page)).toMatchObject({ status: 1, payMethod: 'card' });
  });
});

describe('a card that asks for 3-D Secure', () => {
  /** The customer's one order (the card form on the checkout page names none in its address). */
  const orderOf = async (email: string) => (await shop.db.select().from(orders).where(eq(orders.email, email)))[0]!;

  it('refused by the issuer: the form says so, nothing is captured, and an authenticated card pays', async () => {
    const page = await shop.newPage();
    await addToCart(page, 'toys', /Pebble Personal Massager/);
    await checkOutByCard(page, 'three-d-secure@example.com');

    await payByCard(page, STAND_IN_CARDS.authenticationFailed);
    await page.getByRole('alert').filter({ hasText: messages.notAuthenticated }).waitFor();
    const refused = await orderOf('three-d-secure@example.com');
    expect(refused.status).toBe(0);
    expect(paypal.orders.get(refused.providerOrderId!)!.capture).toBeUndefined();

    await payByCard(page, STAND_IN_CARDS.authenticated);
    await page.getByRole('heading', { name: messages.success }).waitFor();
    expect(await orderOnPage(page)).toMatchObject({ status: 1, payMethod: 'card' });
  });

  it("on PayPal's own page: the buyer confirms there and PayPal's return brings them back to a paid order", async () => {
    const page = await shop.newPage('mobile');
    await addToCart(page, 'lingerie', /Satin Slip Dress/);
    await checkOutByCard(page, 'three-d-secure-redirect@example.com');

    await payByCard(page, STAND_IN_CARDS.authenticateAtPaypal);
    await page.waitForURL((url) => url.href.startsWith(`${paypal.url}/webapps/helios`));
    await page.getByRole('heading', { name: 'Verify your card' }).waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    const orderId = (await orderOf('three-d-secure-redirect@example.com')).id;

    await page.waitForURL(
      (url) =>
        url.href.startsWith(`${shop.config.publicOrigin}/pay_result?orderId=${orderId}`) &&
        url.searchParams.has('token'),
    );
    await page.getByRole('heading', { name: messages.success }).waitFor();
    expect(await orderOnPage(page)).toMatchObject({ status: 1, payMethod: 'card' });
  });
});
