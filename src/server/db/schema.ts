/**
 * The database schema, PostgreSQL dialect (PGlite embeds the same engine). Each section belongs to a
 * shop domain; later domains add their tables here and a migration with `npm run db:generate`.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/* ── Catalogue ─────────────────────────────────────────────────────────────────────────────── */

export const goods = pgTable(
  'goods',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    category: text('category', { enum: ['lingerie', 'toys', 'private-care', 'health'] }).notNull(),
    onSale: boolean('on_sale').notNull().default(true),
    /** When the product arrived; the newest are the home page's new arrivals. */
    arrivedAt: timestamp('arrived_at', { withTimezone: true }).notNull().defaultNow(),
    /** Units sold; "best sellers" order by it. */
    soldCount: integer('sold_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('goods_category_idx').on(t.category), index('goods_arrived_idx').on(t.arrivedAt)],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The text-search configuration of each language's product texts: English stems ("massagers" finds
 * "massager"); Malay uses PostgreSQL's Indonesian stemmer, whose affixes (peng-, -an, -kan) Malay
 * shares; Chinese has no word breaks for a parser, so it is searched inside the text (decision 082).
 */
export const searchConfigs = { EN: 'english', MS: 'indonesian' } as const;
const weightedWords = (config: string) =>
  `setweight(to_tsvector('${config}'::regconfig, name), 'A') || setweight(to_tsvector('${config}'::regconfig, summary), 'B') || setweight(to_tsvector('${config}'::regconfig, description), 'C')`;

export const goodsTexts = pgTable(
  'goods_texts',
  {
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id, { onDelete: 'cascade' }),
    language: text('language', { enum: ['EN', 'ZH', 'MS'] }).notNull(),
    name: text('name').notNull(),
    summary: text('summary').notNull(),
    description: text('description').notNull(),
    /** The words of name (weight A), summary (B) and description (C), stemmed for the language (decision 082). */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql.raw(
        `CASE language ${Object.entries(searchConfigs)
          .map(([language, config]) => `WHEN '${language}' THEN ${weightedWords(config)}`)
          .join(' ')} ELSE ${weightedWords('simple')} END`,
      ),
    ),
  },
  (t) => [primaryKey({ columns: [t.goodsId, t.language] }), index('goods_texts_search_idx').using('gin', t.searchVector)],
);

export const goodsPictures = pgTable(
  'goods_pictures',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    /** Key in picture storage, e.g. `goods/silk-robe-1.webp`. */
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
  },
  (t) => [uniqueIndex('goods_pictures_position_idx').on(t.goodsId, t.position)],
);

/** What a product picture shows, in one language, for screen readers; without a row the product's name stands in. */
export const goodsPictureTexts = pgTable(
  'goods_picture_texts',
  {
    pictureId: integer('picture_id')
      .notNull()
      .references(() => goodsPictures.id, { onDelete: 'cascade' }),
    language: text('language', { enum: ['EN', 'ZH', 'MS'] }).notNull(),
    alt: text('alt').notNull(),
  },
  (t) => [primaryKey({ columns: [t.pictureId, t.language] })],
);

export const specifications = pgTable(
  'specifications',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id, { onDelete: 'cascade' }),
    /** Stable key within the product, used by catalogue imports (e.g. `m-black`). */
    sku: text('sku').notNull().unique(),
    position: smallint('position').notNull().default(0),
    /** Units that can still be sold; reserved with conditional updates, so it never goes below zero. */
    stock: integer('stock').notNull().default(0),
    /** Price in energy points for gift coupons; null when the size cannot be gifted. */
    pointsPrice: integer('points_price'),
    /** Which of the product's pictures shows this option (0 = the first, by position); null when none in particular. */
    pictureIndex: smallint('picture_index'),
  },
  (t) => [
    index('specifications_goods_idx').on(t.goodsId),
    check('specifications_stock_non_negative', sql`${t.stock} >= 0`),
    check('specifications_points_positive', sql`${t.pointsPrice} IS NULL OR ${t.pointsPrice} > 0`),
  ],
);

export const specificationTexts = pgTable(
  'specification_texts',
  {
    specificationId: integer('specification_id')
      .notNull()
      .references(() => specifications.id, { onDelete: 'cascade' }),
    language: text('language', { enum: ['EN', 'ZH', 'MS'] }).notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.specificationId, t.language] })],
);

