import { and, asc, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { queryRows, type TDatabase } from '../../db/client';
import { intArrayParam, preparedOnce } from '../../db/prepared';
import { userFollows, users, workFavors, workLikes, works } from '../../db/schema';
import { cardColumns, type TCardRow } from '../../kernel/card-columns.sql';
import type { TPage } from '../../kernel/pagination';

/** Likes and favourites have the same shape; one table each (DESIGN 6 unique pairs). */
export type TMark = 'like' | 'favor';
const MARKS = {
  like: { table: workLikes, counter: works.likeCount },
  favor: { table: workFavors, counter: works.favorCount },
} as const;

export type TWorkRef = { id: number; userId: number; status: string };
export type TFollowCounts = { followCount: number; fansCount: number };

const liveWork = (id: number) => and(eq(works.id, id), isNull(works.deletedAt));
const isPublished = and(eq(works.status, 'published'), isNull(works.deletedAt));

/** All SQL of likes, favourites and follows with their counters (DESIGN 1). */
export class SocialRepository {
  constructor(private readonly db: TDatabase) {}

  /** A work that is not deleted. */
  async findWork(id: number): Promise<TWorkRef | undefined> {
    const [row] = await this.db
      .select({ id: works.id, userId: works.userId, status: works.status })
      .from(works)
      .where(liveWork(id));
    return row;
  }

  /**
   * Adds the user's like or favourite and grows the work's counter with a new
   * row only, in one statement (call inside a transaction): the counter's row
   * is locked for one round trip less. Answers the count afterwards, or null
   * when the row already existed.
   */
  async addMark(mark: TMark, userId: number, workId: number): Promise<number | null> {
    const { table } = MARKS[mark];
    return this.changeMark(
      mark,
      sql`insert into ${table} (${sql.identifier(table.userId.name)}, ${sql.identifier(table.workId.name)})
        values (${userId}, ${workId}) on conflict do nothing returning ${sql.identifier(table.workId.name)} as work_id`,
      1,
    );
  }

  /** Removes it; the counter drops only with a removed row (the CHECK keeps it >= 0). */
  async removeMark(mark: TMark, userId: number, workId: number): Promise<number | null> {
    const { table } = MARKS[mark];
    return this.changeMark(
      mark,
      sql`delete from ${table} where ${table.userId} = ${userId} and ${table.workId} = ${workId}
        returning ${sql.identifier(table.workId.name)} as work_id`,
      -1,
    );
  }

  /** The row's change and its counter's in one statement; null when no row changed. */
  private async changeMark(mark: TMark, change: SQL, delta: 1 | -1): Promise<number | null> {
    const counter = sql.identifier(MARKS[mark].counter.name);
    const [row] = await queryRows<{ count: number }>(
      this.db,
      sql`with changed as (${change})
        update ${works} set ${counter} = ${counter} + ${delta}
        where ${works.id} = (select work_id from changed)
        returning ${counter} as count`,
    );
    return row ? Number(row.count) : null;
  }

  async markCount(mark: TMark, workId: number): Promise<number> {
    const { counter } = MARKS[mark];
    const [row] = await this.db.select({ count: counter }).from(works).where(eq(works.id, workId));
    return row?.count ?? 0;
  }

  async userExists(id: number): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, id));
    return row !== undefined;
  }

  /** Whether the user lists their favourites for others (ADR 0010); undefined: no such user. */
  async favorPublic(id: number): Promise<boolean | undefined> {
    const [row] = await this.db
      .select({ favorPublic: users.favorPublic })
      .from(users)
      .where(eq(users.id, id));
    return row?.favorPublic;
  }

  /** Whether the user lists their liked works for others (ADR 0019); undefined: no such user. */
  async likesPublic(id: number): Promise<boolean | undefined> {
    const [row] = await this.db
      .select({ likesPublic: users.likesPublic })
      .from(users)
      .where(eq(users.id, id));
    return row?.likesPublic;
  }

  /** Adds the follow; both users' counters change with a new row only. True when new. */
  async addFollow(followerId: number, followeeId: number): Promise<boolean> {
    const inserted = await this.db
      .insert(userFollows)
      .values({ followerId, followeeId })
      .onConflictDoNothing()
      .returning({ followerId: userFollows.followerId });
    if (inserted.length === 0) return false;
    await this.bumpFollow(followerId, followeeId, 1);
    return true;
  }

  async removeFollow(followerId: number, followeeId: number): Promise<boolean> {
    const removed = await this.db
      .delete(userFollows)
      .where(and(eq(userFollows.followerId, followerId), eq(userFollows.followeeId, followeeId)))
      .returning({ followerId: userFollows.followerId });
    if (removed.length === 0) return false;
    await this.bumpFollow(followerId, followeeId, -1);
    return true;
  }

  /**
   * Lower id first: two users following each other at the same moment lock
   * their rows in the same order, so PostgreSQL never sees a deadlock.
   */
  private async bumpFollow(followerId: number, followeeId: number, delta: 1 | -1): Promise<void> {
    const updates = [
      { id: followerId, set: { followCount: sql`${users.followCount} + ${delta}` } },
      { id: followeeId, set: { fansCount: sql`${users.fansCount} + ${delta}` } },
    ].sort((a, b) => a.id - b.id);
    for (const update of updates) {
      await this.db.update(users).set(update.set).where(eq(users.id, update.id));
    }
  }

  async followCounts(userId: number): Promise<TFollowCounts | undefined> {
    const [row] = await this.db
      .select({ followCount: users.followCount, fansCount: users.fansCount })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  }

  /** Who of the pair follows whom: `isFollow` a -> b, `isFollowedBy` b -> a. */
  async followPair(a: number, b: number): Promise<{ isFollow: boolean; isFollowedBy: boolean }> {
    const rows = await this.db
      .select({ followerId: userFollows.followerId })
      .from(userFollows)
      .where(
        or(
          and(eq(userFollows.followerId, a), eq(userFollows.followeeId, b)),
          and(eq(userFollows.followerId, b), eq(userFollows.followeeId, a)),
        ),
      );
    return {
      isFollow: rows.some((row) => row.followerId === a),
      isFollowedBy: rows.some((row) => row.followerId === b),
    };
  }

  /** Which of `workIds` the user marked: one query for a whole page of cards. */
  async markedAmong(mark: TMark, userId: number, workIds: number[]): Promise<Set<number>> {
    if (workIds.length === 0) return new Set();
    const { table } = MARKS[mark];
    // Every signed-in page of cards asks: prepared once, the ids as one array.
    const name = `social_${mark}_among`;
    const query = preparedOnce(this.db, name, () =>
      this.db
        .select({ workId: table.workId })
        .from(table)
        .where(
          and(
            eq(table.userId, sql.placeholder('userId')),
            sql`${table.workId} = any(${sql.placeholder('workIds')}::int[])`,
          ),
        )
        .prepare(name),
    );
    const rows = await query.execute({ userId, workIds: intArrayParam(workIds) });
    return new Set(rows.map((row) => row.workId));
  }

  /** Published works the user liked or collected, the latest mark first. */
  async markedWorks(
    mark: TMark,
    userId: number,
    page: TPage,
  ): Promise<{ rows: TCardRow[]; total: number }> {
    const { table } = MARKS[mark];
    const where = and(eq(table.userId, userId), isPublished);
    const [rows, [totalRow]] = await Promise.all([
      this.db
        .select(cardColumns)
        .from(table)
        .innerJoin(works, eq(works.id, table.workId))
        .innerJoin(users, eq(users.id, works.userId))
        .where(where)
        .orderBy(desc(table.createdAt), asc(works.id))
        .limit(page.limit)
        .offset(page.offset),
      this.db
        .select({ total: count() })
        .from(table)
        .innerJoin(works, eq(works.id, table.workId))
        .where(where),
    ]);
    return { rows, total: totalRow?.total ?? 0 };
  }
}
