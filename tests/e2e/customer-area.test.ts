// Over 300 lines: the customer area's pages share one storefront and its signed-in customers.
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodePassword } from '@/features/auth/auth';
import { issueVerificationCodes } from '@/features/verify/verify.service';
import { addresses, users, verificationCodes } from '@/server/db/schema';
import { aStorefront, untranslatedKeys, type Device } from './support/shop';

const shop = await aStorefront();

const password = 'Velvet2026!';
let sequence = 0;

/** A new customer signed in on a fresh browser: registered through the API, then the shop opened once. */
async function signedInCustomer(device: Device) {
  const page = await shop.newPage(device);
  const email = `customer.${(sequence += 1)}@example.com`;
  const response = await page.request.post('/api/v1/login/register', {
    data: { firstName: 'Mei', lastName: 'Lin', email, password: encodePassword(password) },
  });
  expect(((await response.json()) as { code: number }).code).toBe(1);
  // Settled: the home page has stored who is signed in and read the cart, so no answer of it reaches the next page's test.
  const cartRead = page.waitForResponse((answer) => answer.url().includes('/shoppingcart/queryShoppingCartList'));
  await page.goto('/');
  await page.waitForFunction(() => Boolean(JSON.parse(localStorage.getItem('energy-shop') ?? '{}').user?.email));
  await cartRead;
  return { page, email };
}

const userOf = async (email: string) => (await shop.db.select().from(users).where(eq(users.email, email)))[0]!;

/** Waits until the browser has solved the captcha (a proof of work: nothing to type). */
const captchaSolved = (page: Page) => page.getByText('Checked: you can send.').waitFor({ timeout: 60_000 });