/** Prices are set per currency by the shop; a missing row means "not for sale in that currency". */
export const specificationPrices = pgTable(
  'specification_prices',
  {
    specificationId: integer('specification_id')
      .notNull()
      .references(() => specifications.id, { onDelete: 'cascade' }),
    currency: text('currency', { enum: ['USD', 'CNY', 'MYR'] }).notNull(),
    /** Minor units. */
    unitPrice: integer('unit_price').notNull(),
    /** List price in minor units, shown struck through when higher than the unit price. */
    originalPrice: integer('original_price'),
  },
  (t) => [
    primaryKey({ columns: [t.specificationId, t.currency] }),
    check('specification_prices_positive', sql`${t.unitPrice} > 0`),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id, { onDelete: 'cascade' }),
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
    specificationId: integer('specification_id').references(() => specifications.id, { onDelete: 'cascade' }),
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

/* ── Adverts ───────────────────────────────────────────────────────────────────────────────── */

export const adverts = pgTable(
  'adverts',
  {
    id: serial('id').primaryKey(),
    /** Stable key catalogue imports update by. */
    key: text('key').notNull().unique(),
    /** Named place on the pages: `home-banner`, `why-us`, `go-to-buy`, … */
    position: text('position').notNull(),
    sort: smallint('sort').notNull().default(0),
    /** Link inside the shop (e.g. `/productsList?category=toys`). */
    link: text('link').notNull().default('/'),
    pictureKey: text('picture_key'),
    pictureWidth: integer('picture_width'),
    pictureHeight: integer('picture_height'),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('adverts_position_idx').on(t.position, t.sort)],
);

export const advertTexts = pgTable(
  'advert_texts',
  {
    advertId: integer('advert_id')
      .notNull()
      .references(() => adverts.id, { onDelete: 'cascade' }),
    language: text('language', { enum: ['EN', 'ZH', 'MS'] }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
  },
  (t) => [primaryKey({ columns: [t.advertId, t.language] })],
);

/* ── Newsletter ────────────────────────────────────────────────────────────────────────────── */

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    language: text('language', { enum: ['EN', 'ZH', 'MS'] }).notNull(),
    createdAt: createdAt(),
    /** Null until the link in the confirmation mail is opened: only confirmed addresses get the newsletter. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** SHA-256 of the confirmation link's token, until it is used. */
    confirmTokenHash: text('confirm_token_hash').unique(),
    /** The token of the unsubscribe link in every newsletter mail; it can only unsubscribe this address. */
    unsubscribeToken: text('unsubscribe_token').notNull().unique(),
  },
  (t) => [uniqueIndex('newsletter_subscribers_email_idx').on(sql`lower(${t.email})`), index('newsletter_subscribers_unconfirmed_idx').on(t.createdAt).where(sql`${t.confirmedAt} IS NULL`)],
);

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

/* ── Accounts and sessions ─────────────────────────────────────────────────────────────────── */

/**
 * A customer. Never deleted (orders, the energy ledger and coupons point at it); disabled instead, or
 * erased on request: the person's details are replaced and `erased_at` set (docs/decisions/035-privacy.md).
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** As the customer typed it; unique regardless of letter case. */
    email: text('email').notNull(),
    /** `scrypt$<log2 N>$<r>$<p>$<salt>$<key>`: the cost travels with the hash. */
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull().default(''),
    /** The language mails are written in. */
    language: text('language', { enum: ['EN', 'ZH', 'MS'] }).notNull().default('EN'),
    /** Key in picture storage of the avatar, e.g. `avatars/42-1a2b3c4d.webp`. */
    headPictureKey: text('head_picture_key'),
    /** The personal code shown in the header. */
    userCode: text('user_code').notNull().unique(),
    /** The code in share links and used as a discount code. */
    shareCode: text('share_code').notNull().unique(),
    /** Percent of a referred order's goods total earned as energy points. */
    rebateRate: numeric('rebate_rate', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    /** Whose code the customer registered with; set once, for life. */
    referrerId: integer('referrer_id').references((): AnyPgColumn => users.id),
    /** Mails name the items bought only when the customer asked for it; by default they say how many. */
    showItemNamesInMail: boolean('show_item_names_in_mail').notNull().default(false),
    /** A mail a few days after an order completes asks for a review, only when the customer agreed to it. */
    reviewRequestMail: boolean('review_request_mail').notNull().default(false),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** When the account was erased on the customer's request; its row stays for the orders and ledger. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(sql`lower(${t.email})`),
    index('users_referrer_idx').on(t.referrerId),
    check('users_rebate_rate_range', sql`${t.rebateRate} BETWEEN 0 AND 100`),
  ],
);

