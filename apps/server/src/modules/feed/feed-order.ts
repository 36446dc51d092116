import { FEED_ORDER_SHOWS } from '../../http/freshness';
import type { TCardRow } from '../../kernel/card-columns.sql';
import type { TPage } from '../../kernel/pagination';
import type { TaggedCache } from '../../lib/tagged-cache';
import { type TFeedPage, withoutExtras } from './feed.sql';
import type { FeedOrderRepository, TFeedOrder } from './feed-order.repository';

export type { TFeedOrder } from './feed-order.repository';

/** The longest list kept (8 MB of ids); a longer one is paged by its bookmarks. */
export const FEED_ORDER_MAX = 2_000_000;

/**
 * Deep pages of the newest-first lists (ADR 0064): those after the first
 * EARLY_PAGES, which are kept whole (ADR 0018). SPEC 7 pages by number,
 * so a deep page is a position in the list: the list's ids are kept in
 * order, once per list, and page N is a slice of them and one statement
 * reading those 50 cards by key. The kept order names what it shows
 * (FEED_ORDER_SHOWS) and is dropped by every change of the published set
 * or of the categories, on every instance (ADR 0044). Each page also reads
 * works_feed_version with its cards: a page read at another version than its
 * order's is read again from a new order, so no page mixes two states.
 */
export class FeedOrders {
  /** Orders being read, by list: concurrent deep pages of one list wait for the same read. */
  private readonly reads = new Map<string, Promise<TFeedOrder | undefined>>();

  constructor(
    private readonly deps: { cache: TaggedCache<TFeedOrder>; repository: FeedOrderRepository },
  ) {}

  /** The page with the list's total, or undefined when the list is too long to keep. */
  async page(
    categoryId: number | undefined,
    page: TPage,
  ): Promise<(TFeedPage & { total: number }) | undefined> {
    for (const isRetry of [false, true]) {
      const order = await this.order(categoryId, isRetry);
      if (!order) return undefined;
      const total = order.ids.length;
      const ids = order.ids.subarray(page.offset, page.offset + page.limit);
      if (ids.length === 0) return { rows: [], total, version: order.version };
      const found = await this.deps.repository.cardsByIds(ids);
      if (found.length !== ids.length || found.some((row) => row.version !== order.version)) {
        continue;
      }
      const byId = new Map<number, TCardRow>(found.map((row) => [row.id, withoutExtras(row)]));
      const rows = Array.from(ids).flatMap((id) => byId.get(id) ?? []);
      return { rows, total, version: order.version };
    }
    return undefined;
  }

  /** The kept order, read when absent or when `isStale` (a page found another version). */
  private order(categoryId: number | undefined, isStale: boolean): Promise<TFeedOrder | undefined> {
    const key = String(categoryId ?? 'all');
    const { cache, repository } = this.deps;
    const kept = isStale ? undefined : cache.get(key);
    if (kept) return Promise.resolve(kept);
    const pending = this.reads.get(key);
    if (pending) return pending;
    const generation = cache.generation();
    const read = repository
      .orderOf(categoryId)
      .then((order) => {
        if (order.ids.length > FEED_ORDER_MAX) return undefined;
        cache.set(key, order, FEED_ORDER_SHOWS(categoryId), generation);
        return order;
      })
      .finally(() => this.reads.delete(key));
    this.reads.set(key, read);
    return read;
  }
}
