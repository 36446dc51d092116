/**
 * A lazily loaded module fetched once and kept: `load` starts the fetch (a
 * failed one is tried again on the next call), `loaded` is the module once it
 * has arrived. Rendering a loaded module directly skips a Suspense fallback,
 * which React keeps on screen for at least 300 ms.
 */
export type TChunk<TModule> = {
  load: () => Promise<TModule>;
  loaded: () => TModule | null;
  /** For hover, focus and idle handlers: starts the fetch, never throws. */
  preload: () => void;
};

export function createChunk<TModule>(importModule: () => Promise<TModule>): TChunk<TModule> {
  let pending: Promise<TModule> | null = null;
  let module: TModule | null = null;
  const load = (): Promise<TModule> => {
    if (!pending) {
      pending = importModule().then(
        (value) => {
          module = value;
          return value;
        },
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
    }
    return pending;
  };
  return {
    load,
    loaded: () => module,
    preload: () => {
      load().catch(() => undefined);
    },
  };
}

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
