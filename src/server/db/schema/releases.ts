import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The page releases published to the shared bucket, newest last: every machine of the shop serves
 * the newest one (docs/decisions/084). The pages themselves are in the bucket, not here.
 */
export const publishedReleases = pgTable('published_releases', {
  id: text('id').primaryKey(),
  /** Pages in the release. */
  pages: integer('pages').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
});
