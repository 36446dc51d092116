import {
  rejectionText,
  type TAuthorCard,
  type TLocale,
  type TModerationItem,
  type TReviewStatus,
  type TWorkCard,
  type TWorkDetail,
  type TWorkFile,
  type TWorkSource,
} from '@layerline/contract';
import type { TStoredFile } from '../../db/schema';
import { iso, NO_SOCIAL, type TSocialState, toCard } from '../../kernel/card.mapper';
import { displayName } from '../../kernel/display-name';
import { localised } from '../../lib/localised';
import type { TAuthorRow, TModerationRow, TWorkRow } from './works.repository';

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
