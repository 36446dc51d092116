import { LIMITS } from '@layerline/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PATHS } from '../../app/paths';
import { useSessionStore } from '../../stores/session.store';
import { useFeedStore } from '../feed/feed.store';
import { addSearchHistory, showSearchHistory } from './history-storage';

export interface TSearchBox {
  text: string;
  /** The text 300 ms after the last keystroke: what the suggestions are for. */
  settledText: string;
  /** SPEC 5: the last input went past 100 characters and was cut. */
  isTooLong: boolean;
  change: (value: string) => void;
  /** Enter, or a clicked term: fills the box and searches at once. */
  submit: (value: string) => void;
}

/**
 * The header search box's text and how it reaches the home feed (SPEC 4 Search):
 * - typing searches 300 ms after the last keystroke (SPEC 9 debounce), on
 *   every screen: away from home the settled text goes home and searches
 *   there, as Enter does;
 * - Enter or a clicked term searches at once, going home first;
 * - the text is cut to 100 characters, blank text is no search, and clearing
 *   the box restores the default list;
 * - a visitor's submitted searches are kept in local storage (a logged-in
 *   user's are recorded by the server with the search itself).
 */
export function useSearchBox(): TSearchBox {
  const [text, setText] = useState(() => useFeedStore.getState().query);
  const [settledText, setSettledText] = useState(text);
  const [isTooLong, setTooLong] = useState(false);
  const setQuery = useFeedStore((state) => state.setQuery);
  const isLogin = useSessionStore((state) => state.isLogin);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isHome = pathname === PATHS.home;
  const isHomeRef = useRef(isHome);
  isHomeRef.current = isHome;
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setSettledText(text);
      // Only text that differs from the feed's search is a new one: the box
      // still holding the last search on another screen stays there.
      if (useFeedStore.getState().query === text.trim()) return;
      if (!isHomeRef.current) {
        if (!text.trim()) return;
        navigateRef.current(PATHS.home);
      }
      setQuery(text);
    }, LIMITS.searchDebounceMs);
    return () => window.clearTimeout(timer);
  }, [text, setQuery]);

  // SPEC 4 Category filter: choosing a category clears the search text, box
  // included. A search leaving the chosen category (feed store) keeps its text.
  useEffect(
    () =>
      useFeedStore.subscribe((state, previous) => {
        const isCleared = state.query === '' && previous.query !== '';
        const isCategoryChosen = state.category !== previous.category && state.query === '';
        if (isCategoryChosen || isCleared) {
          setText('');
          setSettledText('');
        }
      }),
    [],
  );

  const change = useCallback(
    (value: string) => {
      const isOver = value.length > LIMITS.searchMaxLength;
      // The notice stays while the box is full, so it is not missed after the cut.
      setTooLong((shown) => isOver || (shown && value.length >= LIMITS.searchMaxLength));
      const next = value.slice(0, LIMITS.searchMaxLength);
      setText(next);
      if (next === '') {
        setSettledText('');
        setQuery('');
      }
    },
    [setQuery],
  );

  const submit = useCallback(
    (value: string) => {
      const words = value.slice(0, LIMITS.searchMaxLength);
      setText(words);
      setSettledText(words);
      if (words.trim()) {
        if (!isHome) navigate(PATHS.home);
        if (!isLogin) {
          addSearchHistory(words);
          showSearchHistory(queryClient);
        }
      }
      setQuery(words);
    },
    [isHome, isLogin, navigate, queryClient, setQuery],
  );

  return { text, settledText, isTooLong, change, submit };
}
