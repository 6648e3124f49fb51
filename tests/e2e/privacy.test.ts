import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { completeOrder, markSignedFor, shipOrder } from '@/features/orders/order-lifecycle';
import type { DataExport } from '@/features/privacy/data-export';
import { NEUTRAL_PAGE } from '@/features/privacy/QuickExit';
import {
  addresses,
  cartLines,
  energyRecords,
  orderLines,
  orders,
  passwordResets,
  sessions,
  shareVisits,
  users,
} from '@/server/db/schema';
import { aStorefront, downloaded, untranslatedKeys } from './support/shop';
import { goToCheckout, password, placeOrderAsNewCustomer, registerInDialog } from './support/storefront';

/*
 * Privacy as a customer lives it: discreet facts at checkout, a mail that names nothing, the choice to
 * have names, "Download my data", "Delete my account" (and what the database still holds afterwards,
 * row by row), and the header's quick exit.
 */

const shop = await aStorefront();

/** A mail's source with quoted-printable soft breaks and `=3D` undone. */
const decodeMail = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe('privacy in the browser', () => {
  it('Ben buys discreetly, downloads his data and deletes his account; his orders and the rebate Ana earned stay, without him', async () => {
    const ana = await shop.newPage();
    await ana.goto('/');
    await registerInDialog(ana, { firstName: 'Ana', lastName: 'Lim', email: 'ana.privacy@example.com' });
    const [anaRow] = await shop.db.select().from(users).where(eq(users.email, 'ana.privacy@example.com'));

    const ben = await shop.newPage();
    await ben.goto(`/${anaRow!.shareCode}`);
    await ben.waitForURL((url) => url.pathname === '/');
    await ben.goto('/productsList?category=lingerie');
    await ben
      .getByRole('link', { name: /Satin Slip Dress/ })
      .first()
      .click();
    // The product page's island must be running before its button does anything.
    await ben.waitForLoadState('networkidle');
    await ben.getByRole('button', { name: 'Add to cart' }).click();
    await ben.locator('.toast--success').first().waitFor();
    await goToCheckout(ben);
    const facts = ben.getByRole('region', { name: 'Discreet delivery and billing' });
    await expect(facts.getByText('plain, unbranded box').isVisible()).resolves.toBe(true);
    // As PayPal prints it: `PAYPAL *`, the PayPal profile's name, the descriptor, at most 22 characters.
    await expect(facts.locator('.discreet-facts__descriptor').textContent()).resolves.toBe(
      `PAYPAL *${shop.config.privacy.billingDescriptor}`,
    );
    await expect(
      facts.getByText(`Sender on the parcel: ${shop.config.privacy.parcelSender}`).isVisible(),
    ).resolves.toBe(true);
    await expect(facts.getByText(`Our mails come from: ${shop.config.mail.senderName}`).isVisible()).resolves.toBe(
      true,
    );
    await expect(
      facts.getByRole('link', { name: 'Privacy: what we keep and for how long' }).getAttribute('href'),
    ).resolves.toBe('/privacy');
    await placeOrderAsNewCustomer(ben, 'ben.privacy@example.com');
    await ben.getByRole('button', { name: 'Approve payment' }).click();
    await ben.getByRole('heading', { name: 'Thank you! Your payment went through.' }).waitFor();
    const orderId = Number(new URL(ben.url()).searchParams.get('orderId'));
    const [order] = await shop.db.select().from(orders).where(eq(orders.id, orderId));

    const confirmation = decodeMail(await shop.mailWith('ben.privacy@example.com', order!.orderNo));
    expect(confirmation).toContain(`orderId=${orderId}`);
    expect(confirmation).not.toContain('Satin Slip Dress');

    await shipOrder(shop.operator, order!.orderNo, { carrier: 'DHL', trackingNumber: 'TRK-PRIVACY' });
    await markSignedFor(shop.db, order!.orderNo);
    await completeOrder(shop.db, shop.config.referenceRates, order!.orderNo);
    const anaLedger = await shop.db.select().from(energyRecords).where(eq(energyRecords.userId, anaRow!.id));
    expect(anaLedger.map((record) => record.type)).toEqual(['rebate']);

    // The order page shows the items, and the same discreet facts.
    await ben.goto(`/my/order/details?orderId=${orderId}`);
    await ben.getByText('Satin Slip Dress').first().waitFor();
    await ben.getByRole('region', { name: 'Discreet delivery and billing' }).waitFor();

    // The account page: opt in to item names, then download the data.
    await ben.goto('/my/account_set');
    const itemNames = ben.getByRole('checkbox', { name: 'Show item names in e-mails' });
    await expect.poll(() => itemNames.isEnabled()).toBe(true);
    await expect(itemNames.isChecked()).resolves.toBe(false);
    await itemNames.check();
    await ben.getByText('Your choice has been saved').waitFor();
    const [benRow] = await shop.db.select().from(users).where(eq(users.email, 'ben.privacy@example.com'));
    expect(benRow!.showItemNamesInMail).toBe(true);
    await expect(untranslatedKeys(ben)).resolves.toEqual([]);

    const [download] = await Promise.all([
      ben.waitForEvent('download'),
      ben.getByRole('link', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d\d-\d\d\.json$/);
    const data = JSON.parse((await downloaded(download)).toString('utf8')) as DataExport;
    expect(data.profile).toMatchObject({
      email: 'ben.privacy@example.com',
      showItemNamesInMail: true,
      referredBy: 'an***@example.com',
    });
    expect(data.orders).toEqual([
      expect.objectContaining({
        orderNo: order!.orderNo,
        status: 'completed',
        lines: [expect.objectContaining({ goodsName: 'Satin Slip Dress' })],
      }),
    ]);

    // Delete: a wrong password is refused, the right one erases and signs out.
    const deletion = ben.getByRole('region', { name: 'Delete my account' });
    await expect(deletion.getByText('Kept, without your name').isVisible()).resolves.toBe(true);
    await deletion.getByLabel('Your password, to confirm').fill('not-my-password');
    await deletion.getByRole('button', { name: 'Delete my account' }).click();
    await expect(deletion.getByRole('alert').textContent()).resolves.toBe('Incorrect account or password');
    await deletion.getByLabel('Your password, to confirm').fill(password);
    await deletion.getByRole('button', { name: 'Delete my account' }).click();
    await ben.getByText('Your account has been deleted.').waitFor();
    await ben.getByRole('link', { name: 'Go to the home page' }).click();
    await ben.getByRole('button', { name: 'Log in' }).waitFor();

    // What the database holds now, row by row.
    const benId = benRow!.id;
    const [erased] = await shop.db.select().from(users).where(eq(users.id, benId));
    expect(erased).toMatchObject({
      email: `erased-${benId}@erased.invalid`,
      firstName: '',
      lastName: '',
      phone: '',
      headPictureKey: null,
      referrerId: anaRow!.id,
      rebateRate: 0,
      showItemNamesInMail: false,
      erasedAt: expect.any(Date),
    });
    expect(erased!.passwordHash).toBe('erased');
    const [keptOrder] = await shop.db.select().from(orders).where(eq(orders.id, orderId));
    expect(keptOrder).toMatchObject({
      userId: benId,
      orderNo: order!.orderNo,
      status: 6,
      payAmount: order!.payAmount,
      email: `erased-${benId}@erased.invalid`,
      rebateBeneficiaryId: anaRow!.id,
    });
    expect(keptOrder!.deliveryAddress).toEqual({
      firstName: '',
      lastName: '',
      country: 'US',
      state: 'CA',
      city: '',
      address: '',
      address2: '',
      zipCode: '',
      phone: '',
    });
    const keptLines = await shop.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(keptLines.map((line) => line.goodsName)).toEqual(['Satin Slip Dress']);
    expect(await shop.db.select().from(energyRecords).where(eq(energyRecords.userId, anaRow!.id))).toEqual(anaLedger);
    for (const [table, rows] of Object.entries({
      sessions: await shop.db.select().from(sessions).where(eq(sessions.userId, benId)),
      passwordResets: await shop.db.select().from(passwordResets).where(eq(passwordResets.userId, benId)),
      addresses: await shop.db.select().from(addresses).where(eq(addresses.userId, benId)),
      cartLines: await shop.db.select().from(cartLines).where(eq(cartLines.userId, benId)),
      shareVisits: await shop.db.select().from(shareVisits).where(eq(shareVisits.userId, benId)),
      ordersWithHisEmail: await shop.db
        .select()
        .from(orders)
        .where(sql`lower(${orders.email}) = 'ben.privacy@example.com'`),
      usersWithHisEmail: await shop.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = 'ben.privacy@example.com'`),
    })) {
      expect(rows, table).toEqual([]);
    }
  }, 180_000);

  it('the privacy page, linked from the footer and the register form, lists every retention period from the running settings, in each language', async () => {
    const page = await shop.newPage('desktop');
    await page.goto('/');
    await page.locator('footer').getByRole('link', { name: 'Privacy', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/privacy');
    await page.getByRole('heading', { level: 1, name: 'Privacy' }).waitFor();
    const row = (name: string) => page.getByRole('row', { name: new RegExp(`^${name}`) });
    await expect(row('Name, address, phone and email on orders closed unpaid').textContent()).resolves.toContain(
      `${shop.config.privacy.unpaidOrderRetentionDays} days after the order closedUNPAID_ORDER_RETENTION_DAYS`,
    );
    await expect(row('Signed-in browsers').textContent()).resolves.toContain(
      `${shop.config.sessions.days} days after last use`,
    );
    await expect(row('Newsletter address never confirmed').textContent()).resolves.toContain(
      `${shop.config.privacy.newsletterConfirmDays} daysNEWSLETTER_CONFIRM_DAYS`,
    );
    await expect(row('Copies of mails').textContent()).resolves.toContain(
      `${shop.config.privacy.mailRetentionDays} daysMAIL_RETENTION_DAYS`,
    );
    await expect(page.getByText('To leave no trace, shop in a private window.').isVisible()).resolves.toBe(true);
    // The footer shows a second after the page (ShopLayout's footer-in), so the link is awaited, not checked once.
    await page
      .locator('footer')
      .getByRole('link', { name: 'Privacy: what we keep and for how long' })
      .waitFor({ state: 'visible' });
    expect(await untranslatedKeys(page)).toEqual([]);

    for (const [variant, text] of [
      ['zh-cny', `订单关闭后 ${shop.config.privacy.unpaidOrderRetentionDays} 天`],
      ['ms-myr', `${shop.config.privacy.unpaidOrderRetentionDays} hari selepas pesanan ditutup`],
    ]) {
      const html = await (await page.request.get(`/${variant}/privacy/`)).text();
      expect(html, variant).toContain(text);
    }

    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page
      .getByRole('dialog', { name: 'Sign in' })
      .getByRole('button', { name: 'New here? Create an account' })
      .click();
    const register = page.getByRole('dialog', { name: 'Create an account' });
    await expect(
      register.getByRole('link', { name: /By registering you agree to how we handle your data/ }).getAttribute('href'),
    ).resolves.toBe('/privacy');
  });

  const leaveBy = {
    button: (page: Page, _referers: unknown[]) => page.getByRole('button', { name: 'Quick exit' }).click(),
    'Escape twice': async (page: Page, referers: unknown[]) => {
      // Escape, a click, Escape (one dialog closed, then another) is not a way out.
      await page.keyboard.press('Escape');
      await page.getByRole('heading', { level: 1 }).click();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('button', { name: 'Quick exit' }).isVisible()).resolves.toBe(true);
      expect(referers, 'no request for the neutral page yet').toEqual([]);
      // The second press of this pair leaves.
      await page.keyboard.press('Escape');
    },
  };
  it.each([
    ['mobile', 'button'],
    ['desktop', 'button'],
    ['desktop', 'Escape twice'],
  ] as const)(
    'quick exit on %s (%s) replaces the page with a neutral one without a Referer; Back skips the page it hid',
    async (screen, way) => {
      const page = await shop.newPage(screen);
      const referers: (string | undefined)[] = [];
      await page.context().route(`${new URL(NEUTRAL_PAGE).origin}/**`, (route) => {
        referers.push(route.request().headers()['referer']);
        return route.fulfill({ contentType: 'text/html', body: '<title>Weather</title><p>Sunny</p>' });
      });
      await page.goto('/');
      await page.goto('/productsList?category=toys');
      await expect(page.getByRole('button', { name: 'Quick exit' }).isVisible()).resolves.toBe(true);
      // The header's island must be running before its button or keys do anything.
      await page.waitForLoadState('networkidle');

      await leaveBy[way](page, referers);
      await page.waitForURL(NEUTRAL_PAGE);
      expect(referers).toEqual([undefined]);
      // The hidden page is gone from the history; the page before it stays (the privacy page says so).
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/');
    },
    120_000,
  );
});
