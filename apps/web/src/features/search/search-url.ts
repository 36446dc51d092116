import { LIMITS } from '@layerline/contract';
import { PATHS } from '../../app/paths';
import { useFeedStore } from '../feed/feed.store';

/**
 * A search's own address: the home with `?q=<text>` (`/?q=lamp`), so a search
 * can be shared, reloaded and reached with Back. The home is where the
 * results show (SPEC 4 Search: searching from another route goes home first).
 */
export const SEARCH_PARAM = 'q';

/** The search text as the feed takes it (SPEC 4): cut to 100 characters and trimmed; blank is none. */
export function searchWords(text: string): string {
  return text.slice(0, LIMITS.searchMaxLength).trim();
}

/** The search an address's query string carries ('' for none). */
export function searchOfUrl(search: string | URLSearchParams): string {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return searchWords(params.get(SEARCH_PARAM) ?? '');
}

/** The address of a search: `/?q=<text>`, or the home itself for no search. */
export function searchPath(text: string): string {
  const words = searchWords(text);
  if (!words) return PATHS.home;
  return `${PATHS.home}?${new URLSearchParams({ [SEARCH_PARAM]: words }).toString()}`;
}

/**
 * The home's address decides its search: loading `/?q=lamp`, Back or Forward
 * to it, or a link to `/` set the feed's search text before the home renders
 * (a loader of the home's index route), so the feed asks for the search at
 * once rather than for the unsearched list first. The same text again is no
 * new search: the box's own typing and Enter have searched already.
 */
export function searchFromUrl({ request }: { request: Request }): null {
  const words = searchOfUrl(new URL(request.url).searchParams);
  const feed = useFeedStore.getState();
  if (feed.query !== words) feed.setQuery(words);
  return null;
}
