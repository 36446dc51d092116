import type { TFollowState } from '@layerline/contract';
import type { TDatabase } from '../../db/client';
import type { SocialReader, TSocialState } from '../../kernel/card.mapper';
import { SocialRepository } from './social.repository';
import { SocialViewerRepository } from './social-viewer.repository';

/** A signed-in reader's flags on a work's detail (ADR 0065). */
export type TViewerOfWork = {
  /** Among the work and the cards asked about. */
  liked: Set<number>;
  isFavor: boolean;
  isFollow: boolean;
  followState: TFollowState;
};

/** SPEC 4: follow, following or mutual, seen from the viewer (follow_back: only they follow). */
export function followStateOf(isFollow: boolean, isFollowedBy: boolean): TFollowState {
  if (isFollow) return isFollowedBy ? 'mutual' : 'following';
  return isFollowedBy ? 'follow_back' : 'none';
}

/** What works show of likes, favourites and follows (the works module's SocialReader). */
export class SocialStateReader implements SocialReader {
  constructor(private readonly db: TDatabase) {}

  async forWork(viewerId: number | null, workId: number, authorId: number): Promise<TSocialState> {
    const repository = new SocialRepository(this.db);
    const [author, liked, favored] = await Promise.all([
      this.forAuthor(viewerId, authorId),
      viewerId === null ? new Set<number>() : repository.markedAmong('like', viewerId, [workId]),
      viewerId === null ? new Set<number>() : repository.markedAmong('favor', viewerId, [workId]),
    ]);
    return { ...author, isLike: liked.has(workId), isFavor: favored.has(workId) };
  }

  async forAuthor(viewerId: number | null, authorId: number): Promise<TSocialState> {
    const repository = new SocialRepository(this.db);
    const [counts, pair] = await Promise.all([
      repository.followCounts(authorId),
      viewerId === null || viewerId === authorId
        ? { isFollow: false, isFollowedBy: false }
        : repository.followPair(viewerId, authorId),
    ]);
    return {
      isLike: false,
      isFavor: false,
      isFollow: pair.isFollow,
      followState: followStateOf(pair.isFollow, pair.isFollowedBy),
      followCount: counts?.followCount ?? 0,
      fansCount: counts?.fansCount ?? 0,
    };
  }

  /**
   * A reader's flags on a work's detail in one statement (ADR 0065): what
   * forWork and likedAmong give the detail's viewer, without the counts.
   */
  async viewerOfWork(
    viewerId: number,
    work: { id: number; authorId: number; cardIds: readonly number[] },
  ): Promise<TViewerOfWork> {
    const row = await new SocialViewerRepository(this.db).ofWork(viewerId, work.id, work.authorId, [
      work.id,
      ...work.cardIds,
    ]);
    // As forAuthor: a reader is never shown following themselves.
    const self = viewerId === work.authorId;
    const isFollow = !self && row.follows;
    return {
      liked: new Set(row.liked),
      isFavor: row.favored,
      isFollow,
      followState: followStateOf(isFollow, !self && row.followedBy),
    };
  }

  likedAmong(viewerId: number | null, workIds: number[]): Promise<Set<number>> {
    if (viewerId === null) return Promise.resolve(new Set());
    return new SocialRepository(this.db).markedAmong('like', viewerId, workIds);
  }
}
