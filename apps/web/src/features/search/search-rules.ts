import { LIMITS } from '@layerline/contract';

/**
 * Ours: the panel width one recent search takes. SPEC 2 computes the number
 * of recent searches shown from the panel width, with a minimum of 3 (SPEC 9).
 */
export const RECENT_ITEM_WIDTH_PX = 100;

/** How many recent searches the collapsed list shows for a panel `width` px wide. */
export function recentVisibleCount(width: number): number {
  const fitting =
    Number.isFinite(width) && width > 0 ? Math.floor(width / RECENT_ITEM_WIDTH_PX) : 0;
  return Math.max(LIMITS.recentSearchRowsMin, fitting);
}

/**
 * SPEC 4 Search, SPEC 9: search data (history, hot and guessed searches) is
 * loaded again up to 3 times, after 2, 4 and 8 seconds; then the panel falls
 * back to its empty state. TanStack Query passes the failures so far (0 before
 * the first retry).
 */
export const searchDataRetry = {
  retry: LIMITS.searchDataRetryDelaysMs.length,
  retryDelay: (failureCount: number) =>
    LIMITS.searchDataRetryDelaysMs[
      Math.min(failureCount, LIMITS.searchDataRetryDelaysMs.length - 1)
    ] ?? 0,
} as const;

/** SPEC 2: the empty state's four suggestion tags, as keys of the `search` catalog. */
export const EMPTY_STATE_TAGS = [
  'creativeDesign',
  'illustrationArt',
  'uiDesign',
  'photography',
] as const;
export type TEmptyStateTag = (typeof EMPTY_STATE_TAGS)[number];

/**
 * Suggestions for typed text: the terms containing it, ignoring letter case.
 * Empty text keeps every term.
 */
export function matchingTerms<T extends { words: string }>(terms: readonly T[], text: string): T[] {
  const needle = text.trim().toLocaleLowerCase();
  if (!needle) return [...terms];
  return terms.filter((term) => term.words.toLocaleLowerCase().includes(needle));
}

export interface TPanelSources<TRecent extends { words: string }> {
  isLoading: boolean;
  recent: readonly TRecent[];
  popular: readonly string[];
  guess: readonly string[];
}

export type TPanelContent<TRecent> =
  | { kind: 'loading' }
  | { kind: 'empty' }
  | { kind: 'none' }
  | { kind: 'lists'; recent: TRecent[]; popular: string[]; guess: string[] };

/**
 * What the open panel shows for the box's (debounced) text. SPEC 2: a loading
 * state; recent and popular searches; guessed searches for the empty box; the
 * empty state with four tags when there is no search data at all (also after
 * the retries ran out, SPEC 4). Typed text narrows the lists to matching
 * terms, and nothing matching closes the panel rather than covering the results.
 */
export function panelContent<TRecent extends { words: string }>(
  sources: TPanelSources<TRecent>,
  text: string,
): TPanelContent<TRecent> {
  if (sources.isLoading) return { kind: 'loading' };
  const isTyped = text.trim() !== '';
  const recent = matchingTerms(sources.recent, text);
  const popular = matchingTerms(
    sources.popular.map((words) => ({ words })),
    text,
  ).map((item) => item.words);
  const guess = isTyped ? [] : [...sources.guess];
  if (recent.length + popular.length + guess.length > 0) {
    return { kind: 'lists', recent, popular, guess };
  }
  return isTyped ? { kind: 'none' } : { kind: 'empty' };
}
