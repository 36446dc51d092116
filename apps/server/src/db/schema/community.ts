import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users';
import { works } from './works';

const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});

/**
 * SPEC 3 Post (community, "Model talk"): text content (SPEC 5: required, at
 * most 1000 characters) and up to LIMITS.postMaxImages image URLs, each an
 * upload of kind `post` by the author (ADR 0013). Optionally one of the
 * author's works (`work_id`) and a topic tag. `like_count` and
 * `comment_count` move in the transaction of the like or comment, as on
 * works. `document` is the post's search document (modules/search tokens,
 * built by the community service whenever the text changes).
 */
export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    workId: integer('work_id').references(() => works.id, { onDelete: 'set null' }),
    topic: text('topic'),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    document: tsvector('document').notNull().default(sql`''::tsvector`),
    documentVersion: smallint('document_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Square: newest first.
    index('posts_newest_idx').on(t.createdAt.desc(), t.id.desc()),
    // A maker's posts (profile tab, my activity), newest first.
    index('posts_user_newest_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('posts_document_idx').using('gin', t.document),
    index('posts_work_idx').on(t.workId),
    check('posts_content_len_ck', sql`char_length(${t.content}) between 1 and 1000`),
    check(
      'posts_images_ck',
      sql`jsonb_typeof(${t.images}) = 'array' and jsonb_array_length(${t.images}) <= 9`,
    ),
    check(
      'posts_topic_len_ck',
      sql`${t.topic} is null or char_length(${t.topic}) between 1 and 20`,
    ),
    check('posts_like_count_nonneg', sql`${t.likeCount} >= 0`),
    check('posts_comment_count_nonneg', sql`${t.commentCount} >= 0`),
  ],
);

/** SPEC 4 likes on posts: one row per (user, post), as work_likes. */
export const postLikes = pgTable(
  'post_likes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index('post_likes_post_idx').on(t.postId)],
);
