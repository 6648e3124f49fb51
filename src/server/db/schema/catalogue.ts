import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
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
import { createdAt } from './columns';

/* ── Catalogue ─────────────────────────────────────────────────────────────────────────────── */

export const products = pgTable(
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

export const productTexts = pgTable(
  'goods_texts',
  {
    goodsId: integer('goods_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
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
  (t) => [
    primaryKey({ columns: [t.goodsId, t.language] }),
    index('goods_texts_search_idx').using('gin', t.searchVector),
  ],
);

export const productPictures = pgTable(
  'goods_pictures',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    /** Key in picture storage, e.g. `goods/silk-robe-1.webp`. */
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
  },
  (t) => [uniqueIndex('goods_pictures_position_idx').on(t.goodsId, t.position)],
);

/** What a product picture shows, in one language, for screen readers; without a row the product's name stands in. */
export const productPictureTexts = pgTable(
  'goods_picture_texts',
  {
    pictureId: integer('picture_id')
      .notNull()
      .references(() => productPictures.id, { onDelete: 'cascade' }),
    language: text('language', { enum: ['EN', 'ZH', 'MS'] }).notNull(),
    alt: text('alt').notNull(),
  },
  (t) => [primaryKey({ columns: [t.pictureId, t.language] })],
);

export const productSizes = pgTable(
  'specifications',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
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

export const productSizeTexts = pgTable(
  'specification_texts',
  {
    specificationId: integer('specification_id')
      .notNull()
      .references(() => productSizes.id, { onDelete: 'cascade' }),
    language: text('language', { enum: ['EN', 'ZH', 'MS'] }).notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.specificationId, t.language] })],
);

/** Prices are set per currency by the shop; a missing row means "not for sale in that currency". */
export const productSizePrices = pgTable(
  'specification_prices',
  {
    specificationId: integer('specification_id')
      .notNull()
      .references(() => productSizes.id, { onDelete: 'cascade' }),
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
