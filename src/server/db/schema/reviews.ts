import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';
import { products, productSizes } from './catalogue';
import { orders } from './orders';

export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    authorName: text('author_name').notNull(),
    /** The language the review was written in; reviews are shown as written. */
    language: text('language', { enum: ['EN', 'ZH', 'MS'] }).notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
    /* Reviews from verified buyers (docs/decisions/062-verified-reviews.md); imported and seeded ones have none of these. */
    /** The customer who wrote it; null for reviews a catalogue import or the demo seed brought. */
    customerId: integer('customer_id').references((): AnyPgColumn => users.id),
    /** The order the size was bought in, and the size: one review per customer and size. */
    orderId: integer('order_id').references((): AnyPgColumn => orders.id),
    specificationId: integer('specification_id').references(() => productSizes.id, { onDelete: 'cascade' }),
    title: text('title'),
    /** How the reviewer is named (`reviewerNamings` in src/features/reviews/reviews.ts); `author_name` is written from it (never an email, surname or city). */
    shownAs: text('shown_as'),
    /** `pending`, `approved` or `rejected` (`reviewStates`): only approved reviews reach the storefront; a new or edited one waits for an editor. */
    state: text('state').notNull().default('approved'),
    /** Written by a customer who bought the size: shown as "Verified buyer". */
    verified: boolean('verified').notNull().default(false),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    index('comments_goods_idx').on(t.goodsId, t.createdAt),
    check('comments_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
    uniqueIndex('comments_customer_size_idx').on(t.customerId, t.specificationId),
    index('comments_state_idx').on(t.state, t.createdAt),
  ],
);

/** A review request mail sent for a completed order: at most one per order. */
export const reviewRequests = pgTable('review_requests', {
  orderId: integer('order_id')
    .primaryKey()
    .references((): AnyPgColumn => orders.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});
