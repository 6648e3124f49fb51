import { and, count, desc, eq, isNull, ne } from 'drizzle-orm';
import { insertOrder } from '@/features/orders/checkout.service';
import { OrderStatus } from '@/features/orders/orders';
import type { OrderDeps, OrderRow } from '@/features/orders/orders.service';
import { checkPayMethod, checkShopCurrency } from '@/features/orders/payments.service';
import type { User } from '@/features/auth/session';
import { currencySymbols, type Currency } from '@/lib/locale';
import { priceOfPoints, rebatePoints, type ReferenceRates } from '@/lib/money';
import type { Executor } from '@/server/db/client';
import { energyRecords, orders, users } from '@/server/db/schema';
import type { EnergyType } from './energy';
import { balanceOf, debtOf } from './energy.ledger';
import type { EnergyRecordListQuery, EnergyRecordPage, MyEnergy, RechargeBody, RechargePrice } from './energy.schema';

/* The customer's energy: balance, ledger, recharges. See docs/decisions/018-energy-ledger.md. */

export async function getMyEnergy(db: Executor, userId: number, rates: ReferenceRates): Promise<MyEnergy> {
  const [balance, owed, pending] = await Promise.all([balanceOf(db, userId), debtOf(db, userId), pendingRebates(db, userId, rates)]);
  return { balance, owed, pending };
}

/**
 * The rebates a customer will earn once their friends' completed orders are past the return window
 * (REBATE_HOLD_DAYS): pending, not spendable; a refund inside the window cancels them (docs/decisions/076).
 */
async function pendingRebates(db: Executor, userId: number, rates: ReferenceRates): Promise<number> {
  const rows = await db
    .select({ goodsTotal: orders.goodsTotal, discountAmount: orders.discountAmount, currency: orders.currency, rebateRate: users.rebateRate })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.rebateBeneficiaryId))
    .where(and(eq(orders.rebateBeneficiaryId, userId), ne(orders.userId, userId), eq(orders.kind, 'goods'), eq(orders.status, OrderStatus.Completed), isNull(orders.rebateReleasedAt)));
  return rows.reduce((sum, row) => sum + rebatePoints(row.goodsTotal - row.discountAmount, row.currency, Number(row.rebateRate), rates), 0);
}

/** The customer's ledger, newest first, optionally of one type. */
export async function queryEnergyRecordList(db: Executor, userId: number, query: EnergyRecordListQuery): Promise<EnergyRecordPage> {
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

/**
 * A recharge: an order of kind `recharge` (no lines, no address) in status 2, priced in the request's
 * currency, carrying the points it credits. The customer pays it with `pay/payment` like any order;
 * the points are credited once when it becomes paid (`creditPaidRecharge`, energy.hooks.ts).
 */
export async function createRecharge(deps: OrderDeps, user: User, body: RechargeBody, currency: Currency, now = new Date()): Promise<OrderRow> {
  checkShopCurrency(deps, currency);
  checkPayMethod(deps, body.payMethod, currency);
  const amount = priceOfPoints(body.points, currency, deps.config.referenceRates);
  return insertOrder(deps.db, now, {
    userId: user.id,
    kind: 'recharge',
    status: OrderStatus.PaymentPending,
    currency,
    goodsTotal: amount,
    discountAmount: 0,
    payAmount: amount,
    energyPoints: body.points,
    rebateBeneficiaryId: null,
    payMethod: body.payMethod,
    email: user.email,
    language: user.language,
    deliveryAddress: null,
    expiresAt: new Date(now.getTime() + deps.config.orders.paymentMinutes * 60_000),
  });
}
