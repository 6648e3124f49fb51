import { eq } from 'drizzle-orm';
import type { Page } from 'playwright';
import { afterAll, describe, expect, it } from 'vitest';
import { saveTaxRate } from '@/features/shipping/shipping.service';
import { formatMoney } from '@/lib/money';
import { orders } from '@/server/db/schema';
import { STAND_IN_CARDS, startPaypalStandIn } from '../support/paypal-stand-in';
import { operatorSignedIn } from './support/back-office';
import { addToCart, approveAtPaypal, chooseInHeader, goToCheckout, password } from './support/storefront';
import { aStorefront, untranslatedKeys } from './support/shop';

/*
 * Shipping and tax by destination in the demo shop (its demo zones and tax rates), shown before the
 * customer pays and charged through the PayPal stand-in exactly as shown: in ringgit with PayPal (a
 * Malaysian merchant account), in dollars with PayPal's card fields.
 */

const paypal = await startPaypalStandIn();
paypal.steer.accountCountry = 'MY';
afterAll(async () => {
  paypal.assertValid();
  await paypal.close();
});
const shop = await aStorefront(paypal.env({ PAYPAL_CURRENCIES: 'USD,MYR' }));

const summary = (page: Page) => page.getByRole('region', { name: 'Order summary' });
const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())?.trim();

async function chooseCurrency(page: Page, currency: string) {
  await page.goto('/productsList');
  await chooseInHeader(page, { currency });
}

/** Contact, the way of paying and the rest of the address (the country and state are chosen already). */
async function fillContactAndAddress(page: Page, email: string, payMethod: 'PayPal' | 'Credit or debit card') {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('New password (creates your account)').fill(password);
  await page.getByRole('radio', { name: payMethod, exact: true }).check();
  await page.getByLabel('First name').fill('Aisyah');
  await page.getByLabel('Last name').fill('Rahman');
  await page.getByLabel('Address', { exact: true }).fill('1 Jalan Ampang');
  await page.getByLabel('City').fill('Kuala Lumpur');
}

/** The order the result page shows, as stored, once it says the payment went through. */
async function paidOrder(page: Page) {
  await page.waitForURL(/\/pay_result\?orderId=/);
  await page.getByRole('heading', { name: 'Thank you! Your payment went through.' }).waitFor();
  const orderId = Number(new URL(page.url()).searchParams.get('orderId'));
  const [order] = await shop.db.select().from(orders).where(eq(orders.id, orderId));
  return order!;
}

async function payByCard(page: Page, total: string) {
  await page.getByRole('heading', { name: 'Pay by card' }).waitFor();
  await expect.poll(() => page.getByRole('button', { name: `Pay ${total}` }).isEnabled()).toBe(true);
  await page.getByLabel('Cardholder name').fill('Aisyah Rahman');
  await page.getByLabel('Card number').fill(STAND_IN_CARDS.approve);
  await page.getByLabel('Expiration date (MM/YY)').fill('12/30');
  await page.getByLabel('Security code (CVV)').fill('123');
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  return paidOrder(page);
}

