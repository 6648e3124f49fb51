import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { drawCode } from '@/features/auth/auth.service';
import * as ErrorCode from '@/lib/error-codes';
import type { Executor } from '@/server/db/client';
import { energyDebts, energyRecords, users } from '@/server/db/schema';
import type { EnergyType } from './energy';
import { ShopError } from '@/server/http/errors';

/*
 * The energy ledger (docs/decisions/018-energy-ledger.md). Every change of a customer's points is a
 * row appended by `postEnergy`, under a lock on the customer's `users` row, so concurrent changes of
 * one balance happen one after the other and none can take it below zero. A business event has one
 * reference (`recharge:order:123`); posting it again answers the first row and changes nothing.
 */

export type EnergyRecord = typeof energyRecords.$inferSelect;

/** The business events' references, in one place. */
export const energyReference = {
  recharge: (orderId: number) => `recharge:order:${orderId}`,
  orderPayment: (orderId: number) => `order-payment:order:${orderId}`,
  orderPaymentRefund: (orderId: number) => `refund:order:${orderId}`,
  rebate: (orderId: number) => `rebate:order:${orderId}`,
  giftCoupon: (couponId: number) => `gift-coupon:${couponId}`,
  giftCouponRefund: (couponId: number) => `refund:gift-coupon:${couponId}`,
  /** Points taken back because an order's money went back: `what` is `recharge` or `rebate`, `step` the running total refunded. */
  takeBack: (what: 'recharge' | 'rebate', orderId: number, step: number | string) =>
    `take-back:${what}:order:${orderId}:${step}`,
  takeBackPrefix: (what: 'recharge' | 'rebate', orderId: number) => `take-back:${what}:order:${orderId}:`,
  /** Points taken back (`step`) came back with the money a won chargeback returned. */
  takeBackReturned: (what: 'recharge' | 'rebate', orderId: number, step: number) =>
    `take-back:${what}:order:${orderId}:returned:${step}`,
  debtRepayment: (debtId: number, creditId: number) => `debt:${debtId}:credit:${creditId}`,
};

/** -218 naming `points`: the balance cannot pay for this. `data` says how many points were needed. */
export const notEnoughPoints = (balance: number, required: number) =>
  new ShopError(ErrorCode.IllegalRequest, {
    field: 'points',
    message: 'energy.notEnoughPoints',
    data: { field: 'points', reason: 'insufficient-points', balance, required },
  });

/** A customer's balance: the newest row's, 0 without any. Read it inside the lock to act on it. */
export async function balanceOf(db: Executor, userId: number): Promise<number> {
  const [latest] = await db
    .select({ balanceAfter: energyRecords.balanceAfter })
    .from(energyRecords)
    .where(eq(energyRecords.userId, userId))
    .orderBy(desc(energyRecords.id))
    .limit(1);
  return latest?.balanceAfter ?? 0;
}

/** `E` + the day (UTC, `yyMMdd`) + ten unambiguous characters, e.g. `E251122K7M9QX2PA4`. */
const drawTransactionNo = (now: Date) => `E${now.toISOString().slice(2, 10).replaceAll('-', '')}${drawCode(10)}`;

export async function findRecord(db: Executor, reference: string): Promise<EnergyRecord | undefined> {
  const [row] = await db.select().from(energyRecords).where(eq(energyRecords.reference, reference));
  return row;
}

/**
 * Credits (points > 0) or debits (points < 0) a customer's energy, once per `reference`. Run it
 * inside the transaction of the business change it belongs to (it locks the customer's row until
 * that commits). A debit the balance cannot cover throws -218 `points` (energy.notEnoughPoints);
 * the caller's transaction then rolls back. Answers the row: the new one, or the first one posted
 * with this reference.
 */
export async function postEnergy(
  tx: Executor,
  entry: { userId: number; type: EnergyType; points: number; reference: string },
  now = new Date(),
): Promise<EnergyRecord> {
  if (!Number.isSafeInteger(entry.points) || entry.points === 0)
    throw new RangeError(`energy points must be a non-zero integer, got ${entry.points}`);
  const [locked] = await tx.select({ id: users.id }).from(users).where(eq(users.id, entry.userId)).for('update');
  if (!locked) throw new Error(`no user ${entry.userId}`);
  const earlier = await findRecord(tx, entry.reference);
  if (earlier) {
    if (earlier.userId !== entry.userId)
      throw new Error(`energy reference ${entry.reference} belongs to another customer`);
    return earlier;
  }
  const balance = await balanceOf(tx, entry.userId);
  const balanceAfter = balance + entry.points;
  if (balanceAfter < 0) throw notEnoughPoints(balance, -entry.points);
  const row = await append(tx, { ...entry, balanceAfter }, now);
  if (entry.points > 0) await repayDebts(tx, entry.userId, row, now);
  return row;
}

