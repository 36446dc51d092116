import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** SPEC 3 Category: a two-level tree (parents with Children). */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, {
      onDelete: 'cascade',
    }),
    slug: text('slug').notNull(),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('categories_slug_uq').on(t.slug),
    index('categories_parent_idx').on(t.parentId),
  ],
);

/** SPEC 3: machine groups hold machines with ID and name. */
export const machineGroups = pgTable(
  'machine_groups',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('machine_groups_slug_uq').on(t.slug)],
);

export const machines = pgTable(
  'machines',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => machineGroups.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** 'fdm' | 'resin' | 'laser' | 'uv' | 'cutter': which crafts the machine serves. */
    kind: text('kind').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('machines_slug_uq').on(t.slug),
    index('machines_group_idx').on(t.groupId),
    check('machines_kind_ck', sql`${t.kind} in ('fdm', 'resin', 'laser', 'uv', 'cutter')`),
  ],
);

export const materials = pgTable(
  'materials',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('materials_slug_uq').on(t.slug)],
);
