/** The search module's public face (ADR 0047): what other modules and the composition may use. */

export { searchModule, type TSearchModule } from './search.plugin';
export type { SearchService } from './search.service';
export { buildDocument } from './search-document';
export { SearchIndexer } from './search-indexer';
export { lookupParam, lookupQuery } from './search-lookup.sql';
export type { SearchMatcher, TSearchMatch } from './search-matcher';
export type { TLookup } from './search-query';
export {
  lowerBound,
  NARROWED_MAX,
  SearchTermSets,
  TERM_SETS_KEPT,
  type TNarrowed,
  type TTermSet,
} from './search-term-sets';
export { foldText, TOKENIZER_VERSION, tidySearchText } from './search-text';
export { SearchTitles, type TSearchTitles, type TTitleRow } from './search-titles';
