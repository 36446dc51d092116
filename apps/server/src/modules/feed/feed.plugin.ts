import type { TInfra, TModule } from '../../compose/module';
import type { SocialReader } from '../../kernel/card.mapper';
import type { TaggedCache } from '../../lib/tagged-cache';
import {
  SearchTermSets,
  SearchTitles,
  type TSearchModule,
  type TSearchTitles,
  type TTermSet,
} from '../search';
import { FeedRepository } from './feed.repository';
import { feedRoutes } from './feed.routes';
import { FeedService } from './feed.service';
import type { TFeedPage } from './feed.sql';
import { FeedOrders, type TFeedOrder } from './feed-order';
import { FeedOrderRepository } from './feed-order.repository';

/** The caches of the feed's searches (the app's kept answers, ADR 0044); none kept when absent. */
export type TFeedCaches = {
  /** Pages of repeated searches (ADR 0018). */
  readonly searches?: TaggedCache<TFeedPage>;
  /** The matches of search terms (ADR 0038). */
  readonly termSets?: TaggedCache<TTermSet>;
  /** Every visible work's title for the search candidates (ADR 0039). */
  readonly titles?: TaggedCache<TSearchTitles | 'large'>;
  /** The newest-first lists' orders, for deep pages (ADR 0064). */
  readonly orders?: TaggedCache<TFeedOrder>;
};

export type TFeedNeeds = {
  /** Records each search, and matches search texts. */
  search: Pick<TSearchModule, 'service' | 'createMatcher'>;
  /** Its reader gives is_like of the viewer on each card. */
  social: { state: SocialReader };
  kept: TFeedCaches;
};

/** GET /works/home: the home feed, category lists and searches (ADR 0007, 0022, 0048). */
export function feedModule(infra: Pick<TInfra, 'db' | 'log'>, needs: TFeedNeeds): TModule {
  const onError = (error: unknown) =>
    infra.log.error({ err: error }, 'discovery background work failed');
  const repository = new FeedRepository(infra.db);
  const feed = new FeedService({
    repository,
    matcher: needs.search.createMatcher(),
    search: needs.search.service,
    social: needs.social.state,
    searches: needs.kept.searches,
    orders:
      needs.kept.orders &&
      new FeedOrders({ cache: needs.kept.orders, repository: new FeedOrderRepository(infra.db) }),
    termSets:
      needs.kept.termSets &&
      new SearchTermSets({
        cache: needs.kept.termSets,
        matches: (lookup, limit) => repository.termMatches(lookup, limit),
        onError,
      }),
    titles:
      needs.kept.titles &&
      new SearchTitles({
        cache: needs.kept.titles,
        page: (afterId, limit) => repository.titlesAfter(afterId, limit),
        onError,
      }),
    onError,
  });
  return {
    plugin: async (api) => {
      await api.register(feedRoutes, { service: feed });
    },
  };
}
