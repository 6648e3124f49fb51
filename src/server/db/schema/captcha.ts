import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/* ── Captcha ───────────────────────────────────────────────────────────────────────────────── */

/** A math captcha: the answer stays here; the browser holds only the id, in an HttpOnly cookie. */
export const captchas = pgTable(
  'captchas',
  {
    id: text('id').primaryKey(),
    answer: integer('answer').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('captchas_expires_idx').on(t.expiresAt)],
);