describe('personal info', () => {
  it('changes the name and phone, and uploads an avatar that the header then shows (desktop)', async () => {
    const { page, email } = await signedInCustomer('desktop');
    await page.goto('/my/user');
    await page.getByRole('heading', { name: 'Personal info', level: 1 }).waitFor();
    const menu = page.getByRole('navigation', { name: 'Personal centre' });
    await expect(menu.getByRole('link', { name: 'Personal info' }).getAttribute('aria-current')).resolves.toBe('page');
    await expect(menu.getByRole('link').allTextContents()).resolves.toEqual([
      'Personal info',
      'My order',
      'My energy',
      'Account management',
      'Change password',
      'My address',
      'Share energy',
      'Share records',
      'My friends',
    ]);
    await expect(page.getByLabel('Email', { exact: true }).inputValue()).resolves.toBe(email);

    await page.getByLabel('First name').fill('');
    await page.getByLabel('Phone (optional)').fill('call me');
    await page.getByLabel('Last name').focus();
    await page.getByText('Please enter your first name').waitFor();
    await page.getByLabel('Phone (optional)').focus();
    await page.getByLabel('First name').focus();
    await page.getByText('Please enter a valid phone number').waitFor();
    await page.getByLabel('First name').fill('Aiko');
    await page.getByLabel('Last name').fill('Tanaka');
    await page.getByLabel('Phone (optional)').fill('+1 415 555 0100');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Your details have been saved').waitFor();
    await page.getByRole('button', { name: 'Aiko Tanaka' }).waitFor();
    expect(await userOf(email)).toMatchObject({ firstName: 'Aiko', lastName: 'Tanaka', phone: '+1 415 555 0100' });

    const chooser = page.getByLabel('Choose a picture');
    await chooser.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await page.getByRole('alert').filter({ hasText: 'Please choose a JPG or PNG picture' }).waitFor();
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#3a7bd5' } })
      .png()
      .toBuffer();
    await chooser.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('img', { name: 'Preview of your new picture' }).waitFor();
    await expect(untranslatedKeys(page)).resolves.toEqual([]);
    // Held back until the progress has shown while the picture travels.
    let progressShown = () => {};
    const shown = new Promise<void>((resolve) => (progressShown = resolve));
    await page.route('**/api/v1/account/updateHeadPicture', async (route) => {
      await shown;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Save picture' }).click();
    await page.getByText(/^Uploading: \d+%$/).waitFor();
    progressShown();
    await page.getByText('Your new picture has been saved').waitFor();
    expect((await userOf(email)).headPictureKey).toMatch(/^avatars\/\d+-[0-9a-f]{16}\.webp$/);

    await page.getByRole('button', { name: 'Aiko Tanaka' }).hover();
    const panelPicture = page.locator('.header__panel img');
    await panelPicture.waitFor();
    expect(await panelPicture.getAttribute('src')).toMatch(/^\/api\/v1\/media\/avatars\//);
    await page.waitForFunction(
      () => (document.querySelector('.header__panel img') as HTMLImageElement).naturalWidth === 256,
    );

    await page.reload();
    await expect(page.getByLabel('First name').inputValue()).resolves.toBe('Aiko');
    await page.getByRole('img', { name: 'Profile picture' }).waitFor();
  });

  it('sets the mail language on account management, with the compact menu on a phone', async () => {
    const { page, email } = await signedInCustomer('mobile');
    await page.goto('/my/account_set');
    await page.getByRole('heading', { name: 'Account management', level: 1 }).waitFor();
    await page.getByText('Personal centre: Account management').click();
    const menu = page.getByRole('navigation', { name: 'Personal centre' });
    await expect(menu.getByRole('link', { name: 'My address' }).isVisible()).resolves.toBe(true);
    await expect(page.getByLabel('Customer number').inputValue()).resolves.toBe((await userOf(email)).userCode);

    await page.getByLabel('Language of our emails').selectOption({ label: '中文' });
    await page.getByLabel('Phone (optional)').fill('+60 12-345 6789');
    await expect(untranslatedKeys(page)).resolves.toEqual([]);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Your details have been saved').waitFor();
    expect(await userOf(email)).toMatchObject({ language: 'ZH', phone: '+60 12-345 6789', firstName: 'Mei' });
  });
});

describe('a signed-in page', () => {
  it('stays when the check of who is signed in fails, and leaves when the server says the session is over', async () => {
    const { page } = await signedInCustomer('desktop');
    // The network drops the one call that asks who is signed in: the customer keeps the page she opened.
    await page.route('**/api/v1/login/getUserInfo*', (route) => route.abort('connectionfailed'));
    let checks = 0;
    page.on('requestfailed', (request) => void (request.url().includes('/login/getUserInfo') && checks++));
    // The page reads the cart only once the check has given up (its retries included) and the route guard has run.
    const cartRead = page.waitForResponse((response) => response.url().includes('/shoppingcart/queryShoppingCartList'));
    await page.goto('/my/address');
    await page.getByText('You have no saved addresses yet.').waitFor();
    await cartRead;
    expect(checks).toBe(3);
    expect(new URL(page.url()).pathname).toBe('/my/address');

    // Signed out elsewhere: the server's answer sends her home.
    await page.unroute('**/api/v1/login/getUserInfo*');
    await page.context().clearCookies({ name: 'token' });
    await page.goto('/my/address');
    await page.waitForURL((url) => url.pathname === '/');
  });
});

describe('changing the password', () => {
  it('asks visitors to sign in first', async () => {
    for (const device of ['desktop', 'mobile'] as const) {
      const page = await shop.newPage(device);
      await page.goto('/my/changePassword');
      await page.getByText('Sign in to change your password.').waitFor();
      expect(new URL(page.url()).pathname).toBe('/my/changePassword');
      await expect(untranslatedKeys(page)).resolves.toEqual([]);
    }
  });

  it('checks the form, refuses a wrong current password, and the new one then signs in (desktop)', async () => {
    const { page, email } = await signedInCustomer('desktop');
    await page.goto('/my/changePassword');
    const submit = page.getByRole('button', { name: 'Change password' });
    await submit.click();
    await page.getByText('Please enter your current password').waitFor();
    await page.getByText('Please enter a new password').waitFor();
    await page.getByText('Please enter the new password again').waitFor();

    await page.getByLabel('Current password').fill('wrong-password-1');
    await page.getByLabel('New password', { exact: true }).fill('Lantern2027?');
    await page.getByLabel('Confirm new password').fill('Lantern2027!');
    await submit.click();
    await page.getByText('The two password inputs are inconsistent').waitFor();
    await page.getByLabel('Confirm new password').fill('Lantern2027?');
    await submit.click();
    await expect(page.locator('#password-oldPassword-error').textContent()).resolves.toBe(
      'Incorrect account or password',
    );

    await page.getByLabel('Current password').fill(password);
    await submit.click();
    await page.getByText('Your password has been changed.').waitFor();
    await expect(page.getByLabel('Current password').inputValue()).resolves.toBe('');

    await page.getByRole('button', { name: 'Mei Lin' }).hover();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill('Lantern2027?');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Mei Lin' }).waitFor();
  });
});

describe('my addresses', () => {
  it('adds two, makes the second the default, deletes the first and edits the other (phone)', async () => {
    const { page, email } = await signedInCustomer('mobile');
    await page.goto('/my/address');
    await page.getByText('You have no saved addresses yet.').waitFor();

    await page.getByRole('button', { name: 'Add address' }).click();
    let dialog = page.getByRole('dialog', { name: 'New address' });
    await dialog.getByRole('button', { name: 'Save address' }).click();
    for (const message of [
      'Please enter your first name',
      'Please choose a state or province',
      'Please enter the address',
      'Please enter the city',
      'Please enter the ZIP code',
    ]) {
      await dialog.getByText(message).waitFor();
    }
    await dialog.getByLabel('First name').fill('Mei');
    await dialog.getByLabel('Last name').fill('Lin');
    await expect(dialog.getByLabel('Country').inputValue()).resolves.toBe('US');
    await dialog.getByLabel('State / province').selectOption({ label: 'California' });
    await dialog.getByLabel('Address', { exact: true }).fill('1 Market Street');
    await dialog.getByLabel('City').fill('San Francisco');
    await dialog.getByLabel('ZIP code').fill('9410');
    await dialog.getByLabel('Phone (optional)').focus();
    await dialog.getByText('This ZIP code does not fit the country').waitFor();
    await dialog.getByLabel('ZIP code').fill('94105');
    await expect(untranslatedKeys(page)).resolves.toEqual([]);
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const cards = page.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(1);
    await expect(cards.first().textContent()).resolves.toContain('Default');

    await page.getByRole('button', { name: 'Add address' }).click();
    dialog = page.getByRole('dialog', { name: 'New address' });
    await dialog.getByLabel('First name').fill('Mei');
    await dialog.getByLabel('Last name').fill('Lin');
    await dialog.getByLabel('Country').selectOption({ label: 'Malaysia' });
    await dialog.getByLabel('State / province').selectOption({ label: 'Selangor' });
    await dialog.getByLabel('Address', { exact: true }).fill('8 Jalan SS 2/24');
    await dialog.getByLabel('Address 2 (optional)').fill('Unit 3A');
    await dialog.getByLabel('City').fill('Petaling Jaya');
    await dialog.getByLabel('ZIP code').fill('47300');
    await dialog.getByLabel('Phone (optional)').fill('+60 12-345 6789');
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => cards.count()).toBe(2);

    const malaysian = cards.filter({ hasText: 'Petaling Jaya' });
    await malaysian.getByRole('button', { name: 'Make default' }).click();
    await page.getByText('Default address changed').waitFor();
    await expect.poll(() => cards.first().textContent()).toContain('Petaling Jaya');
    await expect(cards.first().textContent()).resolves.toContain('Default');

    const american = cards.filter({ hasText: 'San Francisco' });
    await american.getByRole('button', { name: 'Delete' }).click();
    await american.getByRole('group', { name: 'Delete this address?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Address deleted').waitFor();
    await expect.poll(() => cards.count()).toBe(1);

    await malaysian.getByRole('button', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit address' });
    await expect(dialog.getByLabel('City').inputValue()).resolves.toBe('Petaling Jaya');
    await dialog.getByLabel('City').fill('Shah Alam');
    await dialog.getByLabel('ZIP code').fill('40000');
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await cards.filter({ hasText: 'Shah Alam, Selangor 40000' }).waitFor();

    const saved = await shop.db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, (await userOf(email)).id));
    expect(saved).toMatchObject([
      { country: 'MY', state: '10', city: 'Shah Alam', address2: 'Unit 3A', isDefault: true },
    ]);
  });
});

describe('the anti-counterfeit check', () => {
  const issueCode = async () =>
    (await issueVerificationCodes(shop.db, { sku: 'pebble-massager-sage', count: 1, publicOrigin: shop.url }))[0]!.code;

  it('shows a genuine item from its QR link, then refuses an unknown code (desktop, signed out)', async () => {
    const code = await issueCode();
    const page = await shop.newPage('desktop');
    await page.goto(`/verify/${code}`);
    await expect(page.getByLabel('Anti-counterfeit code').inputValue()).resolves.toBe(code);
    const verify = page.getByRole('button', { name: 'Verify' });
    // The button waits for the browser's proof of work.
    await captchaSolved(page);
    await verify.click();

    await page.getByRole('heading', { name: 'Genuine product' }).waitFor();
    await page.getByRole('heading', { name: 'Pebble Personal Massager' }).waitFor();
    await page.getByText('Size / option: Sage').waitFor();
    await page.getByText('This is the first check of this code.').waitFor();
    await page.getByText(/^First checked: /).waitFor();
    await expect(untranslatedKeys(page)).resolves.toEqual([]);

    await page.getByRole('button', { name: 'Check another code' }).click();
    await page.getByLabel('Anti-counterfeit code').fill('ABCD-EFGH-JKMN');
    await captchaSolved(page);
    await verify.click();
    await page.getByText('Please check the anti-counterfeiting code').waitFor();
    const [row] = await shop.db.select().from(verificationCodes).where(eq(verificationCodes.code, code));
    expect(row!.checkCount).toBe(1);
  });

  it('warns on a phone that a code checked too often may be on a copy', async () => {
    const code = await issueCode();
    await shop.db
      .update(verificationCodes)
      .set({ checkCount: 5, firstCheckedAt: new Date('2026-01-02T12:00:00Z') })
      .where(eq(verificationCodes.code, code));
    const page = await shop.newPage('mobile');
    await page.goto(`/verify/${code.toLowerCase()}`);
    await page.locator('.header__mobile').getByRole('link', { name: 'Energy Shop' }).waitFor();
    await captchaSolved(page);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'This item may be a copy' }).waitFor();
    await page.getByText('This code has been checked more than 5 times.', { exact: false }).waitFor();
    await page.getByText('This code has been checked 6 times.').waitFor();
    await page.getByText('First checked: January 2, 2026').waitFor();
    await expect(untranslatedKeys(page)).resolves.toEqual([]);
  });
});
