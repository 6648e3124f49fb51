// Over 300 lines: export, erasure and retention share one shop and its customers.
import { eq, getTableName, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '@/server/db/schema';
import { describe, expect, it } from 'vitest';
import { encodePassword } from '@/features/auth/auth';
import {
  addresses,
  ageChecks,
  cartLines,
  coupons,
  customerBrowsers,
  energyRecords,
  mailOutbox,
  newsletterSubscribers,
  orderLines,
  orders,
  passwordResets,
  sessions,
  shareVisits,
  productSizes,
  users,
} from '@/server/db/schema';
import { testPicture } from '../../../tests/support/api';
import { DEFAULT_PASSWORD, sessionTokenOf, signIn, signUp, uploadHeadPicture } from '../../../tests/support/customers';
import { createOrder, deliveryAddress, payWithTestGateway, placeOrder } from '../../../tests/support/orders';
import { homeAddress } from '../delivery/fixtures/addresses';
import { postEnergy } from '../energy/energy.ledger';
import { orderCommands } from '../orders/orders.commands';
import type { DataExport } from './data-export';
import { eraseCustomerCommand } from './privacy.commands';
import { aShop, idOf } from '../../../tests/support/fixtures';

/*
 * "Download my data" and "Delete my account" through the API, and the operator's erase-customer:
 * what the customer gets, what the shop keeps (orders and ledger, without the person) and what goes.
 */

const shop = await aShop({ catalogue: 'small', env: { REBATE_HOLD_DAYS: '0' } });
const { ids } = shop;
await shop.db.update(productSizes).set({ pointsPrice: 1000 }).where(eq(productSizes.id, ids['robe-s']));

const run = (name: keyof typeof orderCommands, ...args: string[]) => orderCommands[name].execute(args, shop.operator);
const rowsOf = async <T>(query: Promise<T[]>) => (await query).length;

/**
 * A customer with everything the shop can hold about one: referred by `referrer`, an avatar, an
 * address, a cart line, a newsletter subscription, a completed order (which earned the referrer a
 * rebate), points and a gift bought with them, a friend of their own and visits to their share link.
 */
async function aCustomerWithHistory() {
  const referrer = await signUp(shop, { firstName: 'Rosa' });
  const firefoxOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:130.0) Gecko/20100101 Firefox/130.0';
  const customer = await signUp(
    shop,
    { firstName: 'Mei', lastName: 'Tan', refereeCode: referrer.user.shareCode },
    { headers: { 'User-Agent': firefoxOnWindows } },
  );
  const friend = await signUp(shop, { firstName: 'Lin', refereeCode: customer.user.shareCode });
  expect((await uploadHeadPicture(shop, customer.headers, await testPicture())).status).toBe(200);
  await shop.post('/delivery/addAddress', { ...homeAddress, address2: '', phone: '' }, { headers: customer.headers });
  await shop.post(
    '/shoppingcart/addShoppingCart',
    { goodsSpecificationId: ids['robe-m'], goodsQuantity: 1 },
    { headers: customer.headers },
  );
  await shop.post('/mail/subscribers/addSubscribers', { subscribeName: 'Mei', email: customer.email });
  await shop.post('/share/visit', { code: customer.user.shareCode });
  const [{ id: customerId }] = (await shop.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, customer.email))) as [{ id: number }];
  await shop.db.insert(ageChecks).values({
    userId: customerId,
    provider: 'stand-in',
    checkId: `check-${customerId}`,
    status: 'passed',
    decidedAt: new Date(),
  });

  const order = await placeOrder(shop, customer, [{ goodsSpecificationId: ids['robe-s'], goodsQuantity: 2 }]);
  await payWithTestGateway(shop, customer, order.orderId);
  await run('ship', order.orderNo, '--carrier', 'DHL', '--tracking', 'T1');
  await run('sign-for', order.orderNo);
  await run('add-event', order.orderNo, 'Left the depot');
  await run('complete', order.orderNo);
  await shop.post(
    '/reviews/write',
    {
      orderId: order.orderId,
      goodsSpecificationId: ids['robe-s'],
      rating: 5,
      content: 'Soft, and it came in a plain box.',
    },
    { headers: customer.headers },
  );

  await shop.db.transaction((tx) =>
    postEnergy(tx, {
      userId: idOf(customer),
      type: 'adjustment',
      points: 5000,
      reference: `adjustment:test:${customer.email}`,
    }),
  );
  const gift = await shop.post<{ code: string }>(
    '/coupon/addReceiveCoupon',
    { goodsSpecificationId: ids['robe-s'] },
    { headers: customer.headers },
  );
  expect(gift.body.code).toBe(1);
  return { referrer, customer, friend, order };
}

