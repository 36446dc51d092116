import type { TFeedSort } from '@layerline/contract';
import type { TDatabase } from '../../db/client';
import type { TPage } from '../../kernel/pagination';
import type { TLookup, TSearchMatch, TSearchTitles, TTitleRow } from '../search';
import type { TFeedFilter, TFeedPage } from './feed.sql';
import { FeedCardsRepository } from './feed-cards.repository';
import { FeedSearchRepository } from './feed-search.repository';

export type { TFeedFilter, TFeedPage } from './feed.sql';
export { chooseCandidates } from './feed-candidates';
export { RANKED_CANDIDATES, TERM_MATCHES_STATEMENT } from './feed-search.repository';

/**
 * The SQL of /works/home (SPEC 7): lists (FeedCardsRepository) and searches
 * (FeedSearchRepository) of published works, on one database.
 */
export class FeedRepository {
  readonly cards: FeedCardsRepository;

  readonly search: FeedSearchRepository;

  constructor(db: TDatabase, options: { bookmarkStep?: number; rankedCandidates?: number } = {}) {
    this.cards = new FeedCardsRepository(db, options);
    this.search = new FeedSearchRepository(db, this.cards, options);
  }

  /** One page of a list (newest, most liked, most downloaded). */
  listPage(filter: TFeedFilter, sort: TFeedSort, page: TPage): Promise<TFeedPage> {
    return this.cards.listPage(filter, sort, page);
  }

  /** The number of published works in a list, with the version it was counted at. */
  countVisible(filter: TFeedFilter): Promise<{ total: number; version: number }> {
    return this.cards.countVisible(filter);
  }

  /** One page of a search, by relevance or a list order, with the number of all matches. */
  searchPage(filter: TFeedFilter, sort: TFeedSort, page: TPage): Promise<TFeedPage> {
    return this.search.searchPage(filter, sort, page);
  }

  /** A relevance page chosen from the kept titles (ADR 0039); undefined when one is not kept. */
  chosenRelevancePage(
    match: TSearchMatch,
    all: Int32Array,
    titles: TSearchTitles,
    page: TPage,
  ): Promise<TFeedPage | undefined> {
    return this.search.chosenRelevancePage(match, all, titles, page);
  }

  /** The visible works matching one term of a search (ADR 0038), ascending, at most `limit`. */
  termMatches(lookup: TLookup, limit: number): Promise<number[]> {
    return this.search.termMatches(lookup, limit);
  }

  /** A page of visible works' folded titles and publication times (ADR 0039). */
  titlesAfter(afterId: number, limit: number): Promise<TTitleRow[]> {
    return this.search.titlesAfter(afterId, limit);
  }
}
