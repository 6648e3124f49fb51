import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { energyRecords } from '@/server/db/schema';
import { ShopError } from '@/server/http/errors';
import { signUp } from '../../../tests/support/customers';
import { energyCheckCommand } from './energy.commands';
import { balanceOf, checkLedger, postEnergy, recordsOfUser } from './energy.ledger';
import type { EnergyRecordPage, MyEnergy, RechargePrice } from './energy.schema';
import { aShop } from '../../../tests/support/fixtures';

const shop = await aShop();

const newCustomerId = async () => Number((await signUp(shop)).user.userId);
const post = (userId: number, points: number, reference: string, type: 'adjustment' | 'order-payment' = 'adjustment') =>
  shop.db.transaction((tx) => postEnergy(tx, { userId, type, points, reference }));

describe('the energy ledger', () => {
  it('appends a row per change with the balance after it, and answers the first row for a repeated reference', async () => {
    const userId = await newCustomerId();
    const first = await post(userId, 500, `test:credit:${userId}`);
    const again = await post(userId, 500, `test:credit:${userId}`);
    const debit = await post(userId, -120, `test:debit:${userId}`, 'order-payment');

    expect(again).toEqual(first);
    expect(first).toMatchObject({ points: 500, balanceAfter: 500, deductionPoints: 0 });
    expect(debit).toMatchObject({ points: -120, balanceAfter: 380, deductionPoints: 120 });
    expect(debit.transactionNo).toMatch(/^E\d{6}[A-Z2-9]{10}$/);
    expect((await recordsOfUser(shop.db, userId)).length).toBe(2);
    expect(await balanceOf(shop.db, userId)).toBe(380);
  });

  it('refuses a debit the balance cannot cover with -218 naming points, and writes nothing', async () => {
    const userId = await newCustomerId();
    await post(userId, 100, `test:small:${userId}`);
    const refused = await post(userId, -101, `test:too-much:${userId}`).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ShopError);
    expect(refused).toMatchObject({
      code: -218,
      detail: { field: 'points', data: { reason: 'insufficient-points', balance: 100, required: 101 } },
    });
    expect(await balanceOf(shop.db, userId)).toBe(100);
    expect(
      (
        await shop.db
          .select()
          .from(energyRecords)
          .where(eq(energyRecords.reference, `test:too-much:${userId}`))
      ).length,
    ).toBe(0);
  });

  it('lets exactly the affordable number of 50 concurrent spends through, never below zero', async () => {
    const userId = await newCustomerId();
    await post(userId, 1000, `test:float:${userId}`);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) => post(userId, -30, `test:spend:${userId}:${index}`, 'order-payment')),
    );
    const succeeded = results.filter((result) => result.status === 'fulfilled').length;
    const refused = results.filter((result) => result.status === 'rejected');
    expect(succeeded).toBe(33);
    for (const result of refused) expect((result as PromiseRejectedResult).reason).toMatchObject({ code: -218 });
    expect(await balanceOf(shop.db, userId)).toBe(10);
    const rows = await recordsOfUser(shop.db, userId);
    expect(rows.every((row) => row.balanceAfter >= 0)).toBe(true);
    expect((await checkLedger(shop.db)).problems).toEqual([]);
  });

  it('the energy-check command reports a consistent ledger, and a row that breaks the chain', async () => {
    expect(await energyCheckCommand.execute([], shop.operator)).toMatch(
      /^The energy ledger is consistent: \d+ energy records of \d+ customers\.$/,
    );
    const userId = await newCustomerId();
    await post(userId, 200, `test:chain:${userId}`);
    await shop.db
      .update(energyRecords)
      .set({ balanceAfter: 250 })
      .where(eq(energyRecords.reference, `test:chain:${userId}`));
    await expect(energyCheckCommand.execute([], shop.operator)).rejects.toThrow(/1 problem|problem\(s\)/);
    await shop.db
      .update(energyRecords)
      .set({ balanceAfter: 200 })
      .where(eq(energyRecords.reference, `test:chain:${userId}`));
    await expect(energyCheckCommand.execute(['extra'], shop.operator)).rejects.toThrow(
      'usage: npm run shop -- energy-check',
    );
  });
});

describe('energy endpoints', () => {
  it('answer the balance and the records, newest first, filtered by type', async () => {
    const customer = await signUp(shop);
    const userId = Number(customer.user.userId);
    await post(userId, 300, `test:list-a:${userId}`);
    await post(userId, -100, `test:list-b:${userId}`, 'order-payment');
    const energy = await shop.get<MyEnergy>('/energy/getMyEnergy', { headers: customer.headers });
    expect(energy.body).toMatchObject({ code: 1, data: { balance: 200 } });

    const all = await shop.get<EnergyRecordPage>('/energy/queryEnergyRecordList?pageSize=1', {
      headers: customer.headers,
    });
    expect(all.body.data).toMatchObject({
      total: 2,
      pageNum: 1,
      pageSize: 1,
      list: [{ type: 'order-payment', points: -100, balancePoints: 200, deductionPoints: 100 }],
    });
    const credits = await shop.get<EnergyRecordPage>('/energy/queryEnergyRecordList?type=adjustment', {
      headers: customer.headers,
    });
    expect(credits.body.data.list.map((row) => row.points)).toEqual([300]);
    expect(
      (await shop.get('/energy/queryEnergyRecordList?type=gift', { headers: customer.headers })).body,
    ).toMatchObject({ code: -218 });
  });

  it('need a signed-in customer', async () => {
    for (const path of ['/energy/getMyEnergy', '/energy/queryEnergyRecordList']) {
      const response = await shop.get(path);
      expect(response.status).toBe(401);
      expect(response.body.code).toBe(-212);
    }
  });

  it('price a recharge in the request currency, rounded up, for 100 to 100000 points in steps of 100', async () => {
    expect((await shop.get<RechargePrice>('/energy/calculateAmount?points=1000')).body.data).toEqual({
      points: 1000,
      amount: 1000,
      currency: 'USD',
      symbol: '$',
    });
    // 100 points at 14 per yuan: 7.142… yuan, rounded up to the fen.
    expect(
      (await shop.get<RechargePrice>('/energy/calculateAmount?points=100', { currency: 'CNY' })).body.data,
    ).toMatchObject({ amount: 715, symbol: '￥' });
    for (const points of ['0', '50', '150', '100100', 'abc', '']) {
      const response = await shop.get(`/energy/calculateAmount?points=${points}`);
      expect(response.body.code, points).toBe(-218);
      expect(response.body.message, points).toContain('points');
    }
  });
});
