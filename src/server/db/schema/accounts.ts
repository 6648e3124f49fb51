import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/* ── Accounts and sessions ─────────────────────────────────────────────────────────────────── */

/**
 * A customer. Never deleted (orders, the energy ledger and coupons point at it); disabled instead, or
 * erased on request: the person's details are replaced and `erased_at` set (docs/decisions/035-privacy.md).
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** As the customer typed it; unique regardless of letter case. */
    email: text('email').notNull(),
    /** `scrypt$<log2 N>$<r>$<p>$<salt>$<key>`: the cost travels with the hash. */
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull().default(''),
    /** The language mails are written in. */
    language: text('language', { enum: ['EN', 'ZH', 'MS'] })
      .notNull()
      .default('EN'),
    /** Key in picture storage of the avatar, e.g. `avatars/42-1a2b3c4d.webp`. */
    headPictureKey: text('head_picture_key'),
    /** The personal code shown in the header. */
    userCode: text('user_code').notNull().unique(),
    /** The code in share links and used as a discount code. */
    shareCode: text('share_code').notNull().unique(),
    /** Percent of a referred order's goods total earned as energy points. */
    rebateRate: numeric('rebate_rate', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    /** Whose code the customer registered with; set once, for life. */
    referrerId: integer('referrer_id').references((): AnyPgColumn => users.id),
    /** Mails name the items bought only when the customer asked for it; by default they say how many. */
    showItemNamesInMail: boolean('show_item_names_in_mail').notNull().default(false),
    /** A mail a few days after an order completes asks for a review, only when the customer agreed to it. */
    reviewRequestMail: boolean('review_request_mail').notNull().default(false),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** When the account was erased on the customer's request; its row stays for the orders and ledger. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(sql`lower(${t.email})`),
    index('users_referrer_idx').on(t.referrerId),
    check('users_rebate_rate_range', sql`${t.rebateRate} BETWEEN 0 AND 100`),
  ],
);

/** A signed-in browser. Only the SHA-256 of its cookie token is kept, so a database leak signs nobody in. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the customer recognises the browser by ("Firefox on Windows"), from its User-Agent at sign-in. */
    device: text('device').notNull().default(''),
    /** Slides forward while the session is used. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * The browsers a customer signed in or registered from: only a hash of each browser's `shop_browser`
 * cookie, so a friend's order placed from the referrer's browser is seen (self-referral, decision 076).
 */
export const customerBrowsers = pgTable(
  'customer_browsers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    browserHash: text('browser_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.browserHash] })],
);

/** A mailed password-reset link: the token is stored hashed and works once, until it expires. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId), index('password_resets_expires_idx').on(t.expiresAt)],
);

/**
 * Fixed-window attempt counters shared by every API process (sign-in, register, reset, captcha, checkout).
 * Unlogged (migration 0024, docs/decisions/091): a crash empties them.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** What is counted and for whom, e.g. `sign-in:ip:203.0.113.7`. */
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('rate_limit_counters_window_idx').on(t.windowStart)],
);
