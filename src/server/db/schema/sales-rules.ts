import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { products } from './catalogue';

/* ── Sales rules ───────────────────────────────────────────────────────────────────────────── */

/**
 * What may be sold where, and paid how: a rule about a category (`category`) or one product
 * (`goods_id`) at a destination (`region`: `*`, `MY`, `US-CA`), either whether it may be sold there at
 * all (`pay_method` empty) or whether one payment method may carry it there. The most precise rule
 * decides: a product's over its category's, then a state's over its country's over `*`; no rule allows.
 * See docs/decisions/077-sales-rules.md.
 */
export const salesRules = pgTable(
  'sales_rules',
  {
    id: serial('id').primaryKey(),
    /** Empty: whether the goods may be sold there; else the payment method the rule is about. */
    payMethod: text('pay_method').notNull().default(''),
    /** The category the rule is about; empty when it names one product. */
    category: text('category').notNull().default(''),
    goodsId: integer('goods_id').references(() => products.id, { onDelete: 'cascade' }),
    region: text('region').notNull(),
    allowed: boolean('allowed').notNull(),
    /** Why, for the operators (the law or the processor's term it follows). */
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sales_rules_subject_idx').on(t.payMethod, t.category, sql`coalesce(${t.goodsId}, 0)`, t.region),
    check('sales_rules_one_subject', sql`(${t.category} = '') = (${t.goodsId} IS NOT NULL)`),
  ],
);
