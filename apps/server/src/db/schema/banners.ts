import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core';

/** SPEC 3 carousel (type 1) and banner (type 2) items, texts in both languages. */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    type: smallint('type').notNull(),
    img: text('img').notNull().default(''),
    titleEn: text('title_en').notNull().default(''),
    titleZh: text('title_zh').notNull().default(''),
    subtitleEn: text('subtitle_en').notNull().default(''),
    subtitleZh: text('subtitle_zh').notNull().default(''),
    buttonTextEn: text('button_text_en').notNull().default(''),
    buttonTextZh: text('button_text_zh').notNull().default(''),
    link: text('link').notNull().default(''),
    titleLink: text('title_link').notNull().default(''),
    iconType: text('icon_type').notNull().default('default'),
    sort: integer('sort').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    index('banners_type_sort_idx').on(t.type, t.sort),
    check('banners_type_ck', sql`${t.type} in (1, 2)`),
    check(
      'banners_icon_type_ck',
      sql`${t.iconType} in ('premium', 'exclusive', 'coupon', 'default')`,
    ),
  ],
);
