import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/* ── Mail outbox ───────────────────────────────────────────────────────────────────────────── */

/**
 * Every mail the shop owes, written in the transaction of the event that owes it and sent by the
 * outbox sender (src/server/mail/outbox.ts, docs/decisions/073). A row is `waiting` until the mail
 * server takes it (`sent`, its body then erased) or refuses it for good (`failed`). An insert
 * notifies `mail_waiting` on commit, which wakes the sender.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    /** What the mail is (`order-confirmation`, `password-reset`, …), for the back office. */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    /** The bodies, null once sent. */
    text: text('text'),
    html: text('html'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** The local part of the mail's Message-ID: the same on every attempt, so a resent copy is recognisable. */
    messageKey: uuid('message_key').notNull().defaultRandom().unique(),
    status: text('status', { enum: ['waiting', 'sent', 'failed'] })
      .notNull()
      .default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    /** When the next attempt may run; null: at once. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** A sender holds the row until then; past it, another may take it (after a crash). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    /** When it was sent or given up. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_waiting_idx')
      .on(t.id)
      .where(sql`status = 'waiting'`),
    index('mail_outbox_status_idx').on(t.status, t.settledAt),
  ],
);