/** A signed-in browser. Only the SHA-256 of its cookie token is kept, so a database leak signs nobody in. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the customer recognises the browser by ("Firefox on Windows"), from its User-Agent at sign-in. */
    device: text('device').notNull().default(''),
    /** Slides forward while the session is used. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * The browsers a customer signed in or registered from: only a hash of each browser's `shop_browser`
 * cookie, so a friend's order placed from the referrer's browser is seen (self-referral, decision 076).
 */
export const customerBrowsers = pgTable(
  'customer_browsers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    browserHash: text('browser_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.browserHash] })],
);

/** A mailed password-reset link: the token is stored hashed and works once, until it expires. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId), index('password_resets_expires_idx').on(t.expiresAt)],
);

/**
 * Fixed-window attempt counters shared by every API process (sign-in, register, reset, captcha, checkout).
 * Unlogged (migration 0024, docs/decisions/091): a crash empties them.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** What is counted and for whom, e.g. `sign-in:ip:203.0.113.7`. */
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('rate_limit_counters_window_idx').on(t.windowStart)],
);

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
      .references(() => specifications.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cart_lines_user_specification_idx').on(t.userId, t.specificationId),
    check('cart_lines_quantity_range', sql`${t.quantity} BETWEEN 1 AND 100`),
  ],
);

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

/* ── Anti-counterfeit verification ─────────────────────────────────────────────────────────── */

/** A code printed (as a QR to /verify/{code}) on one physical item. Many checks hint at a copy. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    specificationId: integer('specification_id')
      .notNull()
      .references(() => specifications.id),
    checkCount: integer('check_count').notNull().default(0),
    firstCheckedAt: timestamp('first_checked_at', { withTimezone: true }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_specification_idx').on(t.specificationId)],
);

/* ── Orders and payments ───────────────────────────────────────────────────────────────────── */

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
    kind: text('kind', { enum: ['goods', 'recharge', 'gift'] }).notNull().default('goods'),
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
      .references(() => specifications.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
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

/**
 * One attempt to pay an order through a provider. A capture id is unique and an order has at most
 * one captured payment, so the database itself refuses a second charge being recorded.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    provider: text('provider').notNull(),
    method: text('method').notNull(),
    /**
     * created → captured | declined | superseded (a newer attempt replaced it) | mismatch (captured, but not
     * the order's amount or currency: held for the operator) → refund-unknown (a refund was asked and its
     * answer lost) | refund-pending (the provider is still paying back) → refunded; captured → reversed (a chargeback)
     */
    status: text('status', { enum: ['created', 'captured', 'declined', 'superseded', 'mismatch', 'refund-unknown', 'refund-pending', 'refunded', 'reversed'] })
      .notNull()
      .default('created'),
    amount: integer('amount').notNull(),
    currency: text('currency', { enum: ['USD', 'CNY', 'MYR'] }).notNull(),
    /** Idempotency key of the create call at the provider. */
    requestId: text('request_id').notNull().unique(),
    providerOrderId: text('provider_order_id'),
    /** Idempotency key of the capture in flight: kept while its outcome is unknown, so a retry cannot charge twice. */
    captureRequestId: text('capture_request_id'),
    /** A capture in flight since then; another caller waits until it ends or the lease runs out. */
    captureStartedAt: timestamp('capture_started_at', { withTimezone: true }),
    captureId: text('capture_id').unique(),
    /** A capture the provider holds pending (a review, an eCheck): asked about now and then, or settled by a webhook. */
    heldCaptureId: text('held_capture_id'),
    /** The provider wants the buyer back on its page before it can capture: where to send them. */
    payerActionUrl: text('payer_action_url'),
    /** The provider's refund, while it is pending and after. */
    refundId: text('refund_id'),
    /** Idempotency key of the refund attempt under way: kept while its outcome is unknown, new for each new attempt. */
    refundRequestId: text('refund_request_id'),
    /** What the provider says it captured (minor units, null when unreadable; its currency code), compared with the order's. */
    capturedAmount: integer('captured_amount'),
    capturedCurrency: text('captured_currency'),
    /** The amount of the refund attempt under way (its request id kept): a partial refund asked again asks the same. */
    refundRequestAmount: integer('refund_request_amount'),
    /** A surplus capture (its order was paid otherwise or closed) whose refund failed: retried by a job since then. */
    refundDueSince: timestamp('refund_due_since', { withTimezone: true }),
    /** A card's 3-D Secure outcome as PayPal reported it before the capture (POSSIBLE, NO, UNKNOWN); null when none ran. */
    liabilityShift: text('liability_shift', { enum: ['POSSIBLE', 'NO', 'UNKNOWN'] }),
    /** The PayPal account that paid (PayPal's `payer.payer_id`), when PayPal says: one of the self-referral signals. */
    payerId: text('payer_id'),
    createdAt: createdAt(),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    index('payments_payer_idx').on(t.payerId),
    uniqueIndex('payments_provider_order_idx').on(t.provider, t.providerOrderId),
    uniqueIndex('payments_one_capture_per_order_idx')
      .on(t.orderId)
      .where(sql`${t.status} = 'captured'`),
  ],
);