describe('a shopper in Malaysia', () => {
  it('sees RM prices with SST included, shipping added at checkout, and free shipping once the goods reach the threshold; pays what was shown', async () => {
    const page = await shop.newPage();
    await chooseCurrency(page, 'MYR');
    await addToCart(page, 'health', /Magnesium Sleep Gummies/);
    await goToCheckout(page);
    await page.getByLabel('Country').selectOption('MY');
    await page.getByLabel('State / province').selectOption('14');

    // RM99.00 of goods, RM8.00 standard shipping; the SST is the part of RM107.00 it is: 8/108 of it.
    await expect.poll(() => text(page, 'shipping-amount')).toBe('RM8.00');
    await expect(summary(page).getByText('Shipping (Standard)').isVisible()).resolves.toBe(true);
    await expect(summary(page).getByText('incl. SST').isVisible()).resolves.toBe(true);
    await expect(text(page, 'tax-amount')).resolves.toBe('RM7.93');
    await expect(text(page, 'checkout-total')).resolves.toBe('RM107.00');
    await expect(page.getByRole('radio', { name: /Express · RM18\.00/ }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Free shipping from RM150.00').first().isVisible()).resolves.toBe(true);
    await expect(untranslatedKeys(page)).resolves.toEqual([]);

    // A second pack: RM198.00 crosses the RM150.00 threshold, and shipping drops to zero.
    await addToCart(page, 'health', /Magnesium Sleep Gummies/);
    await goToCheckout(page);
    await page.getByLabel('Country').selectOption('MY');
    await page.getByLabel('State / province').selectOption('14');
    await expect.poll(() => text(page, 'shipping-amount')).toBe('Free');
    await expect(text(page, 'tax-amount')).resolves.toBe('RM14.67');
    const total = (await text(page, 'checkout-total'))!;
    expect(total).toBe('RM198.00');

    await fillContactAndAddress(page, 'aisyah@example.com', 'PayPal');
    await page.getByLabel('ZIP code').fill('50450');
    await approveAtPaypal(page, paypal);
    await page.getByRole('button', { name: 'Place order and pay' }).click();
    const order = await paidOrder(page);
    await expect(page.locator('.pay-result p').first().textContent()).resolves.toContain(total);
    expect(order).toMatchObject({
      currency: 'MYR',
      goodsTotal: 19_800,
      shippingAmount: 0,
      taxAmount: 1_467,
      taxIncluded: true,
      taxLabel: 'SST',
      payAmount: 19_800,
      status: 1,
    });
    const paid = paypal.orders.get(order.providerOrderId!)!;
    expect(paid.capture!.amount).toEqual({ currency_code: 'MYR', value: '198.00' });
    expect(paid.request).toMatchObject({
      purchase_units: [
        {
          amount: {
            breakdown: { item_total: { value: '198.00' }, shipping: { value: '0.00' }, tax_total: { value: '0.00' } },
          },
        },
      ],
    });
    expect(formatMoney(order.payAmount, 'MYR')).toBe(total);
  });
});

describe('a shopper in the United States', () => {
  it('sees sales tax appear when she picks her state, is asked again when the rate changes before she pays, and pays the total shown', async () => {
    const page = await shop.newPage();
    await addToCart(page, 'lingerie', /Satin Slip Dress/);
    await goToCheckout(page);
    // The United States is the country to start with: $59.99 ships free from $50.00, untaxed until a state is picked.
    await expect.poll(() => text(page, 'shipping-amount')).toBe('Free');
    await expect(page.getByTestId('tax-amount').count()).resolves.toBe(0);
    await expect(text(page, 'checkout-total')).resolves.toBe('$59.99');

    await page.getByLabel('State / province').selectOption('NY');
    await expect.poll(() => text(page, 'tax-amount')).toBe('$2.40');
    await expect(summary(page).getByText('Sales tax').isVisible()).resolves.toBe(true);
    await expect(text(page, 'checkout-total')).resolves.toBe('$62.39');

    await fillContactAndAddress(page, 'jordan.ny@example.com', 'Credit or debit card');
    await page.getByLabel('City').fill('New York');
    await page.getByLabel('ZIP code').fill('10001');
    // The shop's New York rate changes while she fills the form: nothing is placed, she sees the new total.
    await saveTaxRate(shop.db, 'cli', {
      country: 'US',
      state: 'NY',
      rateBasisPoints: 800,
      included: false,
      label: 'Sales tax',
    });
    await page.getByRole('button', { name: 'Place order and pay' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'The total has changed since it was shown; please check the new total and confirm again' })
      .first()
      .waitFor();
    await expect.poll(() => text(page, 'checkout-total')).toBe('$64.79');
    await expect(text(page, 'tax-amount')).resolves.toBe('$4.80');
    expect(await shop.db.select().from(orders).where(eq(orders.email, 'jordan.ny@example.com'))).toEqual([]);

    await page.getByRole('button', { name: 'Place order and pay' }).click();
    const order = await payByCard(page, '$64.79');
    expect(order).toMatchObject({
      currency: 'USD',
      goodsTotal: 5_999,
      shippingAmount: 0,
      taxAmount: 480,
      taxIncluded: false,
      taxLabel: 'Sales tax',
      payAmount: 6_479,
    });
    const paid = paypal.orders.get(order.providerOrderId!)!;
    expect(paid.capture!.amount).toEqual({ currency_code: 'USD', value: '64.79' });
    expect(paid.request).toMatchObject({
      purchase_units: [
        {
          amount: {
            breakdown: { item_total: { value: '59.99' }, shipping: { value: '0.00' }, tax_total: { value: '4.80' } },
          },
        },
      ],
    });
  });
});

describe('the back office', () => {
  it("lets an admin set a state's sales tax and a zone's price, which checkout then charges", async () => {
    const admin = await operatorSignedIn(shop, 'admin');
    await admin.getByRole('button', { name: 'Shipping & tax' }).click();

    const taxForm = admin.getByRole('form', { name: 'Set a tax rate' });
    await taxForm.getByLabel('Country (MY)').fill('US');
    await taxForm.getByLabel('State (CA; empty for the whole country)').fill('OR');
    await taxForm.getByLabel('Rate %').fill('1.5');
    await taxForm.getByLabel('Name (SST, VAT, Sales tax)').fill('Sales tax');
    await taxForm.getByLabel('Prices shown').selectOption('no');
    await taxForm.getByRole('button', { name: 'Save tax rate' }).click();
    await expect.poll(() => admin.getByRole('row').filter({ hasText: 'US-OR' }).textContent()).toContain('1.50 %');

    await admin.getByRole('button', { name: 'Edit United States' }).click();
    const zoneForm = admin.getByRole('form', { name: 'Edit zone United States' });
    await zoneForm.getByLabel('Free from USD (empty: never)').first().fill('');
    await zoneForm.getByRole('button', { name: 'Save zone' }).click();
    await zoneForm.waitFor({ state: 'hidden' });

    // Satin Slip Dress: $59.99 now ships for $5.99; Oregon's 1.5 % on $65.98 is $0.99.
    const page = await shop.newPage();
    await addToCart(page, 'lingerie', /Satin Slip Dress/);
    await goToCheckout(page);
    await page.getByLabel('State / province').selectOption('OR');
    await expect.poll(() => text(page, 'tax-amount')).toBe('$0.99');
    await expect(text(page, 'shipping-amount')).resolves.toBe('$5.99');
    await expect(text(page, 'checkout-total')).resolves.toBe('$66.97');
  });
});
