import type { TInfra, TModule } from '../../compose/module';
import type { TCatalogModule } from '../catalog';
import { SearchRepository } from './search.repository';
import { searchRoutes } from './search.routes';
import { SearchService } from './search.service';
import { SearchCounter } from './search-counter';
import { SearchIndexer } from './search-indexer';
import { SearchMatcher } from './search-matcher';

export type TSearchNeeds = {
  /**
   * Its sensitive-word filter keeps such texts out of hot and guessed
   * searches (typed here, not imported: moderation reads works, which
   * search indexes).
   */
  moderation: { words: { find(text: string): readonly string[] } };
  /** Child category names, the fallback of guessed searches. */
  catalog: Pick<TCatalogModule, 'categoryNames'>;
};

export type TSearchModule = TModule<{
  /** Rebuilds a work's document as it is saved (the works module's). */
  indexer: SearchIndexer;
  /** Search history and hot searches: the feed records each search here. */
  service: SearchService;
  /** A matcher of search texts (with its own cache of typo alternatives) for each caller. */
  createMatcher: () => SearchMatcher;
}>;

/**
 * Search (ADR 0007, 0020, 0024, 0048): the indexer starts with the app, and
 * the buffered search counts are written before it stops.
 */
export function searchModule(
  infra: Pick<TInfra, 'db' | 'clock' | 'limiter' | 'log'>,
  needs: TSearchNeeds,
): TSearchModule {
  const { db, clock, log } = infra;
  const onError = (error: unknown) => log.error({ err: error }, 'discovery background work failed');
  const indexer = new SearchIndexer(db, log);
  const repository = new SearchRepository(db);
  const counter = new SearchCounter(repository, clock, onError);
  const search = new SearchService({
    db,
    repository,
    counter,
    clock,
    isClean: (text) => needs.moderation.words.find(text).length === 0,
    limiter: infra.limiter,
    categoryNames: needs.catalog.categoryNames,
  });
  return {
    indexer,
    service: search,
    createMatcher: () => new SearchMatcher(repository),
    plugin: async (api) => {
      api.addHook('onReady', async () => indexer.start());
      // preClose: before the database handle closes in onClose.
      api.addHook('preClose', async () => {
        await indexer.stop();
        await counter.close().catch(onError);
      });
      await api.register(searchRoutes, { service: search });
    },
  };
}