describe('download my data', () => {
  it('is a JSON file of the profile, addresses, orders with lines, energy ledger, gifts, friends as masked emails and share records', async () => {
    const { referrer, customer, friend, order } = await aCustomerWithHistory();

    const response = await shop.app.request('/api/v1/privacy/exportMyData', { headers: customer.headers });

    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="my-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const data = (await response.json()) as DataExport;
    expect(data.profile).toMatchObject({
      email: customer.email,
      firstName: 'Mei',
      lastName: 'Tan',
      shareCode: customer.user.shareCode,
      showItemNamesInMail: false,
    });
    expect(data.profile.referredBy).toBe(`${referrer.email.slice(0, 2)}***@example.com`);
    expect(data.profile.headPicture).toMatch(/^\/api\/v1\/media\/avatars\//);
    expect(data.addresses).toEqual([
      expect.objectContaining({ city: homeAddress.city, address: homeAddress.address, isDefault: true }),
    ]);
    expect(data.orders).toEqual([
      expect.objectContaining({
        orderNo: order.orderNo,
        status: 'completed',
        payAmount: order.payAmount,
        deliveryAddress: deliveryAddress,
        lines: [
          { goodsName: 'Silk robe', specificationName: 'S · Rose', unitPrice: order.lines[0]!.unitPrice, quantity: 2 },
        ],
      }),
    ]);
    expect(data.energyLedger.map((record) => [record.type, record.points])).toEqual([
      ['adjustment', 5000],
      ['gift-coupon', -1000],
    ]);
    expect(data.gifts.given).toEqual([expect.objectContaining({ points: 1000, status: 'unused', receivedBy: null })]);
    expect(data.friends).toEqual([
      { email: `${friend.email.slice(0, 2)}***@example.com`, registeredAt: expect.any(String) },
    ]);
    expect(JSON.stringify(data)).not.toContain(friend.email);
    expect(data.shareRecords).toMatchObject({ shareCode: customer.user.shareCode, visits: 1 });
    expect(data.newsletter).toEqual([expect.objectContaining({ email: customer.email })]);
  });

  it('has the cart, signed-in browsers, payment attempts and what each gift is', async () => {
    const { customer, order } = await aCustomerWithHistory();
    const data = (await (
      await shop.app.request('/api/v1/privacy/exportMyData', { headers: customer.headers })
    ).json()) as DataExport;

    expect(data.cart).toEqual([
      { goodsName: 'Silk robe', specificationName: 'M · Rose', quantity: 1, addedAt: expect.any(String) },
    ]);
    expect(data.sessions).toEqual([
      {
        device: 'Firefox on Windows',
        signedInAt: expect.any(String),
        lastSeenAt: expect.any(String),
        expiresAt: expect.any(String),
      },
    ]);
    expect(data.paymentAttempts).toEqual([
      expect.objectContaining({
        orderNo: order.orderNo,
        provider: 'test',
        status: 'captured',
        amount: order.payAmount,
      }),
    ]);
    expect(data.gifts.given).toEqual([
      expect.objectContaining({ goodsName: 'Silk robe', specificationName: 'S · Rose', points: 1000 }),
    ]);
  });

  it("covers every table that holds a customer's rows, or says why one is left out", async () => {
    const { customer } = await aCustomerWithHistory();
    const data = (await (
      await shop.app.request('/api/v1/privacy/exportMyData', { headers: customer.headers })
    ).json()) as DataExport;
    /** Where each table's rows appear in the export (each read from the customer built above, so none may be empty). */
    const exported: Record<string, (export_: DataExport) => unknown[]> = {
      users: (export_) => [export_.profile],
      sessions: (export_) => export_.sessions,
      cart_lines: (export_) => export_.cart,
      addresses: (export_) => export_.addresses,
      orders: (export_) => export_.orders,
      order_lines: (export_) => export_.orders.flatMap((order) => order.lines),
      order_events: (export_) => export_.orders.flatMap((order) => order.events),
      payments: (export_) => export_.paymentAttempts,
      energy_records: (export_) => export_.energyLedger,
      coupons: (export_) => export_.gifts.given,
      share_visits: (export_) => (export_.shareRecords.visits > 0 ? [export_.shareRecords] : []),
      newsletter_subscribers: (export_) => export_.newsletter,
      comments: (export_) => export_.reviews,
      age_checks: (export_) => export_.ageChecks,
    };
    const excluded: Record<string, string> = {
      password_resets:
        'only the hash of a mailed link, useless to anyone and deleted once it expires (PASSWORD_RESET_MINUTES)',
      operators: "the shop's staff, not customers",
      review_requests:
        'only that a review request mail went out for an order, and when; the order itself is in the export',
      payment_movements:
        "the amounts that went back from a payment, by the provider's event id: the shop's accounts; the order (its refund time) and its payment attempts are in the export",
      disputes:
        'a dispute as the payment provider reported it to the shop: the buyer has it from the provider, and the order it concerns is in the export',
      customer_browsers:
        'only hashes of the `shop_browser` cookie of the browsers the customer signed in from, which tell the customer nothing; kept to hold a referral from one of them (decision 076), deleted with the account',
      energy_debts:
        "the points still owed after a take-back: the export's energy ledger holds the take-back and repayment rows it is made of",
    };

    const tables: PgTable[] = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
      is(value, PgTable),
    );
    const names = new Set<string>(tables.map((table) => getTableName(table)));
    const references = new Map(
      tables.map((table) => [
        getTableName(table),
        getTableConfig(table).foreignKeys.map((key) => getTableName(key.reference().foreignTable)),
      ]),
    );
    const holdsCustomers = new Set(['users']);
    for (let grown = true; grown;) {
      grown = false;
      for (const [name, targets] of references) {
        if (!holdsCustomers.has(name) && targets.some((target) => target !== name && holdsCustomers.has(target))) {
          holdsCustomers.add(name);
          grown = true;
        }
      }
    }
    for (const table of tables)
      if (getTableConfig(table).columns.some((column) => column.name === 'email'))
        holdsCustomers.add(getTableName(table));

    const unaccounted = [...holdsCustomers].filter((name) => !(name in exported) && !(name in excluded));
    expect(
      unaccounted,
      "tables holding customers' rows that the export neither covers nor excludes with a reason",
    ).toEqual([]);
    expect([...Object.keys(exported), ...Object.keys(excluded)].filter((name) => !names.has(name))).toEqual([]);
    for (const [name, rowsIn] of Object.entries(exported))
      expect(rowsIn(data).length, `${name} in the export`).toBeGreaterThan(0);
  });

  it('is only for the signed-in customer', async () => {
    const response = await shop.get('/privacy/exportMyData');
    expect(response.body).toMatchObject({ code: -212 });
  });
});