async function append(
  tx: Executor,
  entry: { userId: number; type: EnergyType; points: number; reference: string; balanceAfter: number },
  now: Date,
): Promise<EnergyRecord> {
  const [row] = await tx
    .insert(energyRecords)
    .values({
      userId: entry.userId,
      type: entry.type,
      points: entry.points,
      balanceAfter: entry.balanceAfter,
      deductionPoints: entry.points < 0 ? -entry.points : 0,
      transactionNo: drawTransactionNo(now),
      reference: entry.reference,
      createdAt: now,
    })
    .returning();
  return row!;
}

/**
 * A credit pays what the customer owes first, oldest debt first, as far as the new balance goes
 * (docs/decisions/076-money-after-the-sale.md). Runs under the customer's lock taken by `postEnergy`.
 */
async function repayDebts(tx: Executor, userId: number, credit: EnergyRecord, now: Date): Promise<void> {
  const owed = await tx
    .select()
    .from(energyDebts)
    .where(and(eq(energyDebts.userId, userId), gt(energyDebts.outstanding, 0)))
    .orderBy(asc(energyDebts.id));
  let balance = credit.balanceAfter;
  for (const debt of owed) {
    const paid = Math.min(debt.outstanding, balance);
    if (paid <= 0) return;
    balance -= paid;
    await append(
      tx,
      {
        userId,
        type: 'debt-repayment',
        points: -paid,
        reference: energyReference.debtRepayment(debt.id, credit.id),
        balanceAfter: balance,
      },
      now,
    );
    await tx
      .update(energyDebts)
      .set({ outstanding: debt.outstanding - paid })
      .where(eq(energyDebts.id, debt.id));
  }
}

/** The points a customer still owes (0 when none). */
export async function debtOf(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ owed: sql<string | null>`sum(${energyDebts.outstanding})` })
    .from(energyDebts)
    .where(eq(energyDebts.userId, userId));
  return Number(row?.owed ?? 0);
}

/**
 * Takes back `points` a customer should no longer have, once per `reference`: as many as the balance
 * holds now (a `take-back` row), the rest owed as a debt that later credits pay first. The balance
 * never goes below zero. Answers what was taken and what is owed.
 */
export async function takeBackPoints(
  tx: Executor,
  entry: { userId: number; points: number; reference: string },
  now = new Date(),
): Promise<{ taken: number; owed: number }> {
  if (!Number.isSafeInteger(entry.points) || entry.points <= 0)
    throw new RangeError(`points taken back must be a positive integer, got ${entry.points}`);
  const [locked] = await tx.select({ id: users.id }).from(users).where(eq(users.id, entry.userId)).for('update');
  if (!locked) throw new Error(`no user ${entry.userId}`);
  const [earlierDebt] = await tx.select().from(energyDebts).where(eq(energyDebts.reference, entry.reference));
  const earlier = await findRecord(tx, entry.reference);
  if (earlier || earlierDebt) return { taken: earlier ? -earlier.points : 0, owed: earlierDebt?.points ?? 0 };
  const balance = await balanceOf(tx, entry.userId);
  const taken = Math.min(balance, entry.points);
  if (taken > 0)
    await append(
      tx,
      {
        userId: entry.userId,
        type: 'take-back',
        points: -taken,
        reference: entry.reference,
        balanceAfter: balance - taken,
      },
      now,
    );
  const owed = entry.points - taken;
  if (owed > 0)
    await tx
      .insert(energyDebts)
      .values({ userId: entry.userId, points: owed, outstanding: owed, reference: entry.reference, createdAt: now });
  return { taken, owed };
}

