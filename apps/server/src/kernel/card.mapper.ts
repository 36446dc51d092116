import type { TFollowState, TReviewStatus, TWorkCard } from '@layerline/contract';
import type { TCardRow } from './card-columns.sql';
import { displayName } from './display-name';

/**
 * What depends on the viewer and on follows: SPEC 3 is_like, is_favor,
 * is_follow (with SPEC 4's follow state) and the author's follow_count and
 * fans_count. The social module reads them (`SocialReader`, batched for
 * lists); like and favor counts come from the works row. This type and the
 * mappers of cards and details are the one place that fills them.
 */
export type TSocialState = {
  isLike: boolean;
  isFavor: boolean;
  isFollow: boolean;
  followState: TFollowState;
  followCount: number;
  fansCount: number;
};
export const NO_SOCIAL: TSocialState = {
  isLike: false,
  isFavor: false,
  isFollow: false,
  followState: 'none',
  followCount: 0,
  fansCount: 0,
};

/**
 * The viewer-dependent parts of works and cards, implemented by the social
 * module and handed to every module that shows them.
 */
export interface SocialReader {
  /** A work's detail: the viewer's like, favourite and follow, the author's counts. */
  forWork(viewerId: number | null, workId: number, authorId: number): Promise<TSocialState>;
  /** An author card: the viewer's follow and the author's counts. */
  forAuthor(viewerId: number | null, authorId: number): Promise<TSocialState>;
  /** Which of a page of cards the viewer liked, in one query (no N+1). */
  likedAmong(viewerId: number | null, workIds: number[]): Promise<Set<number>>;
}

/** Without a social module: nothing liked, nobody followed, counts 0. */
export const NO_SOCIAL_READER: SocialReader = {
  forWork: async () => NO_SOCIAL,
  forAuthor: async () => NO_SOCIAL,
  likedAmong: async () => new Set(),
};

export const iso = (date: Date) => date.toISOString();

export function toCard(row: TCardRow, social: TSocialState = NO_SOCIAL): TWorkCard {
  return {
    id: row.id,
    title: row.title,
    cover: row.cover,
    cover_thumb: row.coverThumb,
    nickname: displayName(row.nickname, row.email),
    avatar: row.avatar,
    created_by: row.userId,
    like: row.likeCount,
    favor: row.favorCount,
    is_like: social.isLike,
    download_count: row.downloadCount,
    comment_count: row.commentCount,
    CreatedAt: iso(row.createdAt),
    status: row.status as TReviewStatus,
    rejection_reason: row.rejectionReason,
  };
}

/** Cards of one page, `is_like` from the viewer's likes among them (SocialReader.likedAmong). */
export function toCards(rows: TCardRow[], liked: Set<number>): TWorkCard[] {
  return rows.map((row) => toCard(row, { ...NO_SOCIAL, isLike: liked.has(row.id) }));
}
