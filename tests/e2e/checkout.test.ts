import { eq } from 'drizzle-orm';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { addOrderEvent, shipOrder } from '@/features/orders/order-lifecycle';
import { uiDictionaries } from '@/lib/i18n/ui';
import { formatMoney } from '@/lib/money';
import { orders } from '@/server/db/schema';
import { addToCart, chooseInHeader, goToCheckout, placeOrderAsNewCustomer } from './support/storefront';
import { aStorefront, untranslatedKeys, type Device } from './support/shop';

const shop = await aStorefront();

async function checkOutAsNewCustomer(page: Page, email: string) {
  await goToCheckout(page);
  await placeOrderAsNewCustomer(page, email);
  await page.waitForURL(/\/api\/v1\/pay\/test-gateway\//);
}

describe.each<Device>(['desktop', 'mobile'])('buying on %s', (device) => {
  it('checks out as a new customer with the test gateway, and finds the order with its logistics', async () => {
    const page = await shop.newPage(device);
    await addToCart(page, 'lingerie', /Satin Slip Dress/);
    await addToCart(page, 'health', /Magnesium Sleep Gummies/);
    await page.goto('/shoppingCart');
    await expect(page.getByTestId('selected-total').textContent()).resolves.toMatch(/^\$\d+\.\d\d$/);
    await expect(untranslatedKeys(page)).resolves.toEqual([]);

    await checkOutAsNewCustomer(page, `buyer.${device}@example.com`);
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await page.waitForURL(/\/pay_result\?orderId=/);
    await page.getByRole('heading', { name: 'Thank you! Your payment went through.' }).waitFor();

    await page.getByRole('link', { name: 'View order' }).click();
    await page.waitForURL(/\/my\/order\/details/);
    await expect(page.getByTestId('order-status').textContent()).resolves.toBe('Waiting for delivery');
    await expect(page.getByText('Satin Slip Dress').isVisible()).resolves.toBe(true);
    await expect(untranslatedKeys(page)).resolves.toEqual([]);

    const orderId = Number(new URL(page.url()).searchParams.get('orderId'));
    const [order] = await shop.db.select().from(orders).where(eq(orders.id, orderId));
    await shipOrder(shop.operator, order!.orderNo, { carrier: 'DHL', trackingNumber: `TRK-${device}` });
    await addOrderEvent(shop.db, order!.orderNo, 'Left the sorting centre');
    await page.reload();
    await expect(page.getByTestId('order-status').textContent()).resolves.toBe('Shipped');
    await expect(page.getByTestId('tracking-number').textContent()).resolves.toBe(`TRK-${device}`);
    await expect(page.getByText('Left the sorting centre').isVisible()).resolves.toBe(true);

    await page.goto('/my/order');
    await page.getByText(`Order ${order!.orderNo}`).waitFor();
  });
});

describe('buying in yuan and ringgit', () => {
  it.each([
    ['CNY', /^￥[\d,]+\.\d\d$/],
    ['MYR', /^RM[\d,]+\.\d\d$/],
  ] as const)(
    'checks out in %s with that currency from the cart to the order details and the stored order',
    async (currency, amount) => {
      const page = await shop.newPage();
      await page.goto('/productsList');
      await chooseInHeader(page, { currency });
      await addToCart(page, 'lingerie', /Satin Slip Dress/);
      await page.goto('/shoppingCart');
      const total = (await page.getByTestId('selected-total').textContent())!;
      expect(total).toMatch(amount);

      await goToCheckout(page);
      await expect(page.getByTestId('checkout-total').textContent()).resolves.toBe(total);
      await placeOrderAsNewCustomer(page, `buyer.${currency.toLowerCase()}@example.com`);
      await page.waitForURL(/\/api\/v1\/pay\/test-gateway\//);
      await page.getByRole('button', { name: 'Approve payment' }).click();
      await page.getByRole('heading', { name: 'Thank you! Your payment went through.' }).waitFor();
      await expect(page.locator('.pay-result p').first().textContent()).resolves.toContain(` · ${total}`);

      await page.getByRole('link', { name: 'View order' }).click();
      await page.waitForURL(/\/my\/order\/details/);
      await expect(page.locator('.totals .price').textContent()).resolves.toBe(total);
      const orderId = Number(new URL(page.url()).searchParams.get('orderId'));
      const [order] = await shop.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order).toMatchObject({ currency, status: 1 });
      expect(formatMoney(order!.payAmount, order!.currency)).toBe(total);
    },
  );
});

describe('a declined payment', () => {
  it('shows the failure and can be paid again', async () => {
    const page = await shop.newPage();
    await addToCart(page, 'toys', /Pebble Personal Massager/);
    await checkOutAsNewCustomer(page, 'decliner@example.com');
    await page.getByRole('button', { name: 'Decline payment' }).click();
    await page.getByRole('heading', { name: 'The payment did not go through.' }).waitFor();
    await page.getByRole('button', { name: 'Try paying again' }).click();
    await page.waitForURL(/\/api\/v1\/pay\/test-gateway\//);
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await page.getByRole('heading', { name: 'Thank you! Your payment went through.' }).waitFor();
  });

  it('after cancelling at the provider, says "payment cancelled", asks the provider nothing, and can be paid again', async () => {
    const page = await shop.newPage();
    await addToCart(page, 'toys', /Pebble Personal Massager/);
    await checkOutAsNewCustomer(page, 'canceller@example.com');
    const [order] = await shop.db.select().from(orders).where(eq(orders.email, 'canceller@example.com'));
    const statusChecks: string[] = [];
    page.on('request', (request) => {
      if (/\/order\/(checkOrderStatus|callback)/.test(request.url())) statusChecks.push(request.url());
    });
    // What the provider's cancel link brings the buyer back to. The page's clock is the test's: past
    // the time a waiting page asks again, then until its network is quiet.
    await page.clock.install();
    await page.goto(`/pay_result?orderId=${order!.id}&cancelled=1&token=CANCELLED-AT-PROVIDER`);
    await page.getByRole('heading', { name: 'Payment cancelled' }).waitFor();
    await expect(untranslatedKeys(page)).resolves.toEqual([]);
    await page.clock.runFor(2500);
    await page.waitForLoadState('networkidle');
    expect(statusChecks).toEqual([]);
    await page.getByRole('button', { name: 'Pay again' }).click();
    await page.waitForURL(/\/api\/v1\/pay\/test-gateway\//);
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await page.getByRole('heading', { name: 'Thank you! Your payment went through.' }).waitFor();
  });

  it('shows checkout in Chinese with yuan prices', async () => {
    const page = await shop.newPage();
    await page.goto('/?lang=zh&currency=cny');
    await addToCart(page, 'lingerie', undefined, uiDictionaries.ZH['product.addToCart']);
    await page.goto('/shoppingCart');
    await expect(page.getByTestId('selected-total').textContent()).resolves.toMatch(/^￥/);
    // A label and its value as Chinese writes them: a full-width colon, no space.
    await expect(page.locator('.cart-page__summary p').textContent()).resolves.toMatch(
      /^已选商品合计：￥[\d,]+\.\d\d$/,
    );
    await expect(untranslatedKeys(page)).resolves.toEqual([]);
    await page.getByRole('button', { name: uiDictionaries.ZH['checkout.checkOut'] }).click();
    await page.getByText('运费（标准快递）').waitFor();
    await expect(untranslatedKeys(page)).resolves.toEqual([]);
  });
});
