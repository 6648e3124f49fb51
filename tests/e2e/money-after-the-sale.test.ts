import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { completeOrder, markSignedFor, releaseRebates, shipOrder } from '@/features/orders/order-lifecycle';
import { disputes, orders, payments, users } from '@/server/db/schema';
import { operatorSignedIn } from './support/back-office';
import { aStorefront, untranslatedKeys } from './support/shop';
import { addToCart, goToCheckout, placeOrderAsNewCustomer, registerInDialog } from './support/storefront';

/*
 * Money after the sale as people see it (docs/decisions/076-money-after-the-sale.md): a referrer's
 * rebate is pending through the return window, then available; an operator finds a disputed order held
 * and decides to ship it.
 */

const shop = await aStorefront({}, { ownSite: true });
const DAY_MS = 24 * 3600 * 1000;

/** A friend buys through the referrer's link with their code and pays on the test gateway; answers the order. */
async function friendBuys(code: string, email: string) {
  const friend = await shop.newPage();
  await friend.goto(`/${code}`);
  await friend.waitForURL((url) => url.pathname === '/');
  await addToCart(friend, 'lingerie', /Satin Slip Dress/);
  await goToCheckout(friend);
  await friend.getByLabel('Discount code (optional)').fill(code);
  await placeOrderAsNewCustomer(friend, email);
  await friend.getByRole('button', { name: 'Approve payment' }).click();
  await friend.getByRole('heading', { name: 'Thank you! Your payment went through.' }).waitFor();
  const orderId = Number(new URL(friend.url()).searchParams.get('orderId'));
  return (await shop.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
}

/** What the energy page shows: the balance, and the pending line when there is one. */
async function energyOn(page: Page) {
  await page.goto('/order/energy');
  const balance = page.getByTestId('energy-balance');
  await expect.poll(() => balance.textContent()).not.toBe('…');
  const pending = page.getByTestId('energy-pending');
  return {
    balance: Number((await balance.textContent())!.replace(/\D/g, '')),
    pending: (await pending.count()) > 0 ? await pending.textContent() : null,
  };
}

describe('money after the sale', () => {
  it(
    "a referrer sees a friend's rebate pending while the order can still be returned, then available once the window has closed",
    { timeout: 180_000 },
    async () => {
      const ana = await shop.newPage();
      await ana.goto('/');
      await registerInDialog(ana, { firstName: 'Ana', lastName: 'Silva', email: 'ana.window@example.com' });
      const [anaRow] = await shop.db.select().from(users).where(eq(users.email, 'ana.window@example.com'));
      const order = await friendBuys(anaRow!.shareCode, 'ben.window@example.com');

      await shipOrder(shop.operator, order.orderNo, { carrier: 'DHL', trackingNumber: 'TRK-WIN' });
      await markSignedFor(shop.db, order.orderNo);
      await completeOrder(
        shop.db,
        shop.config.referenceRates,
        order.orderNo,
        new Date(),
        shop.config.orders.rebateHoldDays,
      );

      const during = await energyOn(ana);
      expect(during.balance).toBe(0);
      expect(during.pending).toMatch(
        /^Pending rebates: \d+ points\. They become available once your friends' orders can no longer be returned\.$/,
      );
      const pendingPoints = Number(/(\d+) points/.exec(during.pending!)![1]);
      expect(pendingPoints).toBeGreaterThan(0);

      // The return window (REBATE_HOLD_DAYS, 14 days) closes; the job makes the rebate available.
      await releaseRebates(
        shop.db,
        new Date(Date.now() + (shop.config.orders.rebateHoldDays + 1) * DAY_MS),
        shop.config.orders.rebateHoldDays,
        shop.config.referenceRates,
      );
      const after = await energyOn(ana);
      expect(after).toEqual({ balance: pendingPoints, pending: null });
      await expect(untranslatedKeys(ana)).resolves.toEqual([]);
    },
  );

  it(
    'an operator sees a disputed order held: shipping is refused until they release it',
    { timeout: 180_000 },
    async () => {
      const [anaRow] = await shop.db.select().from(users).where(eq(users.email, 'ana.window@example.com'));
      const order = await friendBuys(anaRow!.shareCode, 'cai.disputes@example.com');
      // The payment provider reported a dispute of the capture (as CUSTOMER.DISPUTE.CREATED records it).
      const [payment] = await shop.db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.status, 'captured')));
      await shop.db.insert(disputes).values({
        providerDisputeId: 'PP-D-4242',
        paymentId: payment!.id,
        orderId: order.id,
        reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
        amount: order.payAmount,
      });

      const admin = await operatorSignedIn(shop, 'admin');
      await admin.getByLabel('Order number or email').fill(order.orderNo);
      await admin.getByRole('button', { name: 'Find' }).click();
      await admin
        .getByText(
          /disputed by the buyer \(MERCHANDISE_OR_SERVICE_NOT_RECEIVED, [\d.]+\): held: shipping refused until you decide/,
        )
        .waitFor();
      await admin.getByRole('button', { name: order.orderNo }).click();
      const dialog = admin.getByRole('dialog', { name: `Order ${order.orderNo}` });
      await dialog.getByText(/PP-D-4242 .* — open · held: shipping refused until you decide/).waitFor();

      await dialog.getByLabel('Carrier').fill('DHL');
      await dialog.getByLabel('Tracking number').fill('JD-HELD');
      await dialog.getByRole('button', { name: 'Ship', exact: true }).click();
      await dialog.getByText(/is held: its payment is disputed/).waitFor();
      expect((await shop.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe(1);

      await dialog.getByRole('button', { name: 'Ship anyway (release the hold)' }).click();
      await dialog.getByText('Released: the order can be shipped.').waitFor();
      await dialog.getByLabel('Carrier').fill('DHL');
      await dialog.getByLabel('Tracking number').fill('JD-HELD');
      await dialog.getByRole('button', { name: 'Ship', exact: true }).click();
      await dialog.getByText('Shipped; the customer was mailed the tracking number.').waitFor();
    },
  );

  it(
    'an operator finds a referral held for review in the queue and approves its rebate',
    { timeout: 180_000 },
    async () => {
      const [anaRow] = await shop.db.select().from(users).where(eq(users.email, 'ana.window@example.com'));
      const order = await friendBuys(anaRow!.shareCode, 'dee.review@example.com');
      // The release of rebates found it shipped to the referrer's own address (as releaseRebates records it).
      await shop.db
        .update(orders)
        .set({ status: 6, completedAt: new Date(), referralReview: 'held', referralSignals: 'same delivery address' })
        .where(eq(orders.id, order.id));

      const admin = await operatorSignedIn(shop, 'admin');
      await admin.getByLabel('Review queue').selectOption('referral');
      await admin.getByRole('button', { name: 'Find' }).click();
      await admin.getByText('referral held for review (same delivery address): approve or refuse its rebate').waitFor();
      await admin.getByRole('button', { name: order.orderNo }).click();
      const dialog = admin.getByRole('dialog', { name: `Order ${order.orderNo}` });
      await dialog
        .getByText("Held for review: same delivery address. The buyer may be the referrer's own account.")
        .waitFor();
      await dialog.getByRole('button', { name: 'Approve the rebate' }).click();
      await dialog.getByText('Approved: the rebate is credited with the next release of rebates.').waitFor();
      expect((await shop.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.referralReview).toBe('approved');
    },
  );
});
