import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, readOutbox } from '../support/mail';
import { runScript, startShopProcess, type ShopProcess } from '../support/processes';
import { copyOfDemoShop, openBrowser } from './support/shop';
import { addToCart, goToCheckout, placeOrderAsNewCustomer } from './support/storefront';

/*
 * The shop started as `npm start` starts it (its own process, default configuration, no PUBLIC_ORIGIN)
 * and used from the URL it prints: the payment gateway returns there, signed in, and mails and the
 * operator's label links point there too (docs/decisions/024-one-public-origin.md).
 */

let demo: Awaited<ReturnType<typeof copyOfDemoShop>>;
let shop: ShopProcess;
let browser: Awaited<ReturnType<typeof openBrowser>>;
beforeAll(async () => {
  demo = await copyOfDemoShop();
  shop = await startShopProcess({ DATA_DIR: demo.dataDir }, ['--pages', demo.siteDir]);
  browser = await openBrowser(shop.url);
});
afterAll(async () => {
  expect(browser.pageErrors.map((error) => error.message)).toEqual([]);
  await browser?.close();
  await shop?.stop();
  await demo?.remove();
});

const mails = () => readOutbox(path.join(demo.dataDir, 'mail'));
const originOf = (url: string) => new URL(url).origin;
let orderNo: string;

describe('the URL `npm start` prints', () => {
  it('is where a card payment with the test gateway returns, signed in, with the order paid', async () => {
    expect(shop.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const page = await browser.newPage();
    await addToCart(page, 'lingerie', /Satin Slip Dress/);
    await goToCheckout(page);
    await placeOrderAsNewCustomer(page, 'printed.url@example.com', /card/i);
    await page.waitForURL(/\/api\/v1\/pay\/test-gateway\//);
    expect(originOf(page.url())).toBe(shop.url);

    await page.getByRole('button', { name: 'Approve payment' }).click();
    await page.waitForURL(/\/pay_result\?orderId=/);
    expect(originOf(page.url())).toBe(shop.url);
    await page.getByRole('heading', { name: 'Thank you! Your payment went through.' }).waitFor();
    await page.getByRole('link', { name: 'View order' }).click();
    await page.waitForURL(/\/my\/order\/details/);
    await expect(page.getByTestId('order-status').textContent()).resolves.toBe('Waiting for delivery');

    await expect.poll(async () => (await mails()).some((mail) => mail.subject?.startsWith('Your order'))).toBe(true);
    const confirmation = (await mails()).find((mail) => mail.subject?.startsWith('Your order'))!;
    orderNo = /Your order (\S+) is confirmed/.exec(confirmation.subject!)![1]!;
    expect(linkIn(confirmation, `${shop.url}/my/order/details?orderId=`)).toBeDefined();

    await page.goto('/order/recharge');
    await page.getByRole('button', { name: '$100.00 · 10,000 points', exact: true }).click();
    await page.getByRole('button', { name: 'Recharge and pay' }).click();
    await page.waitForURL(/\/api\/v1\/pay\/test-gateway\//);
    expect(originOf(page.url())).toBe(shop.url);
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await page.getByText('10,000 energy points have been added to your balance.').waitFor();
    expect(originOf(page.url())).toBe(shop.url);

    await expect
      .poll(async () => (await mails()).map((mail) => linkIn(mail, `${shop.url}/order/`)))
      .toContain(`${shop.url}/order/energy`);
  }, 120_000);

  it("is the origin of the operator's label links and mails, once the shop has stopped", async () => {
    expect(await shop.stop()).toBe(0);
    const env = { DATA_DIR: demo.dataDir };

    const labels = await runScript('shop', ['verify-codes', 'issue', 'pebble-massager-sage', '1'], env);
    expect(labels.code).toBe(0);
    expect(labels.stdout).toMatch(new RegExp(`^code,link\\n[^,\\s]+,${shop.url}/verify/\\S+$`, 'm'));

    const ship = await runScript('shop', ['ship', orderNo, '--carrier', 'DHL', '--tracking', 'TRK-PRINTED'], env);
    expect(ship.stdout).toContain(`Order ${orderNo} shipped`);
    const notice = (await mails()).find((mail) => mail.subject === `Your order ${orderNo} is on its way`)!;
    expect(linkIn(notice, `${shop.url}/my/order/details?orderId=`)).toBeDefined();
  }, 120_000);
});