describe('delete my account', () => {
  it('removes the person and keeps the orders and ledger rows accounting needs; the share code stops working', async () => {
    const { referrer, customer, friend, order } = await aCustomerWithHistory();
    const userId = idOf(customer);
    const avatarKey = (await shop.db.select({ key: users.headPictureKey }).from(users).where(eq(users.id, userId)))[0]!
      .key!;
    const otherDevice = await signIn(shop, customer.email, customer.password);
    const rebateBefore = await shop.db
      .select()
      .from(energyRecords)
      .where(eq(energyRecords.userId, idOf(referrer)));
    expect(rebateBefore.map((record) => record.type)).toEqual(['rebate']);

    const deleted = await shop.post(
      '/privacy/deleteAccount',
      { password: encodePassword(customer.password) },
      { headers: customer.headers },
    );

    expect(deleted.body).toMatchObject({ code: 1, data: null });
    expect(sessionTokenOf(deleted)).toBe('');
    // Signed out everywhere; the email no longer belongs to an account.
    for (const token of [customer.token, sessionTokenOf(otherDevice)!]) {
      expect((await shop.get('/privacy/getMailPreference', { headers: { Cookie: `token=${token}` } })).body.code).toBe(
        -212,
      );
    }
    expect((await signIn(shop, customer.email, customer.password)).body.code).toBe(-206);

    // The kept row: no name, email, phone, avatar or working code.
    const [row] = await shop.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({
      email: `erased-${userId}@erased.invalid`,
      firstName: '',
      lastName: '',
      phone: '',
      headPictureKey: null,
      rebateRate: 0,
      erasedAt: expect.any(Date),
      disabledAt: expect.any(Date),
    });
    expect(row!.shareCode).not.toBe(customer.user.shareCode);
    expect(row!.userCode).not.toBe(customer.user.userCode);
    expect(await shop.storage.get(avatarKey)).toBeNull();

    // Orders and their lines stay for the accounts, without the person.
    const [kept] = await shop.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(kept).toMatchObject({
      userId,
      status: 6,
      payAmount: order.payAmount,
      email: `erased-${userId}@erased.invalid`,
    });
    expect(kept!.deliveryAddress).toEqual({
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
    expect(await rowsOf(shop.db.select().from(orderLines).where(eq(orderLines.orderId, order.orderId)))).toBe(1);
    // The ledger stays: the customer's own rows and the rebate the referrer earned.
    expect(
      (await shop.db.select().from(energyRecords).where(eq(energyRecords.userId, userId))).map((record) => record.type),
    ).toEqual(['adjustment', 'gift-coupon']);
    expect(
      await shop.db
        .select()
        .from(energyRecords)
        .where(eq(energyRecords.userId, idOf(referrer))),
    ).toEqual(rebateBefore);
    expect(await rowsOf(shop.db.select().from(coupons).where(eq(coupons.ownerId, userId)))).toBe(1);

    // Everything else is gone.
    expect(await rowsOf(shop.db.select().from(sessions).where(eq(sessions.userId, userId)))).toBe(0);
    expect(await rowsOf(shop.db.select().from(passwordResets).where(eq(passwordResets.userId, userId)))).toBe(0);
    expect(await rowsOf(shop.db.select().from(addresses).where(eq(addresses.userId, userId)))).toBe(0);
    expect(await rowsOf(shop.db.select().from(cartLines).where(eq(cartLines.userId, userId)))).toBe(0);
    expect(await rowsOf(shop.db.select().from(shareVisits).where(eq(shareVisits.userId, userId)))).toBe(0);
    expect(await rowsOf(shop.db.select().from(customerBrowsers).where(eq(customerBrowsers.userId, userId)))).toBe(0);
    expect(
      await rowsOf(
        shop.db
          .select()
          .from(newsletterSubscribers)
          .where(sql`lower(${newsletterSubscribers.email}) = lower(${customer.email})`),
      ),
    ).toBe(0);
    expect(await rowsOf(shop.db.select().from(orders).where(eq(orders.email, customer.email)))).toBe(0);
    expect(await rowsOf(shop.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, customer.email)))).toBe(0);

    // The old share code gives no discount and makes nobody a friend.
    const buyer = await signUp(shop);
    const withCode = await createOrder(shop, buyer, {
      items: [{ goodsSpecificationId: ids['robe-s'], goodsQuantity: 1 }],
      discountCode: customer.user.shareCode,
    });
    expect(withCode.body.code).not.toBe(1);
    const newcomer = await signUp(shop, { refereeCode: customer.user.shareCode });
    expect(
      (
        await shop.db
          .select({ referrerId: users.referrerId })
          .from(users)
          .where(eq(users.id, idOf(newcomer)))
      )[0]!.referrerId,
    ).toBeNull();
    // The friend keeps their account; the email is free for a new one.
    expect((await signIn(shop, friend.email, friend.password)).body.code).toBe(1);
    expect((await signUp(shop, { email: customer.email })).email).toBe(customer.email);
  });

  it('waits while an order is unfinished, says why, and changes nothing', async () => {
    const customer = await signUp(shop);
    const open = await placeOrder(shop, customer, [{ goodsSpecificationId: ids['robe-s'], goodsQuantity: 1 }]);

    const refused = await shop.post(
      '/privacy/deleteAccount',
      { password: encodePassword(customer.password) },
      { headers: customer.headers },
    );

    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: -240,
      data: { orderNos: [open.orderNo] },
      message: expect.stringContaining('not finished'),
    });
    expect((await shop.get('/privacy/getMailPreference', { headers: customer.headers })).body.code).toBe(1);
    const [row] = await shop.db
      .select()
      .from(users)
      .where(eq(users.id, idOf(customer)));
    expect(row).toMatchObject({ email: customer.email, erasedAt: null });

    await shop.call('PUT', `/order/cancel?orderId=${open.orderId}`, { headers: customer.headers });
    const deleted = await shop.post(
      '/privacy/deleteAccount',
      { password: encodePassword(customer.password) },
      { headers: customer.headers },
    );
    expect(deleted.body.code).toBe(1);
  });

  it('needs the password: a wrong one answers -207 and changes nothing', async () => {
    const customer = await signUp(shop);
    const refused = await shop.post(
      '/privacy/deleteAccount',
      { password: encodePassword(`${DEFAULT_PASSWORD}x`) },
      { headers: customer.headers },
    );
    expect(refused.body.code).toBe(-207);
    expect((await signIn(shop, customer.email, customer.password)).body.code).toBe(1);
  });
});

describe('erase-customer', () => {
  it('runs the same erasure for a request received by mail', async () => {
    const customer = await signUp(shop);
    const order = await placeOrder(shop, customer, [{ goodsSpecificationId: ids['robe-s'], goodsQuantity: 1 }]);

    await expect(eraseCustomerCommand.execute([customer.email], shop.operator)).rejects.toThrow(
      `Unfinished: ${order.orderNo}.`,
    );
    await shop.call('PUT', `/order/cancel?orderId=${order.orderId}`, { headers: customer.headers });

    expect(await eraseCustomerCommand.execute([customer.email.toUpperCase()], shop.operator)).toBe(
      `${customer.email.toUpperCase()} is erased: personal data deleted, 1 order(s) and the energy ledger kept without the person.`,
    );
    expect((await signIn(shop, customer.email, customer.password)).body.code).toBe(-206);
    await expect(eraseCustomerCommand.execute([customer.email], shop.operator)).rejects.toThrow(
      `No account or newsletter subscription with the email ${customer.email}.`,
    );
  });
});
