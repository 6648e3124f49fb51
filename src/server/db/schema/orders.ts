import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';
import { products, productSizes } from './catalogue';

/* ── Orders ────────────────────────────────────────────────────────────────────────────────── */

/** Where an order ships to: the checkout form's fields, copied so later edits never change an order. */
export type DeliveryAddressSnapshot = {
  firstName: string;
  lastName: string;
  country: string;
  state: string;
  city: string;
  address: string;
  address2: string;
  zipCode: string;
  phone: string;
};

/** The shipping method an order chose, copied so later edits of the zone never change an order. */
export type ShippingMethodSnapshot = { shippingMethodId: number; name: LanguageTexts; deliveryTime: LanguageTexts };

/** A text in each storefront language. */
export type LanguageTexts = { EN: string; ZH: string; MS: string };

/** An amount in some of the shop's currencies (minor units). */
export type CurrencyAmounts = Partial<Record<'USD' | 'CNY' | 'MYR', number>>;

/**
 * An order: goods bought at checkout, or (later issues) an energy recharge or a free gift. Amounts are
 * minor units of `currency`. Status: 0 payment failed, 1 paid, 2 payment pending, 3 closed, 4 shipped,
 * 5 signed for, 6 completed (see src/features/orders/orders.ts).
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** What the customer and the operator read and type, e.g. `250122K7M9QX`. */
    orderNo: text('order_no').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['goods', 'recharge', 'gift'] })
      .notNull()
      .default('goods'),
    status: smallint('status').notNull(),
    currency: text('currency', { enum: ['USD', 'CNY', 'MYR'] }).notNull(),
    goodsTotal: integer('goods_total').notNull(),
    discountAmount: integer('discount_amount').notNull().default(0),
    payAmount: integer('pay_amount').notNull(),
    /** The share code given at checkout, as stored (upper case). */
    discountCode: text('discount_code'),
    /** Who earns the rebate when the order completes: the discount code's owner, else the buyer's referrer; never the buyer. */
    rebateBeneficiaryId: integer('rebate_beneficiary_id').references(() => users.id),
    /** Energy points a recharge order credits once paid; null for other orders. */
    energyPoints: integer('energy_points'),
    /** `paypal`, `card`, `test`, or `ep` (paid from the customer's energy points). */
    payMethod: text('pay_method').notNull(),
    /** The provider's capture id once paid. */
    paymentNumber: text('payment_number'),
    /** The provider's order id of the latest payment attempt. */
    providerOrderId: text('provider_order_id'),
    /** The contact email at checkout; mails go there. */
    email: text('email').notNull(),
    /** The language mails about the order are written in (the customer's, at checkout). */
    language: text('language', { enum: ['EN', 'ZH', 'MS'] }).notNull(),
    deliveryAddress: jsonb('delivery_address').$type<DeliveryAddressSnapshot>(),
    /** What delivery costs (0 for orders placed before shipping zones, and for recharges). */
    shippingAmount: integer('shipping_amount').notNull().default(0),
    /** The tax of the order, rounded once per order (docs/decisions/061-shipping-zones-and-tax.md). */
    taxAmount: integer('tax_amount').notNull().default(0),
    /** Whether `taxAmount` is part of the prices shown (CNY, MYR) or added to them (US sales tax). */
    taxIncluded: boolean('tax_included').notNull().default(false),
    /** The tax's name as the order shows it (`SST`, `VAT`, `Sales tax`); null without tax. */
    taxLabel: text('tax_label'),
    /** The shipping method chosen, as it was named then; null for orders that ship nothing or shipped free before zones. */
    shippingMethod: jsonb('shipping_method').$type<ShippingMethodSnapshot>(),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    createdAt: createdAt(),
    /** An unpaid order closes after this and its stock returns. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** When the order's referral rebate was settled (credited, or nothing to credit) after the return window; null while pending. */
    rebateReleasedAt: timestamp('rebate_released_at', { withTimezone: true }),
    /** A referral that looks like the referrer's own (same address, phone, PayPal account or browser): `held` until an operator approves or refuses it. */
    referralReview: text('referral_review', { enum: ['held', 'approved', 'refused'] }),
    /** Why it was held: the signals found (`same delivery address`, `same phone`, `same PayPal account`, `same browser`). */
    referralSignals: text('referral_signals'),
    /** An order placed with a referral: the hash of the browser's `shop_browser` cookie it was placed from (self-referral). */
    browserHash: text('browser_hash'),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_status_expires_idx').on(t.status, t.expiresAt),
    index('orders_status_signed_idx').on(t.status, t.signedAt),
    check('orders_status_range', sql`${t.status} BETWEEN 0 AND 6`),
    check(
      'orders_amounts',
      sql`${t.discountAmount} >= 0 AND ${t.shippingAmount} >= 0 AND ${t.taxAmount} >= 0 AND ${t.payAmount} >= 0 AND ${t.payAmount} = ${t.goodsTotal} - ${t.discountAmount} + ${t.shippingAmount} + CASE WHEN ${t.taxIncluded} THEN 0 ELSE ${t.taxAmount} END`,
    ),
  ],
);

/** A line of an order as it was bought: names, picture and price are copied from the catalogue. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    specificationId: integer('specification_id')
      .notNull()
      .references(() => productSizes.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => products.id),
    goodsName: text('goods_name').notNull(),
    specificationName: text('specification_name').notNull(),
    /** URL of the main picture; picture keys carry their content hash, so it keeps showing what was bought. */
    picture: text('picture'),
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    check('order_lines_quantity_range', sql`${t.quantity} BETWEEN 1 AND 100`),
    check('order_lines_unit_price_non_negative', sql`${t.unitPrice} >= 0`),
  ],
);

/** A logistics event the operator records (shown under "view logistics"). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    text: text('text').notNull(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.occurredAt)],
);
