import { eq } from 'drizzle-orm';
import type { Page } from 'playwright';
import { beforeAll, describe, expect, it } from 'vitest';
import { completeOrder, markSignedFor, shipOrder } from '@/features/orders/order-lifecycle';
import { formatMoney, rebatePoints } from '@/lib/money';
import { orders, users } from '@/server/db/schema';
import { aStorefront, untranslatedKeys } from './support/shop';
import {
  addToCart,
  fillAddress,
  goToCheckout,
  password,
  placeOrderAsNewCustomer,
  registerInDialog,
} from './support/storefront';

/*
 * The referral programme as three people live it: Ana shares, Ben buys with her code, Cai receives
 * her gift. Each step runs in its own browser profile, in order.
 */
let ana: Page;
let anaShareCode = '';
let rebate = 0;
let giftLink = '';
/** What Ana's balance should be, step by step. */
let anaBalance = 0;
const GIFT_POINTS = 3500;
const anaEmail = 'ana.sharer@example.com';

const shop = await aStorefront();
beforeAll(async () => {
  ana = await shop.newPage();
});

/** The balance the energy page shows. */
const balanceOn = async (page: Page) => {
  await page.goto('/order/energy');
  const balance = page.getByTestId('energy-balance');
  await expect.poll(() => balance.textContent()).not.toBe('…');
  return Number((await balance.textContent())!.replace(/\D/g, ''));
};

/** Ana spends points on a gift of the lace bralette; answers the link the share dialog shows. */
async function createGift(page: Page) {
  await page.goto('/order/shareEnergy');
  await page.getByRole('button', { name: 'Spend points and share' }).click();
  await page.getByText('A valid product and size must be selected').waitFor();
  await page.locator('.gift__product', { hasText: 'Scalloped Lace Bralette' }).click();
  await page.getByRole('radio', { name: /Blush/ }).first().check();
  await page.getByRole('button', { name: 'Spend points and share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share with friends' });
  const link = dialog.getByTestId('share-link');
  await expect.poll(() => link.inputValue()).toMatch(/\/order\?code=[A-Z2-9]{10}$/);
  return { dialog, link: await link.inputValue() };
}

