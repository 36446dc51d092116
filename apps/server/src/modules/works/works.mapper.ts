import {
  rejectionText,
  type TAuthorCard,
  type TFollowState,
  type TLocale,
  type TModerationItem,
  type TReviewStatus,
  type TWorkCard,
  type TWorkDetail,
  type TWorkFile,
  type TWorkSource,
} from '@layerline/contract';
import type { TStoredFile } from '../../db/schema';
import { localised } from '../../lib/localised';
import type { TAuthorRow, TCardRow, TModerationRow, TWorkRow } from './works.repository';

/**
 * What depends on the viewer and on follows: SPEC 3 is_like, is_favor,
 * is_follow (with SPEC 4's follow state) and the author's follow_count and
 * fans_count. The social module reads them (`SocialReader`, batched for
 * lists); like and favor counts come from the works row. This type and the
 * mapper below are the one place that fills them.
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

/** The viewer-dependent parts of works, implemented by the social module. */
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

const EMAIL_LIKE = /^[^\s@]+@[^\s@]+$/;

/**
 * SPEC 3: a nickname that looks like an e-mail address is shortened to the
 * part before '@'; without a nickname the account's e-mail is shortened the
 * same way, so no address ever leaves the server.
 */
export function displayName(nickname: string, email: string): string {
  const name = nickname.trim() || email;
  return EMAIL_LIKE.test(name) ? (name.split('@')[0] ?? '') : name;
}

const iso = (date: Date) => date.toISOString();

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

/**
 * A rejection's preset reason is kept as its code: the cards' reader gets it
 * in their language (only an owner's own lists hold rejected works).
 */
export function withRejectionText<T extends { rejection_reason: string }>(
  cards: T[],
  locale: TLocale,
): T[] {
  return cards.map((card) =>
    card.rejection_reason
      ? { ...card, rejection_reason: rejectionText(card.rejection_reason, locale) }
      : card,
  );
}

/** Cards of one page, `is_like` from the viewer's likes among them (SocialReader.likedAmong). */
export function toCards(rows: TCardRow[], liked: Set<number>): TWorkCard[] {
  return rows.map((row) => toCard(row, { ...NO_SOCIAL, isLike: liked.has(row.id) }));
}

export function toModerationItem(row: TModerationRow): TModerationItem {
  return {
    ...toCard(row),
    summary: row.summary,
    UpdatedAt: iso(row.updatedAt),
    appeal_reason: row.appealReason,
  };
}

const toFile = (file: TStoredFile): TWorkFile => ({
  url: file.url,
  filename: file.filename,
  size: file.size,
  ...(file.mime ? { mime: file.mime } : {}),
});

export type TDetailParts = {
  work: TWorkRow;
  author: TAuthorRow;
  categories: { id: number; nameEn: string; nameZh: string }[];
  machines: { id: number; name: string }[];
  /** Stored material names as shown in the request's language. */
  materials: string[];
  workCount: number;
  userWorks: TWorkCard[];
  social: TSocialState;
  locale: TLocale;
};

/** SPEC 3 Work (detail), every field under its SPEC name (DESIGN 3: `id`, ISO times). */
export function toDetail(parts: TDetailParts): TWorkDetail {
  const { work, author, social, locale } = parts;
  const machineNames = new Map(parts.machines.map((machine) => [machine.id, machine.name]));
  return {
    id: work.id,
    title: work.title,
    summary: work.summary,
    cover: work.cover,
    images: work.images,
    price: Number(work.price),
    originalPrice: Number(work.originalPrice),
    credits: work.credits,
    nickname: displayName(author.nickname, author.email),
    avatar: author.avatar,
    created_by: work.userId,
    CreatedAt: iso(work.createdAt),
    UpdatedAt: iso(work.updatedAt),
    like: work.likeCount,
    favor: work.favorCount,
    is_like: social.isLike,
    is_favor: social.isFavor,
    is_follow: social.isFollow,
    follow_state: social.followState,
    comment_count: work.commentCount,
    download_count: work.downloadCount,
    tags: work.tags,
    project_file: work.projectFile.map(toFile),
    attachment: work.attachment,
    instruction: work.instructionPdf ? toFile(work.instructionPdf) : null,
    rejection_reason: rejectionText(work.rejectionReason, locale),
    creatorTag: author.tag,
    software: work.software,
    apply_dev: work.applyDev,
    machine_ids: work.machineIds,
    machines: work.machineIds.flatMap((id) => {
      const name = machineNames.get(id);
      return name === undefined ? [] : [{ ID: id, name }];
    }),
    use_material: parts.materials,
    level: work.level,
    categories: parts.categories.map((category) => ({
      id: category.id,
      name: localised(locale, category.nameEn, category.nameZh),
    })),
    source: work.source as TWorkSource,
    source_url: work.sourceUrl,
    is_ai_assisted: work.isAiAssisted,
    status: work.status as TReviewStatus,
    follow_count: social.followCount,
    work_count: parts.workCount,
    fans_count: social.fansCount,
    userWorks: parts.userWorks,
  };
}

/** GET /works/author/{id}: the author hover card (SPEC 2). */
export function toAuthorCard(
  author: TAuthorRow,
  workCount: number,
  userWorks: TWorkCard[],
  social: TSocialState = NO_SOCIAL,
): TAuthorCard {
  return {
    id: author.id,
    nickname: displayName(author.nickname, author.email),
    avatar: author.avatar,
    creatorTag: author.tag,
    bio: author.bio,
    follow_count: social.followCount,
    work_count: workCount,
    fans_count: social.fansCount,
    is_follow: social.isFollow,
    follow_state: social.followState,
    userWorks,
  };
}
