import type { TPostActivity } from '@layerline/contract';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows, type TDatabase } from '../../db/client';
import { comments, postLikes, posts, userFollows, users, works } from '../../db/schema';
import type { TPage } from '../../kernel/pagination';

/** What a post card is built from: the post, its author and its linked work when still published. */
export type TPostRow = {
  id: number;
  userId: number;
  content: string;
  images: string[];
  topic: string | null;
  likeCount: number;
  commentCount: number;
  createdAt: Date;
  updatedAt: Date;
  nickname: string;
  email: string;
  avatar: string;
  /** Null when no work is linked or the linked one is no longer published. */
  workId: number | null;
  workTitle: string | null;
  workCover: string[] | null;
};

/** Why a post is in my activity, and when. */
export type TActivity = { activity: TPostActivity; at: Date };

export type TPostPage = { rows: TPostRow[]; total: number; activities?: Map<number, TActivity> };

export type TRankOptions = {
  viewerId: number | null;
  /** The time ages are measured from. */
  now: Date;
  /** Candidates: posts newer than this ... */
  since: Date;
  /** ... and at most this many of them, the newest. */
  maxCandidates: number;
  /** Score factor of posts by people the viewer follows. */
  followBoost: number;
};

/** Linked works show only while published (DESIGN 3: others never reach other users). */
const linkedWork = and(
  eq(works.id, posts.workId),
  eq(works.status, 'published'),
  isNull(works.deletedAt),
);

const rowColumns = {
  id: posts.id,
  userId: posts.userId,
  content: posts.content,
  images: posts.images,
  topic: posts.topic,
  likeCount: posts.likeCount,
  commentCount: posts.commentCount,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
  nickname: users.nickname,
  email: users.email,
  avatar: users.avatar,
  workId: works.id,
  workTitle: works.title,
  workCover: works.cover,
};

/** Spelled as posts_newest_idx is (DESC NULLS LAST), so pages walk the index. */
const NEWEST = [sql`${posts.createdAt} desc nulls last`, sql`${posts.id} desc nulls last`];

const iso = (date: Date) => date.toISOString();

/**
 * All SQL of the community's pages (DESIGN 1): the square, the recommend
 * (ADR 0013), my activity, a maker's posts and the post search, as post
 * cards with their authors, linked works and the viewer's likes.
 */
export class CommunityPagesRepository {
  constructor(private readonly db: TDatabase) {}

