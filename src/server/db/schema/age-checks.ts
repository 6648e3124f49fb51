import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';

/* ── Age assurance ─────────────────────────────────────────────────────────────────────────── */

/**
 * A destination (`*`, `GB`, `US-TX`) whose orders need an age check by `provider` before checkout,
 * beyond the 18+ confirmation every visitor gives; the most precise region decides, as for sales rules.
 */
export const ageCheckRegions = pgTable('age_check_regions', {
  id: serial('id').primaryKey(),
  region: text('region').notNull().unique(),
  provider: text('provider').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A customer's age check at a provider: its outcome only, never a document or a date of birth. */
export const ageChecks = pgTable(
  'age_checks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's id of the check. */
    checkId: text('check_id').notNull(),
    status: text('status', { enum: ['pending', 'passed', 'failed'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('age_checks_provider_check_idx').on(t.provider, t.checkId),
    index('age_checks_user_idx').on(t.userId),
  ],
);
