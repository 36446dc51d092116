import type { TWorkCard } from '@layerline/contract';
import { vi } from 'vitest';
import type { TFeedPage, TFeedPageCache, TFeedParams } from './feed-cache';
import { createFeedController, type TFeedController, type TFeedRequest } from './feed-controller';

/** Test fakes of the feed controller's tests: works, and a server the test answers by hand. */
export const ALL: TFeedParams = { query: '', category: null, sort: null };
export const LASER: TFeedParams = { query: '', category: 12, sort: null };
export const DRAGON: TFeedParams = { query: 'dragon', category: null, sort: null };

export function card(id: number): TWorkCard {
  return {
    id,
    title: `Work ${id}`,
    cover: [],
    nickname: 'maker',
    avatar: '',
    created_by: 1,
    like: 0,
    favor: 0,
    is_like: false,
    download_count: 0,
    comment_count: 0,
    CreatedAt: '2025-01-01T00:00:00.000Z',
    status: 'published',
    rejection_reason: '',
  };
}

/** `total` works, served in pages of the requested size. */
function pageOf(request: TFeedRequest, total: number): TFeedPage {
  const start = (request.page - 1) * request.pageSize;
  const count = Math.max(0, Math.min(request.pageSize, total - start));
  return { data: Array.from({ length: count }, (_, index) => card(start + index + 1)), total };
}

type TPending = {
  request: TFeedRequest;
  signal: AbortSignal;
  resolve: (page: TFeedPage) => void;
  reject: (error: unknown) => void;
};

/** A scripted server: every request waits until the test answers it. */
export function setupFeed(pageSize = 50, cache?: TFeedPageCache) {
  const pending: TPending[] = [];
  const fetchPage = vi.fn(
    (request: TFeedRequest, signal: AbortSignal) =>
      new Promise<TFeedPage>((resolve, reject) => {
        pending.push({ request, signal, resolve, reject });
      }),
  );
  const controller = createFeedController({ fetchPage, pageSize, cache });
  const answer = async (total: number) => {
    const next = pending.shift();
    if (!next) throw new Error('no request is waiting');
    next.resolve(pageOf(next.request, total));
    await vi.advanceTimersByTimeAsync(0);
  };
  const fail = async (error: unknown = new Error('Request failed with status code 500')) => {
    const next = pending.shift();
    if (!next) throw new Error('no request is waiting');
    next.reject(error);
    await vi.advanceTimersByTimeAsync(0);
  };
  /** Lets queued microtasks (the request start) run. */
  const flush = () => vi.advanceTimersByTimeAsync(0);
  return { controller, fetchPage, pending, answer, fail, flush };
}

export const status = (controller: TFeedController) => controller.getState().status;
