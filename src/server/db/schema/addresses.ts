import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';

/* ── Delivery addresses ────────────────────────────────────────────────────────────────────── */

/** A customer's delivery address; orders copy it, so editing one never changes a placed order. */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** ISO 3166-1 alpha-2, one of the delivery areas. */
    country: text('country').notNull(),
    /** The area's code within the country (`CA`, `10`, `GD`). */
    state: text('state').notNull(),
    city: text('city').notNull(),
    address: text('address').notNull(),
    address2: text('address2').notNull().default(''),
    zipCode: text('zip_code').notNull(),
    phone: text('phone').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    uniqueIndex('addresses_one_default_idx')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);
