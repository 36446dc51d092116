import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TDatabase } from '../../db/client';
import type { SocialReader } from '../../kernel/card.mapper';
import type { TClock } from '../../lib/clock';
import type { Limiter } from '../../lib/limiter/limiter';
import type { TaggedCache } from '../../lib/tagged-cache';
import { CatalogRepository } from '../catalog/catalog.repository';
import { SearchRepository } from '../search/search.repository';
import { searchRoutes } from '../search/search.routes';
import { SearchService } from '../search/search.service';
import { SearchCounter } from '../search/search-counter';
import { SearchIndexer } from '../search/search-indexer';
import { SearchMatcher } from '../search/search-matcher';
import { SearchTermSets, type TTermSet } from '../search/search-term-sets';
import { SearchTitles, type TSearchTitles } from '../search/search-titles';
import { ProfileRepository } from '../users/profile.repository';
import { profileRoutes } from '../users/profile.routes';
import { ProfileService } from '../users/profile.service';
import { FeedRepository } from './feed.repository';
import { feedRoutes } from './feed.routes';
import { FeedService } from './feed.service';
import type { TFeedPage } from './feed.sql';

export type TDiscoveryDeps = {
  db: TDatabase;
  clock: TClock;
  /** True when a text holds no sensitive word (moderation's filter). */
  isClean: (text: string) => boolean;
  social?: SocialReader;
  /** Counts a search towards hot searches once per searcher, text and day. */
  limiter?: Limiter;
  /** Pages of repeated searches (ADR 0018); none kept when absent. */
  searches?: TaggedCache<TFeedPage>;
  /** The matches of search terms (ADR 0038); none kept when absent. */
  termSets?: TaggedCache<TTermSet>;
  /** Every visible work's title for the search candidates (ADR 0039); none kept when absent. */
  titles?: TaggedCache<TSearchTitles | 'large'>;
};

export type TDiscovery = {
  /** Handed to the works service, which rebuilds documents as works are saved. */
  indexer: SearchIndexer;
  routes: FastifyPluginAsyncZod;
};

/**
 * Discovery (issue 5): the home feed, search with its history and hot
 * searches, and public profiles. The search indexer starts with the app and
 * the buffered search counts are written before it stops.
 */
export function createDiscovery(app: FastifyInstance, deps: TDiscoveryDeps): TDiscovery {
  const { db, clock, social } = deps;
  const log: FastifyBaseLogger = app.log;
  const onError = (error: unknown) => log.error({ err: error }, 'discovery background work failed');
  const indexer = new SearchIndexer(db, log);
  const searchRepository = new SearchRepository(db);
  const counter = new SearchCounter(searchRepository, clock, onError);
  const catalog = new CatalogRepository(db);
  const search = new SearchService({
    repository: searchRepository,
    counter,
    clock,
    isClean: deps.isClean,
    limiter: deps.limiter,
    categoryNames: async () =>
      (await catalog.listCategories()).filter((category) => category.parentId !== null),
  });
  const feedRepository = new FeedRepository(db);
  const feed = new FeedService({
    repository: feedRepository,
    matcher: new SearchMatcher(searchRepository),
    search,
    social,
    searches: deps.searches,
    termSets:
      deps.termSets &&
      new SearchTermSets({
        cache: deps.termSets,
        matches: (lookup, limit) => feedRepository.termMatches(lookup, limit),
        onError,
      }),
    titles:
      deps.titles &&
      new SearchTitles({
        cache: deps.titles,
        page: (afterId, limit) => feedRepository.titlesAfter(afterId, limit),
        onError,
      }),
    onError,
  });
  const profiles = new ProfileService(new ProfileRepository(db), social);

  app.addHook('onReady', async () => indexer.start());
  // preClose: before the database handle closes in onClose.
  app.addHook('preClose', async () => {
    await indexer.stop();
    await counter.close().catch(onError);
  });

  const routes: FastifyPluginAsyncZod = async (api) => {
    await api.register(feedRoutes, { service: feed });
    await api.register(searchRoutes, { service: search });
    await api.register(profileRoutes, { service: profiles });
  };
  return { indexer, routes };
}
