import { and, count, desc, eq, isNull, ne } from 'drizzle-orm';
import { currencySymbols, type Currency } from '@/lib/locale';
import { OrderStatus } from '@/lib/order-status';
import { priceOfPoints, rebatePoints, type ReferenceRates } from '@/lib/money';
import type { Executor } from '@/server/db/client';
import { energyRecords, orders, users } from '@/server/db/schema';
import type { EnergyType } from './energy';
import { balanceOf, debtOf } from './energy.ledger';
import type { EnergyRecordListQuery, EnergyRecordPage, MyEnergy, RechargePrice } from './energy.schema';

/* The customer's energy: balance, ledger, the price of a recharge (buying one is checkout's, recharge.ts). See docs/decisions/018-energy-ledger.md. */

export async function getMyEnergy(db: Executor, userId: number, rates: ReferenceRates): Promise<MyEnergy> {
  const [balance, owed, pending] = await Promise.all([
    balanceOf(db, userId),
    debtOf(db, userId),
    pendingRebates(db, userId, rates),
  ]);
  return { balance, owed, pending };
}

/**
 * The rebates a customer will earn once their friends' completed orders are past the return window
 * (REBATE_HOLD_DAYS): pending, not spendable; a refund inside the window cancels them (docs/decisions/076).
 */
async function pendingRebates(db: Executor, userId: number, rates: ReferenceRates): Promise<number> {
  const rows = await db
    .select({
      goodsTotal: orders.goodsTotal,
      discountAmount: orders.discountAmount,
      currency: orders.currency,
      rebateRate: users.rebateRate,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.rebateBeneficiaryId))
    .where(
      and(
        eq(orders.rebateBeneficiaryId, userId),
        ne(orders.userId, userId),
        eq(orders.kind, 'goods'),
        eq(orders.status, OrderStatus.Completed),
        isNull(orders.rebateReleasedAt),
      ),
    );
  return rows.reduce(
    (sum, row) => sum + rebatePoints(row.goodsTotal - row.discountAmount, row.currency, Number(row.rebateRate), rates),
    0,
  );
}

/** The customer's ledger, newest first, optionally of one type. */
export async function queryEnergyRecordList(
  db: Executor,
  userId: number,
  query: EnergyRecordListQuery,
): Promise<EnergyRecordPage> {
  const where = and(eq(energyRecords.userId, userId), query.type ? eq(energyRecords.type, query.type) : undefined);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(energyRecords)
      .where(where)
      .orderBy(desc(energyRecords.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ total: count() }).from(energyRecords).where(where),
  ]);
  return {
    list: rows.map((row) => ({
      recordId: row.id,
      time: row.createdAt.toISOString(),
      // Rows are written only by postEnergy (energy.ledger.ts), whose entries are typed EnergyType.
      type: row.type as EnergyType,
      points: row.points,
      balancePoints: row.balanceAfter,
      deductionPoints: row.deductionPoints,
      transactionNo: row.transactionNo,
      reference: row.reference,
    })),
    total: counted?.total ?? 0,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

/** What a recharge of `points` costs in `currency` (money.ts rounds it up). */
export function calculateAmount(points: number, currency: Currency, rates: ReferenceRates): RechargePrice {
  return { points, amount: priceOfPoints(points, currency, rates), currency, symbol: currencySymbols[currency] };
}
