import {
  Code,
  LIMITS,
  type TCollection,
  type TLocale,
  type TPageQuery,
  type TWorkCard,
} from '@layerline/contract';
import { AppError } from '../../http/app-error';
import { NO_SOCIAL_READER, type SocialReader, toCards } from '../../kernel/card.mapper';
import { pageOf } from '../../kernel/pagination';
import type { TAuth } from '../../kernel/request-auth';
import { localised } from '../../lib/localised';
import type {
  CollectionsRepository,
  TCollectionCoverRow,
  TCollectionRow,
} from './collections.repository';

export class CollectionsService {
  constructor(
    private readonly repository: CollectionsRepository,
    /** is_like of the viewer on collection cards; absent: none. */
    private readonly social: SocialReader = NO_SOCIAL_READER,
  ) {}

  /**
   * SPEC 3 Collection list for the home strip. Collections without visible
   * works are sent with count 0; the client hides them (SPEC 2).
   */
  async listAll(locale: TLocale): Promise<TCollection[]> {
    const [rows, covers] = await Promise.all([
      this.repository.listWithCounts(),
      this.repository.listCovers(LIMITS.collectionMosaic),
    ]);
    const coversOf = groupCovers(covers);
    return rows.map((row) => toCollection(row, coversOf, locale));
  }

  /** SPEC 7 getCollectionInfo/{id}: the collection as in the list; 404 when unknown. */
  async info(id: number, locale: TLocale): Promise<TCollection> {
    const [row, covers] = await Promise.all([
      this.repository.findWithCount(id),
      this.repository.listCovers(LIMITS.collectionMosaic, id),
    ]);
    if (!row) throw new AppError(Code.NOT_FOUND, 'notFound');
    return toCollection(row, groupCovers(covers), locale);
  }

  /** SPEC 7 getWorks/{id}: its published works in collection order, paged; 404 when unknown. */
  async works(
    id: number,
    query: TPageQuery,
    viewer: TAuth | null,
  ): Promise<{ data: TWorkCard[]; total: number }> {
    const [row, page] = await Promise.all([
      this.repository.findWithCount(id),
      this.repository.worksPage(id, pageOf(query)),
    ]);
    if (!row) throw new AppError(Code.NOT_FOUND, 'notFound');
    const liked = await this.social.likedAmong(
      viewer?.userId ?? null,
      page.rows.map((card) => card.id),
    );
    return { data: toCards(page.rows, liked), total: page.total };
  }
}

function groupCovers(covers: TCollectionCoverRow[]): Map<number, string[]> {
  const coversOf = new Map<number, string[]>();
  for (const cover of covers) {
    const list = coversOf.get(cover.collectionId) ?? [];
    list.push(cover.img);
    coversOf.set(cover.collectionId, list);
  }
  return coversOf;
}

function toCollection(
  row: TCollectionRow,
  coversOf: Map<number, string[]>,
  locale: TLocale,
): TCollection {
  return {
    id: row.id,
    title: localised(locale, row.titleEn, row.titleZh),
    description: localised(locale, row.descriptionEn, row.descriptionZh),
    count: row.count,
    cover: coversOf.get(row.id) ?? [],
  };
}
