import type { TDatabase } from '../../db/client';
import { CommunityRepository, type TPostRef } from './community.repository';

/**
 * What other modules may read of posts (ADR 0047): whether a post exists and
 * whose it is, for the comments under it (ADR 0013).
 */
export interface PostRecords {
  /**
   * The post, if it exists; `lock` holds the row until the transaction ends
   * ('key share' lets a deletion wait for a new comment instead of failing it).
   */
  find(id: number, options?: { lock?: 'update' | 'key share' }): Promise<TPostRef | undefined>;
}

/** The posts on `db` (the database, or the caller's transaction). */
export function postRecords(db: TDatabase): PostRecords {
  return new CommunityRepository(db);
}
