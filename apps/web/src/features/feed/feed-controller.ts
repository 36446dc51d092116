import { LIMITS, type TWorkCard } from '@layerline/contract';
import { QueryClient } from '@tanstack/react-query';
import {
  feedKey,
  queryFeedCache,
  type TFeedPage,
  type TFeedPageCache,
  type TFeedParams,
} from './feed-cache';
import { describeFeedError, isCancelledRequest, type TFeedError } from './feed-errors';
import { FeedLimiter } from './feed-limiter';

/**
 * SPEC 4 Feed states: loading (first page), loaded, loading more, no more
 * pages; `error` is a failed load (the items already shown stay).
 */
export type TFeedStatus = 'loading' | 'loaded' | 'loadingMore' | 'noMore' | 'error';

/**
 * Why the list started over at page 1 (SPEC 4: new search, category change,
 * refresh, login change); `expired` is a return to the page after more than
 * 5 minutes away.
 */
export type TResetReason = 'change' | 'search' | 'refresh' | 'login' | 'expired';

export interface TFeedView {
  status: TFeedStatus;
  params: TFeedParams | null;
  items: readonly TWorkCard[];
  total: number;
  /** The page loaded last, or the one loading; 0 before the first page arrives. */
  page: number;
  error: TFeedError | null;
  /** SPEC 4 limiter: the feed is blocked after 3 errors (SPEC 8 notice). */
  isBlocked: boolean;
  /** Counts restarts at page 1, so the view can move back to the top of the list. */
  generation: number;
  resetReason: TResetReason;
}

export interface TFeedRequest extends TFeedParams {
  page: number;
  pageSize: number;
}

export type TFetchFeedPage = (request: TFeedRequest, signal: AbortSignal) => Promise<TFeedPage>;

/** A page the app already holds (brought by the home's HTML), taken without the network. */
export type TPeekFeedPage = (request: TFeedRequest) => TFeedPage | undefined;

export interface TFeedControllerOptions {
  fetchPage: TFetchFeedPage;
  peekPage?: TPeekFeedPage;
  /**
   * The list shown from the start when its first page is at hand (peekPage),
   * so the first render has the cards instead of a second render for them.
   */
  initialParams?: TFeedParams;
  now?: () => number;
  pageSize?: number;
  cacheMs?: number;
  reactivatedCacheMs?: number;
  /** Where fetched pages are kept: the app's Query cache (a cache of its own without one). */
  cache?: TFeedPageCache;
  limiter?: FeedLimiter;
}

export interface TFeedController {
  getState: () => TFeedView;
  subscribe: (listener: () => void) => () => void;
  /** Shows the list of `params` from page 1; 'search', 'refresh' and 'login' empty the cache. */
  setParams: (params: TFeedParams, reason?: TResetReason) => void;
  /** Next page, unless a load runs, no pages remain or the feed is blocked. Says if it started. */
  loadMore: () => boolean;
  /** After an error: the first page again, or the page that failed. */
  retry: () => void;
  /** SPEC 2 logo: empties the cache and starts over. */
  refresh: () => void;
  /** The kept-alive page was hidden. */
  deactivate: () => void;
  /** The kept-alive page is shown again; true when its content was too old and reloads. */
  activate: () => boolean;
  dispose: () => void;
}

const INITIAL_VIEW: TFeedView = {
  status: 'loading',
  params: null,
  items: [],
  total: 0,
  page: 0,
  error: null,
  isBlocked: false,
  generation: 0,
  resetReason: 'change',
};

interface TInFlight {
  abort: AbortController;
  timer: ReturnType<typeof setTimeout> | null;
}

/** New works can shift an offset-paged list by a few items: a page may repeat some. */
function appendUnique(items: readonly TWorkCard[], page: readonly TWorkCard[]): TWorkCard[] {
  const seen = new Set(items.map((item) => item.id));
  const added = page.filter((item) => !seen.has(item.id) && seen.add(item.id));
  return [...items, ...added];
}

/**
 * The home feed's state machine (SPEC 4 Feed, SPEC 9 constants), free of
 * React: pages of 50 appended as they arrive; more pages exist while the page
 * is below ceil(total / page size); a failed next page rolls the page number
 * back; pages are reused from the cache for 30 s, and the whole list is kept
 * when the page is shown again within 5 minutes of leaving it; the limiter
 * spaces and blocks requests after errors.
 */
