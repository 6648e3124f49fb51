import { and, count, desc, eq, ilike, isNotNull, isNull, or, sql, sum } from 'drizzle-orm';
import { customerSubject, recordAudit, type Actor } from '@/features/audit/audit';
import { disableCustomer } from '@/features/auth/auth.service';
import { balanceOf, debtOf } from '@/features/energy/energy.ledger';
import * as ErrorCode from '@/lib/error-codes';
import type { Executor } from '@/server/db/client';
import { coupons, energyRecords, orders, sessions, users } from '@/server/db/schema';
import { ShopError } from '@/server/http/errors';
import type { CustomerQuery } from './customers.schema';

/* What the back office reads and does about customers and the energy programme. */

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

const customerRow = (user: typeof users.$inferSelect) => ({
  id: user.id,
  email: user.email,
  name: `${user.firstName} ${user.lastName}`.trim(),
  createTime: user.createdAt.toISOString(),
  disabled: user.disabledAt !== null,
  erased: user.erasedAt !== null,
});

/** Customers whose email or name contains `q`, newest first. */
export async function findCustomers(db: Executor, query: CustomerQuery) {
  const where = query.q
    ? or(
        ilike(users.email, likePattern(query.q)),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, likePattern(query.q)),
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { list: rows.map(customerRow), total: total?.total ?? 0, pageNum: query.pageNum, pageSize: query.pageSize };
}

async function customerById(db: Executor, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw new ShopError(ErrorCode.AccountNotFound);
  return user;
}

/** One customer: the account, their orders, energy balance and ledger (newest first), who referred them and their friends. */
export async function customerDetails(db: Executor, id: number) {
  const user = await customerById(db, id);
  const [customerOrders, ledger, friends, referrer, balance, signedIn, owed] = await Promise.all([
    db.select().from(orders).where(eq(orders.userId, id)).orderBy(desc(orders.id)).limit(100),
    db.select().from(energyRecords).where(eq(energyRecords.userId, id)).orderBy(desc(energyRecords.id)).limit(200),
    db.select().from(users).where(eq(users.referrerId, id)).orderBy(desc(users.id)).limit(200),
    user.referrerId
      ? db.select({ email: users.email }).from(users).where(eq(users.id, user.referrerId))
      : Promise.resolve([]),
    balanceOf(db, id),
    sessionCount(db, id),
    debtOf(db, id),
  ]);
  return {
    ...customerRow(user),
    shareCode: user.shareCode,
    rebateRate: user.rebateRate,
    referrer: referrer[0]?.email ?? null,
    balance,
    owed,
    signedInBrowsers: signedIn,
    orders: customerOrders.map((order) => ({
      orderNo: order.orderNo,
      kind: order.kind,
      status: order.status,
      currency: order.currency,
      payAmount: order.payAmount,
      createTime: order.createdAt.toISOString(),
    })),
    ledger: ledger.map((record) => ({
      transactionNo: record.transactionNo,
      type: record.type,
      points: record.points,
      balanceAfter: record.balanceAfter,
      reference: record.reference,
      time: record.createdAt.toISOString(),
    })),
    friends: friends.map(customerRow),
  };
}

/**
 * Disables an account (ending its sessions) or enables it again; the audit log keeps both, naming the
 * customer by id only. An erased account stays disabled for good: its person is gone (decision 035).
 */
export async function setCustomerDisabled(db: Executor, actor: Actor, id: number, disabled: boolean) {
  const user = await customerById(db, id);
  if (!disabled && user.erasedAt) throw new ShopError(ErrorCode.IllegalRequest, { field: 'id', status: 409 });
  const before = { disabled: user.disabledAt !== null };
  if (disabled) await disableCustomer(db, id);
  else
    await db
      .update(users)
      .set({ disabledAt: null })
      .where(and(eq(users.id, id), isNull(users.erasedAt)));
  await recordAudit(db, actor, {
    action: disabled ? 'customer.disable' : 'customer.enable',
    subject: customerSubject(id),
    before,
    after: { disabled },
  });
  return customerDetails(db, id);
}

/** Signed-in browsers of a customer (for the operator to see a disable took effect). */
export async function sessionCount(db: Executor, userId: number) {
  const [row] = await db.select({ total: count() }).from(sessions).where(eq(sessions.userId, userId));
  return row?.total ?? 0;
}

/** The energy programme at a glance. */
export async function programmeFigures(db: Executor) {
  const [[rebates], [outstanding], [gifts], sharers] = await Promise.all([
    db
      .select({ points: sum(energyRecords.points), count: count() })
      .from(energyRecords)
      .where(eq(energyRecords.type, 'rebate')),
    db.select({ points: sum(energyRecords.points) }).from(energyRecords),
    db
      .select({ points: sum(coupons.points), count: count() })
      .from(coupons)
      .where(eq(coupons.status, 'unused')),
    topSharers(db),
  ]);
  return {
    rebates: { points: Number(rebates?.points ?? 0), count: rebates?.count ?? 0 },
    pointsOutstanding: Number(outstanding?.points ?? 0),
    openGifts: { points: Number(gifts?.points ?? 0), count: gifts?.count ?? 0 },
    topSharers: sharers,
  };
}

/** The ten customers who brought the most friends, with the rebate points they earned. */
async function topSharers(db: Executor) {
  const friendsOf = db
    .select({ referrerId: users.referrerId, friends: count().as('friends') })
    .from(users)
    .where(and(isNotNull(users.referrerId), isNull(users.erasedAt)))
    .groupBy(users.referrerId)
    .as('friends_of');
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      friends: friendsOf.friends,
      rebatePoints: sql<string>`coalesce((select sum(${energyRecords.points}) from ${energyRecords} where ${energyRecords.userId} = ${users.id} and ${energyRecords.type} = 'rebate'), 0)`,
    })
    .from(friendsOf)
    .innerJoin(users, eq(users.id, friendsOf.referrerId))
    .orderBy(desc(friendsOf.friends), users.id)
    .limit(10);
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    friends: Number(row.friends),
    rebatePoints: Number(row.rebatePoints),
  }));
}
