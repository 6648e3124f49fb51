import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import type { LanguageTexts, CurrencyAmounts } from './orders';

/* ── Shipping and tax ──────────────────────────────────────────────────────────────────────── */

/**
 * A shipping zone: the destinations it serves, as `US` (a country), `US-CA` (a state of it) or `*`
 * (every other destination). A destination belongs to its most precise zone. See
 * docs/decisions/061-shipping-zones-and-tax.md.
 */
export const shippingZones = pgTable('shipping_zones', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  regions: jsonb('regions').$type<string[]>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A way of shipping to a zone, priced per currency; an order at or above `freeFrom` (goods less discount) ships free. */
export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: serial('id').primaryKey(),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    name: jsonb('name').$type<LanguageTexts>().notNull(),
    deliveryTime: jsonb('delivery_time').$type<LanguageTexts>().notNull(),
    /** The fee per currency; a method without a price in a currency is not offered in it. */
    prices: jsonb('prices').$type<CurrencyAmounts>().notNull(),
    freeFrom: jsonb('free_from').$type<CurrencyAmounts>().notNull().default({}),
    discreetPackaging: boolean('discreet_packaging').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('shipping_methods_zone_idx').on(t.zoneId, t.position)],
);

/** The tax of a destination: a country (`state` empty) or one of its states, which wins over the country. */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: serial('id').primaryKey(),
    country: text('country').notNull(),
    state: text('state').notNull().default(''),
    /** Hundredths of a percent: 600 is 6%. */
    rateBasisPoints: integer('rate_basis_points').notNull(),
    /** Shown prices include it (CNY, MYR) or it is added at checkout (US sales tax). */
    included: boolean('included').notNull(),
    label: text('label').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tax_rates_destination_idx').on(t.country, t.state),
    check('tax_rates_rate_range', sql`${t.rateBasisPoints} BETWEEN 0 AND 10000`),
  ],
);