describe('the referral programme', () => {
  it('Ana registers and shares her link', async () => {
    await ana.goto('/');
    await registerInDialog(ana, { firstName: 'Ana', lastName: 'Silva', email: anaEmail });
    await ana.getByRole('button', { name: 'Share' }).click();
    const link = await ana.getByRole('dialog', { name: 'Share with friends' }).getByTestId('share-link').inputValue();
    anaShareCode = new URL(link).pathname.slice(1);
    const [row] = await shop.db.select().from(users).where(eq(users.email, anaEmail));
    expect(anaShareCode).toBe(row!.shareCode);
  });

  it("Ben arrives by Ana's link, buys with her discount code, and the order completes: Ana earns the rebate", async () => {
    const ben = await shop.newPage();
    await ben.goto(`/${anaShareCode}`);
    await ben.waitForURL((url) => url.pathname === '/');
    await addToCart(ben, 'lingerie', /Satin Slip Dress/);
    await goToCheckout(ben);
    await ben.getByLabel('Discount code (optional)').fill(anaShareCode);
    await placeOrderAsNewCustomer(ben, 'ben.buyer@example.com');
    await ben.getByRole('button', { name: 'Approve payment' }).click();
    await ben.getByRole('heading', { name: 'Thank you! Your payment went through.' }).waitFor();

    const orderId = Number(new URL(ben.url()).searchParams.get('orderId'));
    const [order] = await shop.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.discountAmount).toBeGreaterThan(0);
    await shipOrder(shop.operator, order!.orderNo, { carrier: 'DHL', trackingNumber: 'TRK-BEN' });
    await markSignedFor(shop.db, order!.orderNo);
    await completeOrder(shop.db, shop.config.referenceRates, order!.orderNo);
    rebate = rebatePoints(order!.goodsTotal - order!.discountAmount, 'USD', 5, shop.config.referenceRates);
    expect(rebate).toBeGreaterThan(0);
    anaBalance = rebate;

    await ana.goto('/order/friends');
    const friends = ana.getByTestId('friends');
    await friends.getByText('be***@example.com').waitFor();
    await expect(friends.locator('tbody tr').count()).resolves.toBe(1);
    // Ben's name is masked too: only its first letter shows.
    const benName = await shop.db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.email, 'ben.buyer@example.com'));
    const friendRow = (await friends.locator('tbody tr').first().textContent()) ?? '';
    expect(friendRow).toContain(`${benName[0]!.firstName.slice(0, 1)}***`);
    expect(friendRow).not.toContain(benName[0]!.firstName);
    expect(friendRow).not.toContain(benName[0]!.lastName);
    await expect(friends.getByText(formatMoney(order!.payAmount, 'USD')).isVisible()).resolves.toBe(true);
    await expect(friends.getByText(`${rebate.toLocaleString('en')} points`).isVisible()).resolves.toBe(true);
    await expect(ana.getByTestId('my-share').getByText(anaShareCode).isVisible()).resolves.toBe(true);

    await expect(balanceOn(ana)).resolves.toBe(rebate);
    const records = ana.getByTestId('energy-records');
    await expect(records.locator('tbody tr').first().textContent()).resolves.toContain(`Rebate+${rebate}${rebate}`);
    await expect(untranslatedKeys(ana)).resolves.toEqual([]);
  });

  it('Ana recharges 20000 points with the test gateway; they are credited once', async () => {
    await ana.goto('/order/recharge');
    await ana
      .getByTestId('recharge-balance')
      .getByText(`${rebate.toLocaleString('en')} points`)
      .waitFor();
    await ana.getByLabel('Points to recharge').fill('150');
    await ana.getByLabel('Points to recharge').blur();
    await ana.getByText('Choose from 100 to 100,000 points, in steps of 100').waitFor();
    await expect(ana.getByTestId('recharge-price').textContent()).resolves.toBe('--');
    await ana.getByRole('button', { name: '$100.00 · 10,000 points', exact: true }).click();
    await expect.poll(() => ana.getByTestId('recharge-price').textContent()).toBe('$100.00');
    await ana.getByLabel('Points to recharge').fill('20000');
    await expect.poll(() => ana.getByTestId('recharge-price').textContent()).toBe('$200.00');
    await ana.getByRole('button', { name: 'Recharge and pay' }).click();
    await ana.getByRole('button', { name: 'Approve payment' }).click();
    await ana.getByText('20,000 energy points have been added to your balance.').waitFor();
    await ana.reload();
    await ana.getByText('20,000 energy points have been added to your balance.').waitFor();
    await ana.getByRole('link', { name: 'View my energy' }).click();
    anaBalance += 20_000;
    await expect(balanceOn(ana)).resolves.toBe(anaBalance);
  });

  it('Ana gives a gift; Cai opens the link, registers and receives it free', async () => {
    const gift = await createGift(ana);
    giftLink = gift.link;
    await gift.dialog.getByRole('button', { name: 'Close' }).click();
    await ana.waitForURL((url) => url.pathname === '/order/shareRecords');
    const code = new URL(giftLink).searchParams.get('code')!;
    const row = ana.locator(`tr[data-code="${code}"]`);
    await row.getByText('Unused').waitFor();
    anaBalance -= GIFT_POINTS;
    await expect(balanceOn(ana)).resolves.toBe(anaBalance);

    const cai = await shop.newPage();
    await cai.goto(giftLink.replace(shop.url, ''));
    await cai.getByRole('heading', { name: 'A gift for you' }).waitFor();
    await expect(cai.getByText('Scalloped Lace Bralette').isVisible()).resolves.toBe(true);
    await cai.getByRole('button', { name: 'Create an account' }).click();
    await registerInDialog(
      cai,
      { firstName: 'Cai', lastName: 'Wen', email: 'cai.friend@example.com' },
      { fromHeader: false },
    );
    await fillAddress(cai);
    await cai.getByRole('button', { name: 'Receive the gift' }).click();
    await cai.getByRole('heading', { name: 'Your gift is on its way.' }).waitFor();
    await cai.getByText('Your gift coupon has been received.').waitFor();
    await expect(untranslatedKeys(cai)).resolves.toEqual([]);

    await cai.goto(giftLink.replace(shop.url, ''));
    await cai.getByRole('heading', { name: 'This gift can no longer be received' }).waitFor();

    await ana.goto('/order/shareRecords');
    await row.getByText('Activated').waitFor();
    await expect(row.textContent()).resolves.toContain('ca***@example.com');
    await ana.goto('/order/friends');
    await ana.getByTestId('friends').getByText('ca***@example.com').waitFor();
  });

  it('Ana cancels an unused gift and gets the points back', async () => {
    const gift = await createGift(ana);
    await gift.dialog.getByRole('link', { name: 'Go to share records' }).click();
    await ana.waitForURL((url) => url.pathname === '/order/shareRecords');
    const code = new URL(gift.link).searchParams.get('code')!;
    const row = ana.locator(`tr[data-code="${code}"]`);
    ana.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('button', { name: 'Cancel' }).click();
    await ana
      .getByText(`Gift coupon cancelled: ${GIFT_POINTS.toLocaleString('en')} points are back in your balance.`)
      .waitFor();
    await row.getByText('Cancelled').waitFor();
    await expect(row.getByRole('button', { name: 'Cancel' }).count()).resolves.toBe(0);
    await expect(balanceOn(ana)).resolves.toBe(anaBalance);
    // The energy page records a returned gift, not a refund.
    const newest = ana.getByTestId('energy-records').locator('tbody tr').first();
    await expect
      .poll(() => newest.textContent())
      .toContain(`Gift returned+${GIFT_POINTS.toLocaleString('en')}${anaBalance.toLocaleString('en')}`);
  });

  it('Dee receives a gift on her phone, registering on the sign-in page on the way', async () => {
    const gift = await createGift(ana);
    anaBalance -= GIFT_POINTS;
    const dee = await shop.newPage('mobile');
    const path = gift.link.replace(shop.url, '');
    await dee.goto(path);
    await dee.getByRole('heading', { name: 'A gift for you' }).waitFor();
    await dee.getByRole('button', { name: 'Create an account' }).click();
    await dee.waitForURL((url) => url.pathname === '/sign');
    await dee.getByLabel('First name').fill('Dee');
    await dee.getByLabel('Last name').fill('Lim');
    await dee.getByLabel('Email').fill('dee.phone@example.com');
    await dee.getByLabel('Password').fill(password);
    await dee.getByRole('button', { name: 'Register' }).click();
    await dee.waitForURL((url) => url.pathname + url.search === path);
    await fillAddress(dee);
    await dee.getByRole('button', { name: 'Receive the gift' }).click();
    await dee.getByRole('heading', { name: 'Your gift is on its way.' }).waitFor();
    await expect(untranslatedKeys(dee)).resolves.toEqual([]);
    await expect(balanceOn(ana)).resolves.toBe(anaBalance);
  });

  it('Ana pays an order with energy points on her phone and reads her records as cards', async () => {
    const phone = await shop.newPage('mobile');
    await phone.goto('/sign?link=%2FproductsList');
    await phone.getByLabel('Email').fill(anaEmail);
    await phone.getByLabel('Password').fill(password);
    await phone.getByRole('button', { name: 'Sign in' }).click();
    await phone.waitForURL((url) => url.pathname === '/productsList');
    await addToCart(phone, 'lingerie', /Scalloped Lace Bralette/);
    await goToCheckout(phone);
    // $34.99 and $5.99 standard shipping (the demo ships free from $50; California adds no tax there).
    await phone
      .getByRole('radio', { name: `Energy points: 4,098 points (you have ${anaBalance.toLocaleString('en')})` })
      .check();
    await fillAddress(phone);
    await phone.getByRole('button', { name: 'Place order and pay' }).click();
    await phone.getByRole('heading', { name: 'Thank you! Your payment went through.' }).waitFor();

    await expect(balanceOn(phone)).resolves.toBe(anaBalance - 4098);
    await expect(phone.getByTestId('energy-records').isVisible()).resolves.toBe(false);
    const card = phone.getByTestId('energy-record-cards').locator('li').first();
    await expect(card.isVisible()).resolves.toBe(true);
    await expect(card.textContent()).resolves.toContain('Order payment-4,098');
    await phone.getByRole('tab', { name: 'Recharge' }).click();
    await expect.poll(() => phone.getByTestId('energy-record-cards').locator('li').count()).toBe(1);
    await expect(untranslatedKeys(phone)).resolves.toEqual([]);
  });

  it('shows the energy pages in Chinese and prices recharges in ringgit', async () => {
    await ana.goto('/order/recharge?lang=zh&currency=myr');
    await ana.getByLabel('充值能量点').waitFor();
    // The page starts at the second preset, a round RM100 (2,200 points at 22 a ringgit), not 1,000 points at RM45.46.
    await expect.poll(() => ana.getByTestId('recharge-price').textContent()).toBe('RM100.00');
    await ana.getByRole('button', { name: 'RM50.00 · 1,100 能量点', exact: true }).click();
    await expect.poll(() => ana.getByTestId('recharge-price').textContent()).toBe('RM50.00');
    await expect(untranslatedKeys(ana)).resolves.toEqual([]);
    await ana.goto('/order/energy');
    await ana.getByRole('heading', { name: '能量点记录' }).waitFor();
    await expect(untranslatedKeys(ana)).resolves.toEqual([]);
  });
});