/** A LIKE pattern for references starting with `prefix` (its own `%`, `_` and `\\` taken literally). */
const startingWith = (prefix: string) => `${prefix.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** Whether a take-back already used `reference` (as a ledger row or as a debt). */
export async function referenceUsed(db: Executor, reference: string): Promise<boolean> {
  const [debt] = await db.select({ id: energyDebts.id }).from(energyDebts).where(eq(energyDebts.reference, reference));
  return Boolean(debt ?? (await findRecord(db, reference)));
}

/** What was taken back or owed so far under references starting with `prefix` (one order's take-backs). */
export async function takenBackSoFar(db: Executor, prefix: string): Promise<number> {
  const like = startingWith(prefix);
  const [taken] = await db
    .select({ points: sql<string | null>`sum(-${energyRecords.points})` })
    .from(energyRecords)
    .where(sql`${energyRecords.reference} like ${like}`);
  const [owed] = await db
    .select({ points: sql<string | null>`sum(${energyDebts.points})` })
    .from(energyDebts)
    .where(sql`${energyDebts.reference} like ${like}`);
  return Number(taken?.points ?? 0) + Number(owed?.points ?? 0);
}

/**
 * Gives back what an earlier debit took (an EP-paid order refunded, a gift coupon cancelled or
 * expired), once: nothing when the debit was never made.
 */
export async function reverseDebit(
  tx: Executor,
  debitReference: string,
  refund: { type: EnergyType; reference: string },
  now = new Date(),
): Promise<EnergyRecord | null> {
  const debit = await findRecord(tx, debitReference);
  if (!debit || debit.points >= 0) return null;
  return postEnergy(
    tx,
    { userId: debit.userId, type: refund.type, points: -debit.points, reference: refund.reference },
    now,
  );
}

/** One problem the consistency check found. */
export type LedgerProblem = { userId: number; recordId: number; problem: string };

/**
 * Checks every customer's ledger: each row's balance is the previous row's plus its points, never
 * negative, and the deduction matches the debit. Answers the problems (none for a sound ledger).
 */
export async function checkLedger(
  db: Executor,
): Promise<{ customers: number; records: number; problems: LedgerProblem[] }> {
  const rows = await db
    .select({
      id: energyRecords.id,
      userId: energyRecords.userId,
      points: energyRecords.points,
      balanceAfter: energyRecords.balanceAfter,
      deductionPoints: energyRecords.deductionPoints,
      previous: sql<
        number | null
      >`lag(${energyRecords.balanceAfter}) over (partition by ${energyRecords.userId} order by ${energyRecords.id})`,
    })
    .from(energyRecords)
    .orderBy(energyRecords.userId, energyRecords.id);
  const problems: LedgerProblem[] = [];
  const sums = new Map<number, number>();
  for (const row of rows) {
    const previous = row.previous === null ? 0 : Number(row.previous);
    const sum = (sums.get(row.userId) ?? 0) + row.points;
    sums.set(row.userId, sum);
    if (previous + row.points !== row.balanceAfter) {
      problems.push({
        userId: row.userId,
        recordId: row.id,
        problem: `balance ${row.balanceAfter} is not ${previous} + ${row.points}`,
      });
    }
    if (row.balanceAfter !== sum)
      problems.push({
        userId: row.userId,
        recordId: row.id,
        problem: `balance ${row.balanceAfter} differs from the sum of the rows, ${sum}`,
      });
    if (row.balanceAfter < 0)
      problems.push({ userId: row.userId, recordId: row.id, problem: `negative balance ${row.balanceAfter}` });
    if (row.deductionPoints !== (row.points < 0 ? -row.points : 0)) {
      problems.push({
        userId: row.userId,
        recordId: row.id,
        problem: `deduction ${row.deductionPoints} does not match ${row.points} points`,
      });
    }
  }
  // Points owed are paid from any credit at once: nobody owes while holding points.
  const owing = await db.select({ userId: energyDebts.userId }).from(energyDebts).where(gt(energyDebts.outstanding, 0));
  for (const { userId } of owing) {
    if ((sums.get(userId) ?? 0) > 0)
      problems.push({ userId, recordId: 0, problem: `owes points while holding ${sums.get(userId)}` });
  }
  return { customers: sums.size, records: rows.length, problems };
}

/** A customer's ledger, oldest first. */
export function recordsOfUser(db: Executor, userId: number) {
  return db.select().from(energyRecords).where(eq(energyRecords.userId, userId)).orderBy(energyRecords.id);
}