  /** Posts with their authors and linked works, in the order of `ids`. */
  async rows(ids: readonly number[]): Promise<TPostRow[]> {
    if (ids.length === 0) return [];
    const found = await this.db
      .select(rowColumns)
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .leftJoin(works, linkedWork)
      .where(inArray(posts.id, [...ids]));
    const byId = new Map(found.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [row] : [];
    });
  }

  /** Which of `postIds` the user liked: one query for a page. */
  async likedAmong(userId: number, postIds: readonly number[]): Promise<Set<number>> {
    if (postIds.length === 0) return new Set();
    const rows = await this.db
      .select({ postId: postLikes.postId })
      .from(postLikes)
      .where(and(eq(postLikes.userId, userId), inArray(postLikes.postId, [...postIds])));
    return new Set(rows.map((row) => row.postId));
  }

  async countPosts(userId?: number): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(posts)
      .where(userId === undefined ? undefined : eq(posts.userId, userId));
    return row?.total ?? 0;
  }

  /** Square (and a maker's posts with `userId`): newest first. */
  async newest(page: TPage, userId?: number): Promise<TPostPage> {
    const [rows, total] = await Promise.all([
      this.db
        .select(rowColumns)
        .from(posts)
        .innerJoin(users, eq(users.id, posts.userId))
        .leftJoin(works, linkedWork)
        .where(userId === undefined ? undefined : eq(posts.userId, userId))
        .orderBy(...NEWEST)
        .limit(page.limit)
        .offset(page.offset),
      this.countPosts(userId),
    ]);
    return { rows, total };
  }

  /**
   * Recommend: the candidates (the newest `maxCandidates` posts since
   * `since`) by score, then every older post newest first, so every post is
   * reachable and none comes twice. Score (ours):
   *
   *   (likes + 2 * comments + 1) / (age in hours + 2) ^ 1.5
   *
   * times `followBoost` for posts by people the viewer follows. Ties go to
   * the newer post, then the higher id: the order is a function of the data
   * and `now` alone.
   */
  async recommended(options: TRankOptions, page: TPage): Promise<TPostPage> {
    const [window] = await queryRows<{
      candidates: number;
      lastAt: string | null;
      lastId: number | null;
    }>(
      this.db,
      sql`
        with candidates as (
          select ${posts.createdAt} as created_at, ${posts.id} as id from ${posts}
          where ${posts.createdAt} > ${iso(options.since)}::timestamptz
          order by ${posts.createdAt} desc nulls last, ${posts.id} desc nulls last
          limit ${options.maxCandidates}
        )
        select count(*)::int as candidates,
          (select created_at::text from candidates order by created_at asc, id asc limit 1) as "lastAt",
          (select id from candidates order by created_at asc, id asc limit 1) as "lastId"
        from candidates
      `,
    );
    const candidates = window?.candidates ?? 0;
    const ids: number[] = [];
    if (page.offset < candidates) {
      const ranked = await queryRows<{ id: number }>(
        this.db,
        sql`
          with candidates as (
            select ${posts.id} as id, ${posts.userId} as user_id, ${posts.createdAt} as created_at,
              ${posts.likeCount} as like_count, ${posts.commentCount} as comment_count
            from ${posts}
            where ${posts.createdAt} > ${iso(options.since)}::timestamptz
            order by ${posts.createdAt} desc nulls last, ${posts.id} desc nulls last
            limit ${options.maxCandidates}
          )
          select c.id from candidates c
          left join ${userFollows} f
            on f.follower_id = ${options.viewerId ?? 0}::int and f.followee_id = c.user_id
          order by
            (c.like_count + 2 * c.comment_count + 1)::float8
              / power(greatest(extract(epoch from (${iso(options.now)}::timestamptz - c.created_at))::float8 / 3600, 0) + 2, 1.5)
              * (case when f.followee_id is null then 1 else ${options.followBoost}::float8 end)
              desc,
            c.created_at desc, c.id desc
          limit ${page.limit} offset ${page.offset}
        `,
      );
      ids.push(...ranked.map((row) => row.id));
    }
    const left = page.limit - ids.length;
    if (left > 0) {
      const older =
        candidates > 0 && window?.lastAt && window.lastId !== null
          ? sql`(${posts.createdAt}, ${posts.id}) < (${window.lastAt}::timestamptz, ${window.lastId}::int)`
          : undefined;
      const rest = await this.db
        .select({ id: posts.id })
        .from(posts)
        .where(older)
        .orderBy(...NEWEST)
        .limit(left)
        .offset(Math.max(0, page.offset - candidates));
      ids.push(...rest.map((row) => row.id));
    }
    const [rows, total] = await Promise.all([this.rows(ids), this.countPosts()]);
    return { rows, total };
  }

  /**
   * My activity: the viewer's posts and the posts they commented on (live
   * comments), each once, by the latest of those activities; a tie counts
   * as posting.
   */
  async activity(viewerId: number, page: TPage): Promise<TPostPage> {
    const latest = sql`
      with acts as (
        select ${posts.id} as post_id, ${posts.createdAt} as at, 'posted' as activity
        from ${posts} where ${posts.userId} = ${viewerId}
        union all
        select ${comments.postId}, max(${comments.createdAt}), 'commented'
        from ${comments}
        where ${comments.userId} = ${viewerId} and ${comments.postId} is not null
          and ${comments.deletedAt} is null
        group by ${comments.postId}
      )
      select distinct on (post_id) post_id, at, activity from acts
      order by post_id, at desc, activity desc
    `;
    const [found, [totalRow]] = await Promise.all([
      queryRows<{ id: number; at: Date | string; activity: TPostActivity }>(
        this.db,
        sql`select post_id as id, at, activity from (${latest}) latest
          order by at desc, post_id desc limit ${page.limit} offset ${page.offset}`,
      ),
      queryRows<{ total: number }>(
        this.db,
        sql`select count(*)::int as total from (${latest}) latest`,
      ),
    ]);
    const activities = new Map(
      found.map((row) => [row.id, { activity: row.activity, at: new Date(row.at) }]),
    );
    return {
      rows: await this.rows(found.map((row) => row.id)),
      total: totalRow?.total ?? 0,
      activities,
    };
  }

  /** Posts matching a tsquery: relevance (topic weighs more), then newest. */
  async search(tsquery: string, page: TPage): Promise<TPostPage> {
    const matches = sql`${posts.document} @@ ${tsquery}::tsquery`;
    const [found, [totalRow]] = await Promise.all([
      this.db
        .select({ id: posts.id })
        .from(posts)
        .where(matches)
        .orderBy(
          sql`ts_rank(${posts.document}, ${tsquery}::tsquery) desc`,
          desc(posts.createdAt),
          desc(posts.id),
        )
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ total: count() }).from(posts).where(matches),
    ]);
    return { rows: await this.rows(found.map((row) => row.id)), total: totalRow?.total ?? 0 };
  }
}
