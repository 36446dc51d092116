import { and, asc, eq } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { banners } from '../../db/schema';

export type TBannerRow = typeof banners.$inferSelect;

/** All SQL of carousel and banner items (DESIGN 1). */
export class BannersRepository {
  constructor(private readonly db: TDatabase) {}

  listActive(type: number): Promise<TBannerRow[]> {
    return this.db
      .select()
      .from(banners)
      .where(and(eq(banners.type, type), eq(banners.isActive, true)))
      .orderBy(asc(banners.sort), asc(banners.id));
  }
}
