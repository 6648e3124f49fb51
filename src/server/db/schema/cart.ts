import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { productSizes } from './catalogue';

/* ── Cart ──────────────────────────────────────────────────────────────────────────────────── */

/** A signed-in customer's cart: one line per specification. */
export const cartLines = pgTable(
  'cart_lines',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    specificationId: integer('specification_id')
      .notNull()
      .references(() => productSizes.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cart_lines_user_specification_idx').on(t.userId, t.specificationId),
    check('cart_lines_quantity_range', sql`${t.quantity} BETWEEN 1 AND 100`),
  ],
);
