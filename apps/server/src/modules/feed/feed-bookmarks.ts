import type { TDatabase } from '../../db/client';
import type { TPage } from '../../kernel/pagination';
import { type TFeedPage, withoutExtras } from './feed.sql';
import { FeedBookmarksRepository, type TBookmark } from './feed-bookmarks.repository';

/** Rows between two bookmarks of a newest-first list. */
export const BOOKMARK_STEP = 1000;
/** Bookmarks kept at most (lists times depths); all are dropped when the feed version moves. */
const MAX_BOOKMARKS = 10_000;

/**
 * Deep pages of the newest-first lists. SPEC 7 pages by number, and OFFSET
 * walks every row before the page (48,000 index entries for page 960). So
 * every BOOKMARK_STEP rows the row before that position is remembered, and
 * a deep page seeks past its bookmark and skips fewer than BOOKMARK_STEP
 * rows. A bookmark is exact for one works_feed_version: the page query
 * reads the version too, and a page read at another version is recomputed.
 */
export class FeedBookmarks {
  private readonly bookmarks = new Map<string, TBookmark>();
  private version = -1;
  private readonly repository: FeedBookmarksRepository;

  constructor(
    db: TDatabase,
    private readonly step: number = BOOKMARK_STEP,
  ) {
    this.repository = new FeedBookmarksRepository(db);
  }

  /** The page, or undefined when it is shallow or past the end (the plain query answers then). */
  async page(categoryId: number | undefined, page: TPage): Promise<TFeedPage | undefined> {
    const position = Math.floor(page.offset / this.step) * this.step;
    if (position === 0) return undefined;
    for (const isRetry of [false, true]) {
      const bookmark = await this.bookmark(categoryId, position, isRetry);
      if (!bookmark) return undefined;
      const rows = await this.repository.pageAfter(categoryId, bookmark, {
        limit: page.limit,
        offset: page.offset - position,
      });
      const version = rows[0]?.version;
      if (version === undefined) return undefined;
      if (version === bookmark.version) return { rows: rows.map(withoutExtras), version };
    }
    return undefined;
  }

  private async bookmark(
    categoryId: number | undefined,
    position: number,
    isRefresh: boolean,
  ): Promise<TBookmark | undefined> {
    const key = `${categoryId ?? 'all'}:${position}`;
    const known = isRefresh ? undefined : this.bookmarks.get(key);
    if (known) return known;
    const row = await this.repository.bookmarkAt(categoryId, position);
    if (!row) return undefined;
    this.remember(key, row);
    return row;
  }

  private remember(key: string, bookmark: TBookmark): void {
    if (bookmark.version < this.version) return;
    if (bookmark.version > this.version || this.bookmarks.size >= MAX_BOOKMARKS) {
      this.bookmarks.clear();
      this.version = bookmark.version;
    }
    this.bookmarks.set(key, bookmark);
  }
}
