import { useLocale } from '../../i18n/use-locale';
import { useSessionStore } from '../../stores/session.store';
import { useGuessSearches, useHotSearches, useSearchHistory } from './api';
import { useVisitorHistory } from './history-storage';

/** One recent search; `id` is the server record's, null for a visitor's local entry. */
export interface TRecentSearch {
  key: string;
  id: number | null;
  words: string;
}

export interface TSearchData {
  /** True until every source answered or gave up after its retries. */
  isLoading: boolean;
  recent: TRecentSearch[];
  popular: string[];
  guess: string[];
}

/**
 * What the suggestions panel shows (SPEC 2, SPEC 4 Search). History comes from
 * the server for a logged-in user and from local storage for a visitor. A
 * source that still fails after its retries counts as empty, so when all of
 * them fail the panel falls back to its empty state. Nothing is asked for
 * until `enabled` (the panel's first opening).
 */
export function useSearchData(enabled: boolean): TSearchData {
  const isLogin = useSessionStore((state) => state.isLogin);
  const userId = useSessionStore((state) => state.user.userId);
  const locale = useLocale();
  const visitorHistory = useVisitorHistory();
  const history = useSearchHistory(userId, enabled && isLogin);
  const hot = useHotSearches(enabled);
  const guess = useGuessSearches(locale, enabled);

  const recent: TRecentSearch[] = isLogin
    ? (history.data ?? []).map((record) => ({
        key: `record-${record.id}`,
        id: record.id,
        words: record.words,
      }))
    : visitorHistory.map((words) => ({ key: `local-${words}`, id: null, words }));

  return {
    // A disabled query stays pending: the visitor's history never waits on it.
    isLoading: enabled && ((isLogin && history.isPending) || hot.isPending || guess.isPending),
    recent,
    popular: (hot.data ?? []).map((item) => item.words),
    guess: (guess.data ?? []).map((item) => item.words),
  };
}
