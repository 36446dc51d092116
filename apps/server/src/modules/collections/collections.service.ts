import { LIMITS, type TCollection, type TLocale } from '@layerline/contract';
import { localised } from '../../lib/localised';
import type { CollectionsRepository } from './collections.repository';

export class CollectionsService {
  constructor(private readonly repository: CollectionsRepository) {}

  /**
   * SPEC 3 Collection list for the home strip. Collections without visible
   * works are sent with count 0; the client hides them (SPEC 2).
   */
  async listAll(locale: TLocale): Promise<TCollection[]> {
    const [rows, covers] = await Promise.all([
      this.repository.listWithCounts(),
      this.repository.listCovers(LIMITS.collectionMosaic),
    ]);
    const coversOf = new Map<number, string[]>();
    for (const cover of covers) {
      const list = coversOf.get(cover.collectionId) ?? [];
      list.push(cover.img);
      coversOf.set(cover.collectionId, list);
    }
    return rows.map((row) => ({
      id: row.id,
      title: localised(locale, row.titleEn, row.titleZh),
      description: localised(locale, row.descriptionEn, row.descriptionZh),
      count: row.count,
      cover: coversOf.get(row.id) ?? [],
    }));
  }
}
