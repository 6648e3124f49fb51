import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/* ── Back office ───────────────────────────────────────────────────────────────────────────── */

/** The people who run the shop from /admin. Separate from customers: no shared sign-in, no shared session. */
export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'editor', 'fulfilment'] }).notNull(),
    /** Null until the operator sets a password through the one-time link. */
    passwordHash: text('password_hash'),
    /** The TOTP secret (base32) while the second factor is on; stored only after a correct code, never sent out again. */
    totpSecret: text('totp_secret'),
    /** The last 30-second step whose code was accepted: each code works once. */
    totpLastStep: integer('totp_last_step'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The language the operator reads the back office in; the API answers them in it (decision 083). */
    language: text('language', { enum: ['EN', 'ZH', 'MS'] })
      .notNull()
      .default('EN'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('operators_email_idx').on(sql`lower(${t.email})`)],
);

/** A back-office session: only the hash of the cookie's token is stored. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId)],
);

/** One-time links to set an operator's password: hashed, expiring, used once. */
export const operatorInvites = pgTable('operator_invites', {
  tokenHash: text('token_hash').primaryKey(),
  operatorId: integer('operator_id')
    .notNull()
    .references(() => operators.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Every operator action: who, when, what, on what, and the state before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    /** Null for the operator CLI, which runs as whoever has the shop's machine. */
    operatorId: integer('operator_id').references(() => operators.id),
    /** `cli` or the operator's email at the time. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_action_idx').on(t.action, t.at)],
);
