import type { TInfra, TModule } from '../../compose/module';
import type { SocialReader } from '../../kernel/card.mapper';
import type { TaggedCache } from '../../lib/tagged-cache';
import {
  type SearchMatcher,
  type SearchService,
  SearchTermSets,
  SearchTitles,
  type TSearchTitles,
  type TTermSet,
} from '../search';
import { FeedRepository } from './feed.repository';
import { feedRoutes } from './feed.routes';
import { FeedService } from './feed.service';
import type { TFeedPage } from './feed.sql';

export type TFeedNeeds = {
  /** Records each search (the search module's). */
  search: SearchService;
  matcher: SearchMatcher;
  /** is_like of the viewer on each card (the social module's reader). */
  social: SocialReader;
  /** Pages of repeated searches (ADR 0018); none kept when absent. */
  searches?: TaggedCache<TFeedPage>;
  /** The matches of search terms (ADR 0038); none kept when absent. */
  termSets?: TaggedCache<TTermSet>;
  /** Every visible work's title for the search candidates (ADR 0039); none kept when absent. */
  titles?: TaggedCache<TSearchTitles | 'large'>;
};

/** GET /works/home: the home feed, category lists and searches (ADR 0007, 0022, 0048). */
export function feedModule(infra: Pick<TInfra, 'db' | 'log'>, needs: TFeedNeeds): TModule {
  const onError = (error: unknown) =>
    infra.log.error({ err: error }, 'discovery background work failed');
  const repository = new FeedRepository(infra.db);
  const feed = new FeedService({
    repository,
    matcher: needs.matcher,
    search: needs.search,
    social: needs.social,
    searches: needs.searches,
    termSets:
      needs.termSets &&
      new SearchTermSets({
        cache: needs.termSets,
        matches: (lookup, limit) => repository.termMatches(lookup, limit),
        onError,
      }),
    titles:
      needs.titles &&
      new SearchTitles({
        cache: needs.titles,
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
