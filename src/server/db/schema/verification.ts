import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { productSizes } from './catalogue';

/* ── Anti-counterfeit verification ─────────────────────────────────────────────────────────── */

/** A code printed (as a QR to /verify/{code}) on one physical item. Many checks hint at a copy. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    specificationId: integer('specification_id')
      .notNull()
      .references(() => productSizes.id),
    checkCount: integer('check_count').notNull().default(0),
    firstCheckedAt: timestamp('first_checked_at', { withTimezone: true }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_specification_idx').on(t.specificationId)],
);
