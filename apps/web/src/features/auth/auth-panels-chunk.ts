/**
 * The login dialog's forms are their own chunk (they carry the password
 * encryption and the form rules). The dialog frame is part of the first
 * load; this chunk is fetched once, ahead of the click: when the page is
 * idle and as soon as a login button is hovered or focused, so the fields
 * show at once when the dialog opens.
 */
type TAuthPanelsModule = typeof import('./AuthPanels');

let pending: Promise<TAuthPanelsModule> | null = null;
let loaded: TAuthPanelsModule | null = null;

/** Fetches the chunk once; a failed fetch is tried again on the next call. */
export const loadAuthPanels = (): Promise<TAuthPanelsModule> => {
  if (!pending) {
    pending = import('./AuthPanels').then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
  }
  return pending;
};

/**
 * The chunk once it has arrived, else null. Rendering it directly skips a
 * Suspense fallback, which React keeps on screen for at least 300 ms.
 */
export const loadedAuthPanels = (): TAuthPanelsModule | null => loaded;

/** For hover and focus handlers: starts the fetch, never throws. */
export const preloadAuthPanels = (): void => {
  loadAuthPanels().catch(() => undefined);
};

/** Browsers without requestIdleCallback (Safari) wait this long instead. */
export const IDLE_FALLBACK_MS = 1_500;
/** An idle callback runs by then even on a page that is never idle. */
export const IDLE_TIMEOUT_MS = 3_000;

/** Runs the task when the page is idle; returns the cancel function. */
export const whenIdle = (task: () => void): (() => void) => {
  if (
    typeof window.requestIdleCallback === 'function' &&
    typeof window.cancelIdleCallback === 'function'
  ) {
    const cancel = window.cancelIdleCallback.bind(window);
    const handle = window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => cancel(handle);
  }
  const handle = window.setTimeout(task, IDLE_FALLBACK_MS);
  return () => window.clearTimeout(handle);
};