export function createFeedController(options: TFeedControllerOptions): TFeedController {
  const now = options.now ?? Date.now;
  const pageSize = options.pageSize ?? LIMITS.feedPageSize;
  const cacheMs = options.cacheMs ?? LIMITS.feedCacheMs;
  const reactivatedCacheMs = options.reactivatedCacheMs ?? LIMITS.feedCacheReactivatedMs;
  const cache = options.cache ?? queryFeedCache(new QueryClient());
  const limiter = options.limiter ?? new FeedLimiter();
  const listeners = new Set<() => void>();

  let view = INITIAL_VIEW;
  let inFlight: TInFlight | null = null;
  let unblockTimer: ReturnType<typeof setTimeout> | null = null;
  let leftAt: number | null = null;
  let resetAt = Number.NEGATIVE_INFINITY;

  function update(patch: Partial<TFeedView>) {
    view = { ...view, ...patch };
    for (const listener of listeners) listener();
  }

  const hasMore = () => view.page < Math.ceil(view.total / pageSize);

  function cancelInFlight() {
    if (!inFlight) return;
    if (inFlight.timer) clearTimeout(inFlight.timer);
    inFlight.abort.abort();
    inFlight = null;
  }

  function apply(page: number, result: TFeedPage) {
    const items = appendUnique(page === 1 ? [] : view.items, result.data);
    // An empty page ends the list even if `total` promised more (a shrinking list).
    const isLast = result.data.length === 0 || page >= Math.ceil(result.total / pageSize);
    update({
      status: isLast ? 'noMore' : 'loaded',
      items,
      total: result.total,
      page,
      error: null,
      isBlocked: false,
    });
  }

  function scheduleUnblock() {
    if (unblockTimer) clearTimeout(unblockTimer);
    unblockTimer = setTimeout(
      () => {
        unblockTimer = null;
        update({ isBlocked: limiter.isBlocked(now()) });
      },
      Math.max(0, limiter.unblocksAt - now()),
    );
  }

  function fail(request: TInFlight, page: number, error: unknown) {
    if (inFlight !== request) return;
    inFlight = null;
    // SPEC 4: a failed page rolls the page number back.
    const rolledBack = { status: 'error' as const, page: page - 1 };
    if (isCancelledRequest(error)) {
      update({ ...rolledBack, error: { key: 'failed' } });
      return;
    }
    if (limiter.recordError(now())) scheduleUnblock();
    update({ ...rolledBack, error: describeFeedError(error), isBlocked: limiter.isBlocked(now()) });
  }

  function takeAtHand(params: TFeedParams, page: number): TFeedPage | undefined {
    const atHand = options.peekPage?.({ ...params, page, pageSize });
    if (atHand) cache.set(params, page, atHand, now());
    return atHand;
  }

  function load(page: number): boolean {
    const params = view.params;
    if (!params) return false;
    const cached = cache.get(params, page, cacheMs, now()) ?? takeAtHand(params, page);
    if (cached) {
      apply(page, cached);
      return true;
    }
    const gate = limiter.gate(now());
    if (gate.blocked) {
      update({ status: 'error', isBlocked: true });
      return false;
    }
    update({ status: page === 1 ? 'loading' : 'loadingMore', page, error: null, isBlocked: false });
    const request: TInFlight = { abort: new AbortController(), timer: null };
    inFlight = request;
    const send = () => {
      request.timer = null;
      Promise.resolve()
        .then(() => options.fetchPage({ ...params, page, pageSize }, request.abort.signal))
        .then(
          (result) => {
            if (inFlight !== request) return;
            inFlight = null;
            limiter.recordSuccess();
            cache.set(params, page, result, now());
            apply(page, result);
          },
          (error: unknown) => fail(request, page, error),
        );
    };
    // SPEC 4 limiter: after a failure the next request waits out the 5 s cooldown.
    if (gate.waitMs > 0) request.timer = setTimeout(send, gate.waitMs);
    else send();
    return true;
  }

  function reset(params: TFeedParams, reason: TResetReason) {
    cancelInFlight();
    resetAt = now();
    update({
      params,
      items: [],
      total: 0,
      page: 0,
      status: 'loading',
      error: null,
      generation: view.generation + 1,
      resetReason: reason,
    });
    load(1);
  }

  const { initialParams } = options;
  // A second controller of the same page (a remount) finds the page the first one took.
  const first =
    initialParams && (cache.get(initialParams, 1, cacheMs, now()) ?? takeAtHand(initialParams, 1));
  if (initialParams && first) {
    view = { ...view, params: initialParams, generation: 1 };
    apply(1, first);
  }

  return {
    getState: () => view,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setParams: (params, reason = 'change') => {
      const isSame = view.params !== null && feedKey(view.params) === feedKey(params);
      if (isSame && reason === 'change') return;
      // SPEC 4: the cache is cleared on refresh and search; ours: also when the user changes.
      if (reason !== 'change') cache.clear();
      reset(params, reason);
    },
    loadMore: () => {
      if (!view.params || inFlight || !hasMore()) return false;
      const canContinue =
        view.status === 'loaded' || (view.status === 'error' && view.items.length > 0);
      return canContinue && load(view.page + 1);
    },
    retry: () => {
      if (!view.params || inFlight || view.status !== 'error') return;
      if (view.items.length === 0) load(1);
      else if (hasMore()) load(view.page + 1);
    },
    refresh: () => {
      if (!view.params) return;
      cache.clear();
      reset(view.params, 'refresh');
    },
    deactivate: () => {
      leftAt = now();
    },
    activate: () => {
      const left = leftAt;
      leftAt = null;
      if (left === null || !view.params) return false;
      // A list rebuilt while the page was hidden (a search from elsewhere) counts from then.
      if (now() - Math.max(left, resetAt) <= reactivatedCacheMs) return false;
      reset(view.params, 'expired');
      return true;
    },
    dispose: () => {
      cancelInFlight();
      if (unblockTimer) clearTimeout(unblockTimer);
      unblockTimer = null;
      // A remount (StrictMode runs effects twice) must load again: the aborted load left nothing.
      view = { ...view, params: null };
    },
  };
}
