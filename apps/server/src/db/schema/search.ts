import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
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
import { categories } from './catalog';
import { users } from './users';
import { works } from './works';

/** PostgreSQL full-text vector; written as a tsvector literal built by modules/search. */
const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});

/**
 * One search document per work (SPEC 4 Search): title, tags, categories,
 * materials, summary and author as words, Chinese split into words and
 * character pairs by modules/search, weighted A (title) to D (summary,
 * author). `stale` marks documents whose sources changed outside the
 * publish form (set by triggers, rebuilt by the indexer); `version` is the
 * tokenizer version that built the document.
 */
export const workSearch = pgTable(
  'work_search',
  {
    workId: integer('work_id')
      .primaryKey()
      .references(() => works.id, { onDelete: 'cascade' }),
    document: tsvector('document').notNull().default(sql`''::tsvector`),
    /** The title folded like search text (lower case, no accents), for trigram ranking. */
    titleNorm: text('title_norm').notNull().default(''),
    version: smallint('version').notNull().default(0),
    stale: boolean('stale').notNull().default(true),
    /**
     * Copies of the work's state kept by a trigger: published and not
     * deleted, and when it was published. A search then reads this table
     * alone instead of joining every published work.
     */
    visible: boolean('visible').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Only visible works are ever searched: hidden ones stay out of the index.
    index('work_search_document_idx').using('gin', t.document).where(sql`${t.visible}`),
    index('work_search_stale_idx').on(t.workId).where(sql`${t.stale}`),
  ],
);

/**
 * Latin words seen in search documents: typo tolerance looks up similar words
 * here by trigram similarity, a table far smaller than the documents.
 */
export const searchTerms = pgTable('search_terms', { term: text('term').primaryKey() }, (t) => [
  // GiST answers 'nearest words first' (<->) from the index, with no threshold to tune.
  index('search_terms_trgm_idx').using('gist', t.term.op('gist_trgm_ops')),
]);

/**
 * Every lexeme of every search document, kept by triggers on work_search
 * (migration 0016): a typed word matched as a prefix is looked up here and
 * searched as the whole words it starts (ADR 0024), which the GIN index
 * answers far faster than a prefix. Never pruned: a lexeme no document holds
 * any more matches nothing.
 */
export const searchLexemes = pgTable(
  'search_lexemes',
  { lexeme: text('lexeme').primaryKey() },
  // Byte order, the order of a tsquery prefix: a prefix is one range of it.
  (t) => [index('search_lexemes_prefix_idx').on(t.lexeme.op('text_pattern_ops'))],
);

/**
 * SPEC 4: a logged-in user's search history lives on the server, newest
 * first, without duplicates (same text in any letter case), capped at
 * LIMITS.searchHistoryMax.
 */
export const searchRecords = pgTable(
  'search_records',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    words: text('words').notNull(),
    wordsKey: text('words_key').notNull(),
    searchedAt: timestamp('searched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('search_records_user_words_uq').on(t.userId, t.wordsKey),
    index('search_records_user_recent_idx').on(t.userId, t.searchedAt.desc(), t.id.desc()),
    check('search_records_words_len_ck', sql`char_length(${t.words}) between 1 and 100`),
  ],
);

/** Searches per text and UTC day, by everybody (visitors too): the source of hot searches. */
export const searchCounts = pgTable(
  'search_counts',
  {
    day: date('day').notNull(),
    wordsKey: text('words_key').notNull(),
    words: text('words').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.wordsKey] }),
    check('search_counts_count_nonneg', sql`${t.count} >= 0`),
  ],
);

/**
 * One row whose `version` grows (by trigger) whenever the set of published
 * works or their categories changes, so list totals can be cached exactly
 * until then instead of counted on every request.
 */
export const worksFeedVersion = pgTable(
  'works_feed_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: integer('version').notNull().default(0),
  },
  (t) => [check('works_feed_version_one_row_ck', sql`${t.id} = 1`)],
);

/**
 * The category filter's lists (SPEC 4), newest first: one row per visible
 * work and each of its categories and their ancestors, kept by triggers. A
 * category page (a child one, as the client picks, or a parent's whole
 * subtree) is then a range of one index, however small the category.
 */
export const workCategoryFeed = pgTable(
  'work_category_feed',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    workId: integer('work_id')
      .notNull()
      .references(() => works.id, { onDelete: 'cascade' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.workId] }),
    index('work_category_feed_newest_idx').on(t.categoryId, t.publishedAt.desc(), t.workId.desc()),
    index('work_category_feed_work_idx').on(t.workId),
  ],
);
