/**
 * A page of an older build after a deploy (ADR 0054): the chunks it has not
 * loaded yet are gone from the server (a 404 that no cache keeps), so the
 * next lazily loaded page, dialog or style fails. Instead of a blank area or
 * the error page, the page reloads once, onto the new build. Session storage
 * remembers the build that reloaded: a page of that same build (a stale copy
 * of index.html, a chunk missing for good) does not reload again and shows
 * the route's error page with its retry button.
 */

const RELOADED_KEY = 'layerline:reloaded-build';

/** The messages browsers and Vite give when a chunk of the build cannot be loaded. */
const CHUNK_LOAD_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|is not a valid JavaScript MIME type/i;

export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_LOAD_FAILURE.test(text);
}

/**
 * The build this page runs: its entry script's address, which the build
 * names after its content (boot.js's data-entry in a built page).
 */
export function currentBuild(doc: Document): string {
  const boot = doc.querySelector('script[data-entry]')?.getAttribute('data-entry');
  const entry = doc.querySelector('script[type="module"][src]')?.getAttribute('src');
  return boot ?? entry ?? '';
}

export type TNewBuildDeps = {
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  reload: () => void;
  build: string;
  isOnline: boolean;
};

/**
 * Reloads the page, once per build; true when it does. Offline, a reload
 * would only show the browser's error page, and without session storage
 * there is no guard against a loop: neither reloads.
 */
export function reloadForNewBuild(deps: TNewBuildDeps): boolean {
  if (!deps.isOnline || !deps.storage) return false;
  try {
    if (deps.storage.getItem(RELOADED_KEY) === deps.build) return false;
    deps.storage.setItem(RELOADED_KEY, deps.build);
  } catch {
    return false;
  }
  deps.reload();
  return true;
}

function sessionStorageOf(win: Window): Storage | undefined {
  try {
    return win.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Where a navigation waiting for its page's chunk was going, if one was. */
export type TPendingUrl = () => string | undefined;

/**
 * What the running page gives reloadForNewBuild. The page loads the address
 * a navigation was going to when its chunk failed (the router changes the
 * address only once the page's chunk is in), else reloads where it is.
 */
export function pageDeps(win: Window = window, pendingUrl?: TPendingUrl): TNewBuildDeps {
  return {
    storage: sessionStorageOf(win),
    reload: () => {
      const url = pendingUrl?.();
      if (url) win.location.assign(url);
      else win.location.reload();
    },
    build: currentBuild(win.document),
    isOnline: win.navigator.onLine !== false,
  };
}

/**
 * Listens for chunks that fail to load: Vite's `vite:preloadError` (a
 * dynamic import or its preloaded styles) and an unhandled rejection with a
 * chunk's message (an import without preloads). The route error page does
 * the same for a lazy component's failure it catches.
 */
export function installNewBuildReload(win: Window = window, pendingUrl?: TPendingUrl): void {
  win.addEventListener('vite:preloadError', () => {
    reloadForNewBuild(pageDeps(win, pendingUrl));
  });
  win.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason)) reloadForNewBuild(pageDeps(win, pendingUrl));
  });
}
