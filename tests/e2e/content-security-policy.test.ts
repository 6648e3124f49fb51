import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uiDictionaries } from '@/lib/i18n/ui';
import type { Language } from '@/lib/locale';
import { startPaypalStandIn, type PaypalStandIn } from '../support/paypal-stand-in';
import { addToCart, goToCheckout, placeOrderAsNewCustomer, registerInDialog } from './support/storefront';
import { startTestShop, type TestShop } from './support/shop';

/*
 * Everywhere a customer goes, the Content-Security-Policy blocks nothing the shop itself does: a
 * violation means a script, style, picture, frame or call the policy forgot (and that customers would
 * miss), or one the policy rightly stops. Violations are collected from the page's
 * `securitypolicyviolation` events and from Chromium's console, where it reports each one.
 */

type Violation = { page: string; directive: string; blocked: string; sample: string };

/** A page of its own browser profile that records every CSP violation, from its first script on. */
const watchedPage = async (shop: TestShop, violations: Violation[], device: 'desktop' | 'mobile' = 'desktop') =>
  watch(await shop.newPage(device), violations);

/** Records every CSP violation of `page` from its next document's first script on. */
async function watch(page: Page, violations: Violation[]): Promise<Page> {
  await page.exposeFunction('reportCspViolation', (violation: Violation) => violations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation: (violation: unknown) => void }).reportCspViolation({
        page: location.pathname + location.search,
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        sample: event.sample,
      });
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(message.text())) {
      violations.push({ page: page.url(), directive: 'console', blocked: '', sample: message.text().slice(0, 300) });
    }
  });
  return page;
}

const languages: Language[] = ['EN', 'ZH', 'MS'];
const settle = (page: Page) => page.waitForLoadState('networkidle');

describe('with the test payment provider', () => {
  let shop: TestShop;
  const violations: Violation[] = [];
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(async () => {
    expect(shop.pageErrors.map((error) => error.message)).toEqual([]);
    await shop.close();
  });

  // The three walks side by side, each in its own profile: most of a walk is waiting for each page's network to fall idle.
  it.concurrent.for(languages)(
    'walks the storefront in %s without a violation',
    { timeout: 180_000 },
    async (language, { expect }) => {
      const page = await watchedPage(shop, violations);
      const t = uiDictionaries[language];
      await page.goto(`/?lang=${language}&currency=USD`);
      await settle(page);
      expect((await page.request.get('/')).headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
      for (const path of [
        '/apply-text',
        '/sign',
        '/verify/NOSUCHCODE',
        '/productsList',
        '/productsList?category=toys',
      ]) {
        await page.goto(path);
        await settle(page);
      }
      await page.locator('.product-card').first().click();
      await settle(page);
      await page
        .getByRole('button', { name: new RegExp(`^${t['nav.cart']}`) })
        .first()
        .click();
      await page.getByRole('dialog').first().waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: t['nav.login'] }).first().click();
      await page.getByRole('dialog').first().waitFor();
      await page.keyboard.press('Escape');
      expect(violations).toEqual([]);
    },
  );

  it('checks out with the test payment and visits the account, energy and share pages without a violation', async () => {
    const page = await watchedPage(shop, violations);
    await page.goto('/?lang=EN&currency=USD');
    await registerInDialog(page, { firstName: 'Cora', lastName: 'Lee', email: 'csp-walker@example.com' });
    await addToCart(page, 'lingerie', /Satin Slip Dress/);
    await goToCheckout(page);
    await settle(page);
    await page.getByRole('button', { name: 'Place order and pay' }).waitFor();
    await page.goto('/shoppingCart');
    await addToCart(page, 'health');
    await goToCheckout(page);
    await page.getByLabel('First name').waitFor();
    const guest = await watchedPage(shop, violations);
    await addToCart(guest, 'toys');
    await goToCheckout(guest);
    await placeOrderAsNewCustomer(guest, 'csp-guest@example.com');
    await guest.waitForURL(/\/api\/v1\/pay\/test-gateway\//);
    await guest.getByRole('button', { name: 'Approve payment' }).click();
    await guest.waitForURL(/\/pay_result\?orderId=/);
    await settle(guest);
    // Each language in a tab of its own of the signed-in profile, side by side.
    await Promise.all(
      languages.map(async (language) => {
        const tab = language === 'EN' ? guest : await watch(await guest.context().newPage(), violations);
        tab.on('pageerror', (error) => shop.pageErrors.push(new Error(`${tab.url()}: ${error.message.slice(0, 300)}`)));
        for (const path of [
          '/my/order',
          '/my/user',
          '/my/account_set',
          '/my/address',
          '/my/changePassword',
          '/order/energy',
          '/order/shareEnergy',
          '/order/shareRecords',
          '/order/friends',
          '/order/recharge',
        ]) {
          await tab.goto(`${path}?lang=${language}`);
          await settle(tab);
        }
      }),
    );
    await guest.goto('/my/order');
    await guest.locator('a[href*="/my/order/details"]').first().click();
    await settle(guest);
    expect(violations).toEqual([]);
  }, 300_000);
});

describe('with PayPal (its stand-in)', () => {
  let paypal: PaypalStandIn;
  let shop: TestShop;
  const violations: Violation[] = [];
  beforeAll(async () => {
    paypal = await startPaypalStandIn();
    shop = await startTestShop(paypal.env());
  });
  afterAll(async () => {
    expect(shop.pageErrors.map((error) => error.message)).toEqual([]);
    await shop.close();
    await paypal.close();
  });

  it("loads PayPal's card fields and goes to PayPal's approval page without a violation", async () => {
    const page = await watchedPage(shop, violations);
    await addToCart(page, 'lingerie', /Satin Slip Dress/);
    await goToCheckout(page);
    await placeOrderAsNewCustomer(page, 'csp-card@example.com', 'Credit or debit card');
    await page.getByRole('heading', { name: 'Pay by card' }).waitFor();
    await page.getByLabel('Card number').waitFor();
    await settle(page);
    expect(paypal.lastSdkQuery).toMatchObject({ components: 'card-fields' });

    const other = await watchedPage(shop, violations, 'mobile');
    await addToCart(other, 'toys');
    await goToCheckout(other);
    // The shop sends the customer to PayPal's approval page (the stand-in names a host that only PayPal resolves).
    const toPaypal = other.waitForRequest(
      (request) => request.isNavigationRequest() && new URL(request.url()).origin !== new URL(shop.url).origin,
    );
    await placeOrderAsNewCustomer(other, 'csp-paypal@example.com', 'PayPal');
    await toPaypal;
    expect(violations).toEqual([]);
  }, 180_000);
});
