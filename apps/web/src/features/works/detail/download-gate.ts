/** SPEC 4 Social actions: download is debounced by 500 ms ... */
export const DOWNLOAD_DEBOUNCE_MS = 500;
/** ... with a 1000 ms lock; while a download runs a second one is refused. */
export const DOWNLOAD_LOCK_MS = 1000;

/** What became of one click: it started a download, was a bounce, or was refused. */
export type TGateOutcome = 'started' | 'debounced' | 'locked';

type TGateOptions = {
  debounceMs?: number;
  lockMs?: number;
  now?: () => number;
  /** Called once the lock is released: the download settled and the lock time passed. */
  onIdle?: () => void;
};

/**
 * The SPEC 4 download guard. Debounced on the leading edge, so the first click
 * downloads at once and clicks within 500 ms of the previous click are
 * dropped. A click that starts a download locks the guard until the download
 * settles and at least 1000 ms have passed; a click meanwhile is refused, and
 * the caller says 'downloading, please wait'.
 */
export function createDownloadGate({
  debounceMs = DOWNLOAD_DEBOUNCE_MS,
  lockMs = DOWNLOAD_LOCK_MS,
  now = Date.now,
  onIdle,
}: TGateOptions = {}) {
  let lastClickAt = Number.NEGATIVE_INFINITY;
  let lockedUntil = Number.NEGATIVE_INFINITY;
  let isRunning = false;

  const release = () => {
    isRunning = false;
    const rest = lockedUntil - now();
    if (rest <= 0) onIdle?.();
    else setTimeout(() => onIdle?.(), rest);
  };

  return {
    run(job: () => Promise<unknown>): TGateOutcome {
      const at = now();
      const isBounce = at - lastClickAt < debounceMs;
      lastClickAt = at;
      if (isBounce) return 'debounced';
      if (isRunning || at < lockedUntil) return 'locked';
      isRunning = true;
      lockedUntil = at + lockMs;
      // The job reports its own failures; the lock is released either way.
      void job().then(release, release);
      return 'started';
    },
  };
}
