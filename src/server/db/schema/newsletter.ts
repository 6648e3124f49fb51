import { sql } from 'drizzle-orm';
import { index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/* ── Newsletter ────────────────────────────────────────────────────────────────────────────── */

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    language: text('language', { enum: ['EN', 'ZH', 'MS'] }).notNull(),
    createdAt: createdAt(),
    /** Null until the link in the confirmation mail is opened: only confirmed addresses get the newsletter. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** SHA-256 of the confirmation link's token, until it is used. */
    confirmTokenHash: text('confirm_token_hash').unique(),
    /** The token of the unsubscribe link in every newsletter mail; it can only unsubscribe this address. */
    unsubscribeToken: text('unsubscribe_token').notNull().unique(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_idx').on(sql`lower(${t.email})`),
    index('newsletter_subscribers_unconfirmed_idx')
      .on(t.createdAt)
      .where(sql`${t.confirmedAt} IS NULL`),
  ],
);
