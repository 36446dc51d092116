import { makeRoom } from '../../lib/bounded';
import { stemEnglish } from './english-stemmer';
import type { SearchRepository } from './search.repository';
import { buildLookup, buildQuery, type TLookup, termLookups } from './search-query';
import { foldText, isFuzzyCandidate, queryTerms } from './search-text';

export { MAX_EXPANSIONS } from './search-lookup.sql';

/** What the feed needs to find and rank works for a search text. */
export type TSearchMatch = {
  /** tsquery literal over the search documents, as typed: what matches are ranked by. */
  tsquery: string;
  /**
   * The same query with its prefixes left for the search statement to spell
   * out as the indexed words they start (ADR 0024, ADR 0026: `lookupQuery`):
   * it matches the same documents, and the GIN index answers it several
   * times faster.
   */
  lookup: TLookup;
  /** The folded text: a title that holds it as typed ranks higher. */
  folded: string;
  /**
   * `lookup` cut at its top-level `&`: one lookup per typed word, each with
   * its alternatives (ADR 0038). A work matches the text when it matches all.
   */
  terms: TLookup[];
};

const ALTERNATIVES_PER_WORD = 3;
/**
 * Trigram similarity a typo must keep: 0.2 lets transposed letters through
 * (dargon ~ dragon is 0.27), which the default 0.3 of pg_trgm does not.
 */
const MIN_SIMILARITY = 0.2;
const CLOSE_MARGIN = 0.1;
const CACHE_MAX = 5000;
const CACHE_MS = 10 * 60_000;

type TCached = { alternatives: string[]; at: number };

/**
 * Search text to a query (SPEC 4 Search). English is typo-tolerant: a word
 * that no indexed word equals or starts with is also matched by up to three
 * similar indexed words (keychian finds keychain). Lookups are cached, as
 * popular searches repeat.
 */
export class SearchMatcher {
  private readonly cache = new Map<string, TCached>();

  constructor(
    private readonly repository: SearchRepository,
    private readonly now: () => number = Date.now,
  ) {}

  async match(text: string): Promise<TSearchMatch | undefined> {
    const terms = queryTerms(text);
    const fuzzy = terms.flatMap((term) =>
      term.kind === 'latin' && isFuzzyCandidate(term.word) ? [term.word] : [],
    );
    const alternatives = await this.alternatives(fuzzy);
    const tsquery = buildQuery(terms, alternatives);
    const lookup = buildLookup(terms, alternatives);
    if (!tsquery || !lookup) return undefined;
    return { tsquery, lookup, folded: foldText(text), terms: termLookups(terms, alternatives) };
  }

  private async alternatives(words: readonly string[]): Promise<Map<string, string[]>> {
    const found = new Map<string, string[]>();
    const missing: string[] = [];
    for (const word of words) {
      const cached = this.cache.get(word);
      if (cached && this.now() - cached.at < CACHE_MS) found.set(word, cached.alternatives);
      else missing.push(word);
    }
    if (missing.length === 0) return found;
    const rows = await this.repository.similarTerms(
      missing,
      ALTERNATIVES_PER_WORD + 1,
      MIN_SIMILARITY,
    );
    for (const word of missing) {
      const similar = rows.filter((row) => row.word === word);
      // A word that starts an indexed word, or shares its stem (coasters, coaster), is no typo.
      const stem = stemEnglish(word);
      const isKnown = similar.some(
        (row) => row.term.startsWith(word) || stemEnglish(row.term) === stem,
      );
      // Only the words about as close as the closest: keychian means keychain, not keyrings.
      const best = similar[0]?.similarity ?? 0;
      const alternatives = isKnown
        ? []
        : similar
            .filter((row) => row.similarity >= best - CLOSE_MARGIN)
            .slice(0, ALTERNATIVES_PER_WORD)
            .map((row) => row.term);
      found.set(word, alternatives);
      this.remember(word, alternatives);
    }
    return found;
  }

  private remember(word: string, alternatives: string[]): void {
    makeRoom(this.cache, CACHE_MAX);
    this.cache.set(word, { alternatives, at: this.now() });
  }
}
