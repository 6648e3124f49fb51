import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { orders } from './orders';

/* ── Payments ──────────────────────────────────────────────────────────────────────────────── */

/**
 * One attempt to pay an order through a provider. A capture id is unique and an order has at most
 * one captured payment, so the database itself refuses a second charge being recorded.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    provider: text('provider').notNull(),
    method: text('method').notNull(),
    /**
     * created → captured | declined | superseded (a newer attempt replaced it) | mismatch (captured, but not
     * the order's amount or currency: held for the operator) → refund-unknown (a refund was asked and its
     * answer lost) | refund-pending (the provider is still paying back) → refunded; captured → reversed (a chargeback)
     */
    status: text('status', {
      enum: [
        'created',
        'captured',
        'declined',
        'superseded',
        'mismatch',
        'refund-unknown',
        'refund-pending',
        'refunded',
        'reversed',
      ],
    })
      .notNull()
      .default('created'),
    amount: integer('amount').notNull(),
    currency: text('currency', { enum: ['USD', 'CNY', 'MYR'] }).notNull(),
    /** Idempotency key of the create call at the provider. */
    requestId: text('request_id').notNull().unique(),
    providerOrderId: text('provider_order_id'),
    /** Idempotency key of the capture in flight: kept while its outcome is unknown, so a retry cannot charge twice. */
    captureRequestId: text('capture_request_id'),
    /** A capture in flight since then; another caller waits until it ends or the lease runs out. */
    captureStartedAt: timestamp('capture_started_at', { withTimezone: true }),
    captureId: text('capture_id').unique(),
    /** A capture the provider holds pending (a review, an eCheck): asked about now and then, or settled by a webhook. */
    heldCaptureId: text('held_capture_id'),
    /** The provider wants the buyer back on its page before it can capture: where to send them. */
    payerActionUrl: text('payer_action_url'),
    /** The provider's refund, while it is pending and after. */
    refundId: text('refund_id'),
    /** Idempotency key of the refund attempt under way: kept while its outcome is unknown, new for each new attempt. */
    refundRequestId: text('refund_request_id'),
    /** What the provider says it captured (minor units, null when unreadable; its currency code), compared with the order's. */
    capturedAmount: integer('captured_amount'),
    capturedCurrency: text('captured_currency'),
    /** The amount of the refund attempt under way (its request id kept): a partial refund asked again asks the same. */
    refundRequestAmount: integer('refund_request_amount'),
    /** A surplus capture (its order was paid otherwise or closed) whose refund failed: retried by a job since then. */
    refundDueSince: timestamp('refund_due_since', { withTimezone: true }),
    /** A card's 3-D Secure outcome as PayPal reported it before the capture (POSSIBLE, NO, UNKNOWN); null when none ran. */
    liabilityShift: text('liability_shift', { enum: ['POSSIBLE', 'NO', 'UNKNOWN'] }),
    /** The PayPal account that paid (PayPal's `payer.payer_id`), when PayPal says: one of the self-referral signals. */
    payerId: text('payer_id'),
    createdAt: createdAt(),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    index('payments_payer_idx').on(t.payerId),
    uniqueIndex('payments_provider_order_idx').on(t.provider, t.providerOrderId),
    uniqueIndex('payments_one_capture_per_order_idx')
      .on(t.orderId)
      .where(sql`${t.status} = 'captured'`),
  ],
);

/**
 * Money that went back from a capture, one row per provider event (a refund, the shop's or one made in
 * the provider's dashboard; a reversal, a chargeback; a dispute's outcome), so the same event never
 * counts twice. The sums per payment are its running totals (refunded, reversed), judged against the
 * provider's own total when it states one; a negative reversal is money a won dispute brought back.
 * See docs/decisions/076-money-after-the-sale.md.
 */
export const paymentMovements = pgTable(
  'payment_movements',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    kind: text('kind', { enum: ['refund', 'reversal'] }).notNull(),
    /** The provider's id of the event (refund or reversal id, `dispute:{id}`, `total:{refund id}` for a catch-up to the provider's total). */
    providerId: text('provider_id').notNull(),
    /** Minor units in the payment's currency: what this event added to the running total (0 when the provider's total already held it). */
    amount: integer('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_movements_event_idx').on(t.paymentId, t.providerId)],
);

/**
 * A buyer's dispute of a capture (a PayPal claim or a card chargeback). While open, an order not yet
 * shipped is held (shipping refused) until the operator decides (`released_at`) or the dispute ends.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: serial('id').primaryKey(),
    providerDisputeId: text('provider_dispute_id').notNull().unique(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    reason: text('reason').notNull(),
    /** Disputed, in minor units of the payment's currency. */
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['open', 'won', 'lost'] })
      .notNull()
      .default('open'),
    /** The operator decided to ship despite the open dispute. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [index('disputes_order_idx').on(t.orderId)],
);

/**
 * The built-in test gateway's own records, as a real provider keeps them on its side: what the
 * tester decided on the approval page and the capture it made.
 */
export const testGatewayPayments = pgTable('test_gateway_payments', {
  id: text('id').primaryKey(),
  amount: integer('amount').notNull(),
  currency: text('currency', { enum: ['USD', 'CNY', 'MYR'] }).notNull(),
  method: text('method').notNull(),
  returnUrl: text('return_url').notNull(),
  status: text('status', { enum: ['created', 'approved', 'declined', 'captured', 'refunded'] })
    .notNull()
    .default('created'),
  captureId: text('capture_id').unique(),
  createdAt: createdAt(),
});
