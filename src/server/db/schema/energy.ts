import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';
import { productSizes } from './catalogue';
import { orders } from './orders';

/* ── Energy points ─────────────────────────────────────────────────────────────────────────── */

/**
 * The energy ledger: every change of a customer's points is a row, and the balance is the newest
 * row's `balance_after`. A business event writes at most once (`reference` is unique, e.g.
 * `recharge:order:123`), so a retried request never credits or spends twice. Rows are appended under
 * a lock on the customer's `users` row (src/features/energy/energy.ledger.ts), so concurrent spends
 * can never take the balance below zero. See docs/decisions/018-energy-ledger.md.
 */
export const energyRecords = pgTable(
  'energy_records',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** One of the ledger's kinds (src/features/energy/energy.ts `energyTypes`). */
    type: text('type').notNull(),
    /** Positive credits, negative debits; never zero. */
    points: integer('points').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /** Points taken from the balance by this row (0 for credits). */
    deductionPoints: integer('deduction_points').notNull().default(0),
    /** What the customer sees and quotes, e.g. `E251122K7M9QX2P`. */
    transactionNo: text('transaction_no').notNull().unique(),
    /** The business event, unique: `recharge:order:{id}`, `order-payment:order:{id}`, `rebate:order:{id}`, `gift-coupon:{id}`, … */
    reference: text('reference').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index('energy_records_user_idx').on(t.userId, t.id),
    check('energy_records_points_non_zero', sql`${t.points} <> 0`),
    check('energy_records_balance_non_negative', sql`${t.balanceAfter} >= 0`),
    check('energy_records_deduction', sql`${t.deductionPoints} >= 0`),
  ],
);

/**
 * Points a customer owes: taken back (their purchase or the referred order was refunded or reversed)
 * after they were spent. The balance never goes below zero; each later credit pays the oldest debt
 * first (`debt-repayment` rows). See docs/decisions/076-money-after-the-sale.md.
 */
export const energyDebts = pgTable(
  'energy_debts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Owed when it arose. */
    points: integer('points').notNull(),
    /** Still owed. */
    outstanding: integer('outstanding').notNull(),
    /** The take-back it arose from, unique like a ledger reference. */
    reference: text('reference').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index('energy_debts_user_idx').on(t.userId, t.id),
    check('energy_debts_outstanding_range', sql`${t.outstanding} >= 0 AND ${t.outstanding} <= ${t.points}`),
  ],
);

/** Visits to a share link `/{code}`, counted per code for the sharer's statistics. */
export const shareVisits = pgTable('share_visits', {
  /** The owner of the code visited. */
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  visits: integer('visits').notNull().default(0),
  lastVisitedAt: timestamp('last_visited_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A gift coupon ("share energy"): the owner spent `points` on a size; a friend who opens
 * `/order?code=…` gets it as a free order. unused → activated | cancelled (refund) | expired (refund).
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    specificationId: integer('specification_id')
      .notNull()
      .references(() => productSizes.id),
    points: integer('points').notNull(),
    status: text('status', { enum: ['unused', 'activated', 'cancelled', 'expired'] })
      .notNull()
      .default('unused'),
    activatedBy: integer('activated_by').references(() => users.id),
    orderId: integer('order_id').references(() => orders.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('coupons_owner_idx').on(t.ownerId, t.createdAt),
    index('coupons_status_expires_idx').on(t.status, t.expiresAt),
    check('coupons_points_positive', sql`${t.points} > 0`),
  ],
);
