import type { Page, Route } from 'playwright';
import { uiDictionaries } from '@/lib/i18n/ui';
import type { PaypalStandIn } from '../../support/paypal-stand-in';

/* What a customer does in the storefront, step by step, for the end-to-end tests. */

export const password = 'Velvet2026!';

/** Registers through the header's sign-in dialog (desktop), or through a dialog already asking to. */
export async function registerInDialog(
  page: Page,
  person: { firstName: string; lastName: string; email: string },
  { fromHeader = true } = {},
) {
  if (fromHeader) {
    await page.getByRole('button', { name: 'Log in' }).click();
    await page
      .getByRole('dialog', { name: 'Sign in' })
      .getByRole('button', { name: 'New here? Create an account' })
      .click();
  }
  const register = page.getByRole('dialog', { name: 'Create an account' });
  await register.getByLabel('First name').fill(person.firstName);
  await register.getByLabel('Last name').fill(person.lastName);
  await register.getByLabel('Email').fill(person.email);
  await register.getByLabel('Password').fill(password);
  await register.getByRole('button', { name: 'Register' }).click();
  await register.waitFor({ state: 'hidden' });
}

/** Opens a product of `category` (the first, or the one whose link matches `name`) and adds it to the cart. */
export async function addToCart(
  page: Page,
  category: string,
  name?: RegExp,
  addLabel = uiDictionaries.EN['product.addToCart'],
) {
  await page.goto(`/productsList?category=${category}`);
  await (name ? page.getByRole('link', { name }) : page.locator('.product-card')).first().click();
  await page.getByRole('button', { name: addLabel }).click();
  await page.locator('.toast--success').first().waitFor();
}

/** Fills the delivery address form with a US address. */
export async function fillAddress(page: Page) {
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
export async function placeOrderAsNewCustomer(page: Page, email: string, payMethod?: string | RegExp) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('New password (creates your account)').fill(password);
  if (payMethod) await page.getByRole('radio', { name: payMethod }).check();
  await fillAddress(page);
  await page.getByRole('button', { name: 'Place order and pay' }).click();
}

/**
 * Picks a currency or language in the header (awake or not: a choice made before it wakes is carried
 * out when it does), and waits for the page in that choice.
 */
export async function chooseInHeader(page: Page, choice: { currency: string } | { language: string }) {
  const [label, attribute, value] =
    'currency' in choice
      ? ['Currency', 'data-currency', choice.currency]
      : ['Language', 'lang', choice.language.toLowerCase()];
  await page.getByLabel(label).selectOption('currency' in choice ? choice.currency : choice.language);
  await page.waitForFunction(
    ([name, wanted]) => document.documentElement?.getAttribute(name!) === wanted && document.readyState === 'complete',
    [attribute, value],
  );
}

/** PayPal's approval page, as the buyer uses it: approve, and PayPal sends the browser back to the shop. */
export async function approveAtPaypal(page: Page, paypal: PaypalStandIn) {
  await page.route('https://www.sandbox.paypal.com/**', async (route) => {
    const token = new URL(route.request().url()).searchParams.get('token')!;
    paypal.approve(token);
    const { return_url: returnUrl } = (
      paypal.orders.get(token)!.request.payment_source as { paypal: { experience_context: { return_url: string } } }
    ).paypal.experience_context;
    await route.fulfill({ status: 302, headers: { Location: `${returnUrl}&token=${token}&PayerID=STANDINPAYER1` } });
  });
}

/**
 * Holds back the page's requests that `pattern` matches (by default its JavaScript, the islands' chunks)
 * until `release`: the page as it is before it wakes, or before an answer comes, for as long as a test
 * needs, on any machine.
 */
export async function holdRequests(page: Page, pattern: Parameters<Page['route']>[0] = /\/_astro\/.*\.js$/) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const hold = async (route: Route) => {
    await released;
    await route.continue().catch(() => undefined);
  };
  await page.route(pattern, hold);
  return async () => {
    release();
    await page.unroute(pattern, hold);
  };
}

/** The price each product card asks, without the struck-through one of an offer. */
export function cardPrices(page: Page) {
  return page
    .locator('.product-card .price')
    .evaluateAll((prices) => prices.map((price) => Number(price.firstChild!.textContent!.replace(/[^0-9.]/g, ''))));
}

export const ascending = (numbers: number[]) =>
  numbers.length > 0 && numbers.every((n, i) => i === 0 || numbers[i - 1]! <= n);
