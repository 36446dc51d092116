import { eq, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { intArrayParam, preparedOnce } from '../../db/prepared';
import { userFollows, users, workFavors, workLikes } from '../../db/schema';

/** What one reader has done to a work, its author and some cards (SocialStateReader.viewerOfWork). */
export type TViewerRow = {
  liked: number[];
  favored: boolean;
  follows: boolean;
  followedBy: boolean;
};

/**
 * A signed-in reader's marks on a work's detail in one statement (ADR 0065):
 * their likes among the work and its author's latest works, their favourite
 * of the work, and the follows between them and the author. Prepared once:
 * every signed-in detail asks.
 */
export class SocialViewerRepository {
  constructor(private readonly db: TDatabase) {}

  async ofWork(
    viewerId: number,
    workId: number,
    authorId: number,
    workIds: readonly number[],
  ): Promise<TViewerRow> {
    const name = 'social_viewer_of_work';
    const query = preparedOnce(this.db, name, () => {
      const viewer = sql.placeholder('viewerId');
      const author = sql.placeholder('authorId');
      return this.db
        .select({
          liked: sql<number[]>`array(select ${workLikes.workId} from ${workLikes}
            where ${workLikes.userId} = ${viewer}::int
              and ${workLikes.workId} = any(${sql.placeholder('workIds')}::int[]))`,
          favored: sql<boolean>`exists (select 1 from ${workFavors}
            where ${workFavors.userId} = ${viewer}::int and ${workFavors.workId} = ${sql.placeholder('workId')}::int)`,
          follows: sql<boolean>`exists (select 1 from ${userFollows}
            where ${userFollows.followerId} = ${viewer}::int and ${userFollows.followeeId} = ${author}::int)`,
          followedBy: sql<boolean>`exists (select 1 from ${userFollows}
            where ${userFollows.followerId} = ${author}::int and ${userFollows.followeeId} = ${viewer}::int)`,
        })
        .from(users)
        .where(eq(users.id, sql.placeholder('viewerId')))
        .prepare(name);
    });
    const [row] = await query.execute({
      viewerId,
      authorId,
      workId,
      workIds: intArrayParam(workIds),
    });
    return {
      liked: Array.isArray(row?.liked) ? row.liked.map(Number) : [],
      favored: row?.favored === true,
      follows: row?.follows === true,
      followedBy: row?.followedBy === true,
    };
  }
}
