import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { recordAudit } from '@/features/audit/audit';
import { postEnergy } from '@/features/energy/energy.ledger';
import { eraseCustomerCommand } from '@/features/privacy/privacy.commands';
import { energyRecords, users } from '@/server/db/schema';
import { signIn, signUp } from '../../../../tests/support/customers';
import { aShop } from '../../../../tests/support/fixtures';
import { anOperator } from '../../../../tests/support/operators';

/* Customers and the energy programme in the back office. */

const shop = await aShop({ env: { RATE_LIMIT_PER_ACCOUNT: '1000', RATE_LIMIT_PER_IP: '1000' } });
const admin = await anOperator(shop, 'admin');
const sharer = await signUp(shop, { firstName: 'Aisyah', lastName: 'Rahman' });
const friendA = await signUp(shop, { refereeCode: sharer.user.shareCode });
const friendB = await signUp(shop, { refereeCode: sharer.user.shareCode });
const idOf = async (email: string) =>
  (await shop.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const sharerId = await idOf(sharer.email);
await postEnergy(shop.db, { userId: sharerId, type: 'recharge', points: 500, reference: `test:recharge:${sharerId}` });
await postEnergy(shop.db, { userId: sharerId, type: 'rebate', points: 37, reference: `test:rebate:${sharerId}` });

type Row = { id: number; email: string; name: string; disabled: boolean };
type Details = Row & {
  balance: number;
  signedInBrowsers: number;
  friends: Row[];
  ledger: { type: string; points: number; balanceAfter: number }[];
  orders: unknown[];
};

describe('customers in the back office', () => {
  it('are found by part of the email or the name, page by page', async () => {
    const headers = await admin.freshSession();
    const byName = await shop.get<{ list: Row[]; total: number }>('/admin/customers?q=aisyah%20rah', { headers });
    expect(byName.body.data.list.map((row) => row.email)).toEqual([sharer.email]);
    const byEmail = await shop.get<{ list: Row[]; total: number }>(
      `/admin/customers?q=${encodeURIComponent(friendA.email.toUpperCase())}`,
      { headers },
    );
    expect(byEmail.body.data.list.map((row) => row.email)).toEqual([friendA.email]);
    const firstPage = await shop.get<{ list: Row[]; total: number }>('/admin/customers?pageSize=2', { headers });
    expect(firstPage.body.data).toMatchObject({ total: 3, list: [{ email: friendB.email }, { email: friendA.email }] });
    const wildcard = await shop.get<{ total: number }>('/admin/customers?q=%25', { headers });
    expect(wildcard.body.data.total).toBe(0);
  });

  it('show their energy balance, ledger and friends', async () => {
    const details = await shop.get<Details>(`/admin/customers/details?id=${sharerId}`, {
      headers: await admin.freshSession(),
    });
    expect(details.body.data).toMatchObject({
      email: sharer.email,
      name: 'Aisyah Rahman',
      balance: 537,
      signedInBrowsers: 1,
      orders: [],
    });
    expect(details.body.data.ledger.map((record) => [record.type, record.points, record.balanceAfter])).toEqual([
      ['rebate', 37, 537],
      ['recharge', 500, 500],
    ]);
    expect(details.body.data.friends.map((friend) => friend.email).sort()).toEqual(
      [friendA.email, friendB.email].sort(),
    );
    expect(
      (await shop.get(`/admin/customers/details?id=999999`, { headers: await admin.freshSession() })).body.code,
    ).toBe(-206);
  });

  it('are disabled (signed out everywhere, sign-in refused) and enabled again, each in the audit log', async () => {
    const headers = await admin.freshSession();
    const friendId = await idOf(friendA.email);
    const disabled = await shop.post<Details>('/admin/customers/disable', { id: friendId }, { headers });
    expect(disabled.body.data).toMatchObject({ disabled: true, signedInBrowsers: 0 });
    expect((await shop.get('/energy/getMyEnergy', { headers: friendA.headers })).body.code).toBe(-212);

    const enabled = await shop.post<Details>('/admin/customers/enable', { id: friendId }, { headers });
    expect(enabled.body.data.disabled).toBe(false);
    const audit = await shop.get<{ action: string; subject: string; before: unknown; after: unknown }[]>(
      '/admin/audit?limit=5',
      { headers },
    );
    expect(audit.body.data.filter((entry) => entry.subject === `customer ${friendId}`)).toEqual([
      expect.objectContaining({ action: 'customer.enable', before: { disabled: true }, after: { disabled: false } }),
      expect.objectContaining({ action: 'customer.disable', before: { disabled: false }, after: { disabled: true } }),
    ]);
    expect(JSON.stringify(audit.body.data)).not.toContain(friendA.email);
  });

  it('once erased, cannot be enabled again, and the audit log keeps only their id', async () => {
    const headers = await admin.freshSession();
    const customer = await signUp(shop);
    const customerId = await idOf(customer.email);
    await shop.post('/admin/customers/disable', { id: customerId }, { headers });
    // An entry written before the log named customers by id, and an export filtered by the email.
    await recordAudit(shop.db, 'cli', { action: 'customer.disable', subject: customer.email.toUpperCase() });
    await recordAudit(shop.db, 'cli', {
      action: 'orders.export',
      subject: 'orders',
      after: { filter: { q: customer.email }, rows: 0 },
    });
    expect(await eraseCustomerCommand.execute([customer.email], shop.operator)).toContain('is erased');

    const refused = await shop.post<Details>('/admin/customers/enable', { id: customerId }, { headers });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe(-218);
    const [row] = await shop.db.select().from(users).where(eq(users.id, customerId));
    expect(row!.disabledAt).not.toBeNull();
    expect((await signIn(shop, customer.email, customer.password)).body.code).toBe(-206);

    const audit = await shop.get<{ action: string; subject: string; after: unknown }[]>('/admin/audit?limit=20', {
      headers,
    });
    expect(JSON.stringify(audit.body.data).toLowerCase()).not.toContain(customer.email.toLowerCase());
    expect(
      audit.body.data.filter((entry) => entry.subject === `customer ${customerId}`).map((entry) => entry.action),
    ).toEqual(['customer.disable', 'customer.disable']);
    expect(audit.body.data.find((entry) => entry.action === 'orders.export')?.after).toEqual({
      filter: { q: `customer ${customerId}` },
      rows: 0,
    });
  });
});

describe('the energy programme in the back office', () => {
  it('shows rebates paid, points outstanding and the top sharers', async () => {
    const figures = await shop.get<{
      rebates: { points: number };
      pointsOutstanding: number;
      openGifts: { count: number };
      topSharers: { email: string; friends: number; rebatePoints: number }[];
    }>('/admin/programme', { headers: await admin.freshSession() });
    expect(figures.body.data).toMatchObject({
      rebates: { points: 37, count: 1 },
      pointsOutstanding: 537,
      openGifts: { count: 0, points: 0 },
    });
    expect(figures.body.data.topSharers).toEqual([{ id: sharerId, email: sharer.email, friends: 2, rebatePoints: 37 }]);
  });

  it('checks the ledger on request, finds a tampered row, and logs the check', async () => {
    const headers = await admin.freshSession();
    const sound = await shop.post<{ customers: number; records: number; problems: unknown[] }>(
      '/admin/programme/checkLedger',
      {},
      { headers },
    );
    expect(sound.body.data).toEqual({ customers: 1, records: 2, problems: [] });

    await shop.db
      .update(energyRecords)
      .set({ balanceAfter: 600 })
      .where(eq(energyRecords.reference, `test:rebate:${sharerId}`));
    const tampered = await shop.post<{ problems: { userId: number; problem: string }[] }>(
      '/admin/programme/checkLedger',
      {},
      { headers },
    );
    expect(tampered.body.data.problems).toContainEqual(
      expect.objectContaining({ userId: sharerId, problem: 'balance 600 is not 500 + 37' }),
    );
    await shop.db
      .update(energyRecords)
      .set({ balanceAfter: 537 })
      .where(eq(energyRecords.reference, `test:rebate:${sharerId}`));

    const audit = await shop.get<{ action: string; after: { problems: number } }[]>(
      '/admin/audit?action=ledger.check',
      { headers },
    );
    expect(audit.body.data.map((entry) => entry.after.problems)).toEqual([2, 0]);
  });
});
