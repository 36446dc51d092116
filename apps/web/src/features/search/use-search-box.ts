import { LIMITS } from '@layerline/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PATHS } from '../../app/paths';
import { useSessionStore } from '../../stores/session.store';
import { useFeedStore } from '../feed/feed.store';
import { addSearchHistory, showSearchHistory } from './history-storage';
import { searchOfUrl, searchPath, searchWords } from './search-url';

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

/** The product detail over the feed (/work/:id): the feed behind it keeps its search. */
const isOverFeed = (pathname: string) => pathname.startsWith(PATHS.work(''));

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
 *
 * A search has its own address, `/?q=<text>` (search-url.ts): typing that
 * refines a search replaces the address (no history entry per keystroke);
 * starting a search, Enter on new text, clearing it and going home from
 * another screen add one entry, so Back returns to the state before. Leaving
 * for another screen empties the box; coming back (Back, or a link to a
 * search) fills it with the address's search.
 */
export function useSearchBox(): TSearchBox {
  const [text, setTextState] = useState(() => useFeedStore.getState().query);
  const [settledText, setSettledText] = useState(text);
  const [isTooLong, setTooLong] = useState(false);
  const setQuery = useFeedStore((state) => state.setQuery);
  const isLogin = useSessionStore((state) => state.isLogin);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { pathname } = location;
  const isHome = pathname === PATHS.home;
  const isHomeRef = useRef(isHome);
  isHomeRef.current = isHome;
  const searchRef = useRef(location.search);
  searchRef.current = location.search;
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  // The box's text as last set, for the store's listener.
  const textRef = useRef(text);
  const setText = useCallback((value: string) => {
    textRef.current = value;
    setTextState(value);
  }, []);

  /**
   * Puts `words` in the address. `refine`: typing, which replaces an address
   * that is already a search; anything else adds an entry.
   */
  const showInUrl = useCallback((words: string, refine: boolean) => {
    const next = searchWords(words);
    if (!isHomeRef.current) {
      // Searching from another screen goes home first (SPEC 4); nothing to show for none.
      if (next) void navigateRef.current(searchPath(next));
      return;
    }
    const current = searchOfUrl(searchRef.current);
    if (current === next) return;
    void navigateRef.current(searchPath(next), {
      replace: refine && current !== '' && next !== '',
    });
  }, []);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setSettledText(text);
      // Only text that differs from the feed's search is a new one: the box
      // still holding the last search on another screen stays there.
      if (useFeedStore.getState().query === text.trim()) return;
      if (!isHomeRef.current && !text.trim()) return;
      // The feed first: the home's address then finds its search already there.
      setQuery(text);
      showInUrl(text, true);
    }, LIMITS.searchDebounceMs);
    return () => window.clearTimeout(timer);
  }, [text, setQuery, showInUrl]);

  // SPEC 4 Category filter: choosing a category clears the search text, box
  // and address included. A search leaving the chosen category (feed store)
  // keeps its text. A search the address set (Back, Forward, a shared link)
  // fills the box.
  useEffect(
    () =>
      useFeedStore.subscribe((state, previous) => {
        const isCategoryChosen = state.category !== previous.category && state.query === '';
        if (isCategoryChosen) {
          setText('');
          setSettledText('');
          if (isHomeRef.current && searchOfUrl(searchRef.current)) {
            void navigateRef.current(PATHS.home);
          }
          return;
        }
        if (state.query !== previous.query && state.query !== searchWords(textRef.current)) {
          setText(state.query);
          setSettledText(state.query);
        }
      }),
    [setText],
  );

  // Leaving search for another screen empties the box; coming back to the
  // feed (Back to a search, or the detail over it) shows the feed's search
  // again, unless the box holds text typed on the way (the debounced search
  // that went home).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    const isFeed = pathname === PATHS.home || isOverFeed(pathname);
    if (isFeed && textRef.current !== '') return;
    const words = isFeed ? useFeedStore.getState().query : '';
    setText(words);
    setSettledText(words);
    setTooLong(false);
  }, [pathname, setText]);

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
        showInUrl('', false);
      }
    },
    [setQuery, setText, showInUrl],
  );

  const submit = useCallback(
    (value: string) => {
      const words = value.slice(0, LIMITS.searchMaxLength);
      setText(words);
      setSettledText(words);
      if (words.trim()) {
        if (!isLogin) {
          addSearchHistory(words);
          showSearchHistory(queryClient);
        }
      }
      setQuery(words);
      showInUrl(words, false);
    },
    [isLogin, queryClient, setQuery, setText, showInUrl],
  );

  return { text, settledText, isTooLong, change, submit };
}