/**
 * Money that went back from a capture, one row per provider event (a refund, the shop's or one made in
 * the provider's dashboard; a reversal, a chargeback; a dispute's outcome), so the same event never
 * counts twice. The sums per payment are its running totals (refunded, reversed), judged against the
 * provider's own total when it states one; a negative reversal is money a won dispute brought back.
 * See docs/decisions/076-money-after-the-sale.md.
 */
export const paymentMovements = pgTable(
  'payment_movements',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    kind: text('kind', { enum: ['refund', 'reversal'] }).notNull(),
    /** The provider's id of the event (refund or reversal id, `dispute:{id}`, `total:{refund id}` for a catch-up to the provider's total). */
    providerId: text('provider_id').notNull(),
    /** Minor units in the payment's currency: what this event added to the running total (0 when the provider's total already held it). */
    amount: integer('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_movements_event_idx').on(t.paymentId, t.providerId)],
);

/**
 * A buyer's dispute of a capture (a PayPal claim or a card chargeback). While open, an order not yet
 * shipped is held (shipping refused) until the operator decides (`released_at`) or the dispute ends.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: serial('id').primaryKey(),
    providerDisputeId: text('provider_dispute_id').notNull().unique(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    reason: text('reason').notNull(),
    /** Disputed, in minor units of the payment's currency. */
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['open', 'won', 'lost'] }).notNull().default('open'),
    /** The operator decided to ship despite the open dispute. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [index('disputes_order_idx').on(t.orderId)],
);

/**
 * The built-in test gateway's own records, as a real provider keeps them on its side: what the
 * tester decided on the approval page and the capture it made.
 */
export const testGatewayPayments = pgTable('test_gateway_payments', {
  id: text('id').primaryKey(),
  amount: integer('amount').notNull(),
  currency: text('currency', { enum: ['USD', 'CNY', 'MYR'] }).notNull(),
  method: text('method').notNull(),
  returnUrl: text('return_url').notNull(),
  status: text('status', { enum: ['created', 'approved', 'declined', 'captured', 'refunded'] }).notNull().default('created'),
  captureId: text('capture_id').unique(),
  createdAt: createdAt(),
});

/* ── Energy points ─────────────────────────────────────────────────────────────────────────── */

/**
 * The energy ledger: every change of a customer's points is a row, and the balance is the newest
 * row's `balance_after`. A business event writes at most once (`reference` is unique, e.g.
 * `recharge:order:123`), so a retried request never credits or spends twice. Rows are appended under
 * a lock on the customer's `users` row (src/features/energy/energy.ledger.ts), so concurrent spends
 * can never take the balance below zero. See docs/decisions/018-energy-ledger.md.
 */
export const energyRecords = pgTable(
  'energy_records',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** One of the ledger's kinds (src/features/energy/energy.ts `energyTypes`). */
    type: text('type').notNull(),
    /** Positive credits, negative debits; never zero. */
    points: integer('points').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /** Points taken from the balance by this row (0 for credits). */
    deductionPoints: integer('deduction_points').notNull().default(0),
    /** What the customer sees and quotes, e.g. `E251122K7M9QX2P`. */
    transactionNo: text('transaction_no').notNull().unique(),
    /** The business event, unique: `recharge:order:{id}`, `order-payment:order:{id}`, `rebate:order:{id}`, `gift-coupon:{id}`, … */
    reference: text('reference').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index('energy_records_user_idx').on(t.userId, t.id),
    check('energy_records_points_non_zero', sql`${t.points} <> 0`),
    check('energy_records_balance_non_negative', sql`${t.balanceAfter} >= 0`),
    check('energy_records_deduction', sql`${t.deductionPoints} >= 0`),
  ],
);

/**
 * Points a customer owes: taken back (their purchase or the referred order was refunded or reversed)
 * after they were spent. The balance never goes below zero; each later credit pays the oldest debt
 * first (`debt-repayment` rows). See docs/decisions/076-money-after-the-sale.md.
 */
