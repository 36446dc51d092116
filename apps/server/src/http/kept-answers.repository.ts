import { eq } from 'drizzle-orm';
import type { TDatabase } from '../db/client';
import { comments, works, worksFeedVersion } from '../db/schema';
import { type TChangeLookups, type TTag, tag } from './freshness-tags';

/**
 * What a write's tags need beyond its input and answer (ADR 0044), read
 * after it committed: the maker of a reviewed work, and what a deleted
 * comment was on (deletion is soft, so the row is still there).
 */
export function changeLookups(db: TDatabase): TChangeLookups {
  return {
    async ownerOfWork(workId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ userId: works.userId })
        .from(works)
        .where(eq(works.id, workId))
        .limit(1);
      return row?.userId;
    },
    async subjectOfComment(commentId: number): Promise<TTag | undefined> {
      const [row] = await db
        .select({ workId: comments.workId, postId: comments.postId })
        .from(comments)
        .where(eq(comments.id, commentId))
        .limit(1);
      if (row?.workId != null) return tag.work(row.workId);
      if (row?.postId != null) return tag.post(row.postId);
      return undefined;
    },
  };
}

/**
 * works_feed_version now (ADR 0007): triggers move it on every publish, hide,
 * delete and re-categorisation, by any process.
 */
export async function readFeedVersion(db: TDatabase): Promise<number> {
  const [row] = await db
    .select({ version: worksFeedVersion.version })
    .from(worksFeedVersion)
    .where(eq(worksFeedVersion.id, 1));
  return Number(row?.version ?? 0);
}
