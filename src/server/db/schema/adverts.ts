import { boolean, index, integer, pgTable, primaryKey, serial, smallint, text } from 'drizzle-orm/pg-core';

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
