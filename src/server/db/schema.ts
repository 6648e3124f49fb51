/**
 * The database schema, PostgreSQL dialect (PGlite embeds the same engine). Each section belongs to a
 * shop domain; later domains add their tables here and a migration with `npm run db:generate`.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

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
  },
  (t) => [primaryKey({ columns: [t.goodsId, t.language] })],
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
  },
  (t) => [
    index('comments_goods_idx').on(t.goodsId, t.createdAt),
    check('comments_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

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
  },
  (t) => [uniqueIndex('newsletter_subscribers_email_idx').on(sql`lower(${t.email})`)],
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
