import { and, asc, count, eq, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { collections, collectionWorks, users, works } from '../../db/schema';
import { cardColumns, type TCardRow } from '../../kernel/card-columns.sql';
import type { TPage } from '../../kernel/pagination';

export type TCollectionRow = {
  id: number;
  titleEn: string;
  titleZh: string;
  descriptionEn: string;
  descriptionZh: string;
  count: number;
};
export type TCollectionCoverRow = { collectionId: number; img: string };

/** DESIGN 3: only published, not deleted works reach other users. */
const isVisibleWork = and(eq(works.status, 'published'), isNull(works.deletedAt));

/** All SQL of collections (DESIGN 1). */
export class CollectionsRepository {
  constructor(private readonly db: TDatabase) {}

  /** Every collection by sort, with its number of visible works (0 included). */
  listWithCounts(): Promise<TCollectionRow[]> {
    return this.withCounts();
  }

  /** One collection with its number of visible works. */
  async findWithCount(id: number): Promise<TCollectionRow | undefined> {
    const [row] = await this.withCounts(eq(collections.id, id));
    return row;
  }

  /** SPEC 7 getWorks: a collection's visible works as cards, in collection order. */
  async worksPage(id: number, page: TPage): Promise<{ rows: TCardRow[]; total: number }> {
    const where = and(eq(collectionWorks.collectionId, id), isVisibleWork);
    const [rows, [counted]] = await Promise.all([
      this.db
        .select(cardColumns)
        .from(collectionWorks)
        .innerJoin(works, eq(works.id, collectionWorks.workId))
        .innerJoin(users, eq(users.id, works.userId))
        .where(where)
        .orderBy(asc(collectionWorks.sort), asc(works.id))
        .limit(page.limit)
        .offset(page.offset),
      this.db
        .select({ total: count() })
        .from(collectionWorks)
        .innerJoin(works, eq(works.id, collectionWorks.workId))
        .where(where),
    ]);
    return { rows, total: counted?.total ?? 0 };
  }

  private withCounts(where?: SQL): Promise<TCollectionRow[]> {
    const counts = this.db
      .select({
        collectionId: collectionWorks.collectionId,
        count: sql<number>`count(*)::int`.as('count'),
      })
      .from(collectionWorks)
      .innerJoin(works, and(eq(works.id, collectionWorks.workId), isVisibleWork))
      .groupBy(collectionWorks.collectionId)
      .as('counts');
    return this.db
      .select({
        id: collections.id,
        titleEn: collections.titleEn,
        titleZh: collections.titleZh,
        descriptionEn: collections.descriptionEn,
        descriptionZh: collections.descriptionZh,
        count: sql<number>`coalesce(${counts.count}, 0)::int`,
      })
      .from(collections)
      .leftJoin(counts, eq(counts.collectionId, collections.id))
      .where(where)
      .orderBy(asc(collections.sort), asc(collections.id));
  }

  /**
   * The first cover image of the first `perCollection` visible works of each
   * collection (in collection order), for the SPEC 2 mosaic.
   */
  listCovers(perCollection: number, collectionId?: number): Promise<TCollectionCoverRow[]> {
    const ranked = this.db
      .select({
        collectionId: collectionWorks.collectionId,
        // The mosaic's tiles are small: the cover's thumbnail where it has one.
        img: sql<string>`coalesce(nullif(${works.coverThumb}, ''), ${works.cover} ->> 0)`.as('img'),
        rank: sql<number>`row_number() over (
          partition by ${collectionWorks.collectionId}
          order by ${collectionWorks.sort}, ${works.id}
        )::int`.as('rank'),
      })
      .from(collectionWorks)
      .innerJoin(
        works,
        and(
          eq(works.id, collectionWorks.workId),
          isVisibleWork,
          sql`coalesce(${works.cover} ->> 0, '') <> ''`,
        ),
      )
      .where(
        collectionId === undefined ? undefined : eq(collectionWorks.collectionId, collectionId),
      )
      .as('ranked');
    return this.db
      .select({ collectionId: ranked.collectionId, img: ranked.img })
      .from(ranked)
      .where(lte(ranked.rank, perCollection))
      .orderBy(asc(ranked.collectionId), asc(ranked.rank));
  }
}
