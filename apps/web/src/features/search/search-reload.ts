import { useEffect } from 'react';

export const SEARCH_RELOAD_EVENT = 'layerline:search-reload';

/**
 * SPEC 4 Login and session: after login, search data reloads (the history
 * now comes from the server instead of local storage). The search box listens
 * for this event; the login flow raises it.
 */
export function requestSearchReload(): void {
  window.dispatchEvent(new Event(SEARCH_RELOAD_EVENT));
}

export function useSearchReload(onReload: () => void): void {
  useEffect(() => {
    window.addEventListener(SEARCH_RELOAD_EVENT, onReload);
    return () => window.removeEventListener(SEARCH_RELOAD_EVENT, onReload);
  }, [onReload]);
}