export const energyDebts = pgTable(
  'energy_debts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Owed when it arose. */
    points: integer('points').notNull(),
    /** Still owed. */
    outstanding: integer('outstanding').notNull(),
    /** The take-back it arose from, unique like a ledger reference. */
    reference: text('reference').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index('energy_debts_user_idx').on(t.userId, t.id),
    check('energy_debts_outstanding_range', sql`${t.outstanding} >= 0 AND ${t.outstanding} <= ${t.points}`),
  ],
);

/** Visits to a share link `/{code}`, counted per code for the sharer's statistics. */
export const shareVisits = pgTable('share_visits', {
  /** The owner of the code visited. */
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  visits: integer('visits').notNull().default(0),
  lastVisitedAt: timestamp('last_visited_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A gift coupon ("share energy"): the owner spent `points` on a size; a friend who opens
 * `/order?code=…` gets it as a free order. unused → activated | cancelled (refund) | expired (refund).
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    specificationId: integer('specification_id')
      .notNull()
      .references(() => specifications.id),
    points: integer('points').notNull(),
    status: text('status', { enum: ['unused', 'activated', 'cancelled', 'expired'] }).notNull().default('unused'),
    activatedBy: integer('activated_by').references(() => users.id),
    orderId: integer('order_id').references(() => orders.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('coupons_owner_idx').on(t.ownerId, t.createdAt),
    index('coupons_status_expires_idx').on(t.status, t.expiresAt),
    check('coupons_points_positive', sql`${t.points} > 0`),
  ],
);

/* ── Back office ───────────────────────────────────────────────────────────────────────────── */

/** The people who run the shop from /admin. Separate from customers: no shared sign-in, no shared session. */
export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'editor', 'fulfilment'] }).notNull(),
    /** Null until the operator sets a password through the one-time link. */
    passwordHash: text('password_hash'),
    /** The TOTP secret (base32) while the second factor is on; stored only after a correct code, never sent out again. */
    totpSecret: text('totp_secret'),
    /** The last 30-second step whose code was accepted: each code works once. */
    totpLastStep: integer('totp_last_step'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The language the operator reads the back office in; the API answers them in it (decision 083). */
    language: text('language', { enum: ['EN', 'ZH', 'MS'] }).notNull().default('EN'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('operators_email_idx').on(sql`lower(${t.email})`)],
);

/** A back-office session: only the hash of the cookie's token is stored. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId)],
);

/** One-time links to set an operator's password: hashed, expiring, used once. */
export const operatorInvites = pgTable('operator_invites', {
  tokenHash: text('token_hash').primaryKey(),
  operatorId: integer('operator_id')
    .notNull()
    .references(() => operators.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Every operator action: who, when, what, on what, and the state before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    /** Null for the operator CLI, which runs as whoever has the shop's machine. */
    operatorId: integer('operator_id').references(() => operators.id),
    /** `cli` or the operator's email at the time. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_action_idx').on(t.action, t.at)],
);

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
  (t) => [uniqueIndex('tax_rates_destination_idx').on(t.country, t.state), check('tax_rates_rate_range', sql`${t.rateBasisPoints} BETWEEN 0 AND 10000`)],
);

/* ── Mail outbox ───────────────────────────────────────────────────────────────────────────── */

/**
 * Every mail the shop owes, written in the transaction of the event that owes it and sent by the
 * outbox sender (src/server/mail/outbox.ts, docs/decisions/073). A row is `waiting` until the mail
 * server takes it (`sent`, its body then erased) or refuses it for good (`failed`). An insert
 * notifies `mail_waiting` on commit, which wakes the sender.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    /** What the mail is (`order-confirmation`, `password-reset`, …), for the back office. */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    /** The bodies, null once sent. */
    text: text('text'),
    html: text('html'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** The local part of the mail's Message-ID: the same on every attempt, so a resent copy is recognisable. */
    messageKey: uuid('message_key').notNull().defaultRandom().unique(),
    status: text('status', { enum: ['waiting', 'sent', 'failed'] }).notNull().default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    /** When the next attempt may run; null: at once. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** A sender holds the row until then; past it, another may take it (after a crash). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    /** When it was sent or given up. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_waiting_idx').on(t.id).where(sql`status = 'waiting'`), index('mail_outbox_status_idx').on(t.status, t.settledAt)],
);

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
    goodsId: integer('goods_id').references(() => goods.id, { onDelete: 'cascade' }),
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
    status: text('status', { enum: ['pending', 'passed', 'failed'] }).notNull().default('pending'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('age_checks_provider_check_idx').on(t.provider, t.checkId), index('age_checks_user_idx').on(t.userId)],
);

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
