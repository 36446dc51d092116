import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryFeedCache } from './feed-cache';
import { createFeedController } from './feed-controller';
import { ALL, card, DRAGON, LASER, setupFeed as setup, status } from './feed-controller.fakes';
import { FEED_QUERY_KEY } from './feed-refresh';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('feed controller states (SPEC 4 Feed)', () => {
  it('goes loading → loaded → loadingMore → loaded → noMore, appending pages of 50', async () => {
    const { controller, fetchPage, answer, flush } = setup();
    controller.setParams(ALL);
    await flush();
    expect(status(controller)).toBe('loading');
    expect(fetchPage).toHaveBeenLastCalledWith(
      { query: '', category: null, sort: null, page: 1, pageSize: 50 },
      expect.any(AbortSignal),
    );

    await answer(120);
    expect(controller.getState()).toMatchObject({ status: 'loaded', page: 1, total: 120 });
    expect(controller.getState().items).toHaveLength(50);

    expect(controller.loadMore()).toBe(true);
    await flush();
    expect(controller.getState()).toMatchObject({ status: 'loadingMore', page: 2 });
    // One load at a time.
    expect(controller.loadMore()).toBe(false);
    await answer(120);
    expect(controller.getState()).toMatchObject({ status: 'loaded', page: 2 });
    expect(
      controller
        .getState()
        .items.map((item) => item.id)
        .slice(48, 52),
    ).toEqual([49, 50, 51, 52]);

    controller.loadMore();
    await flush();
    await answer(120);
    // Page 3 = ceil(120 / 50): no more pages.
    expect(controller.getState()).toMatchObject({ status: 'noMore', page: 3 });
    expect(controller.getState().items).toHaveLength(120);
    expect(controller.loadMore()).toBe(false);
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });

  it('ends at once when the first page holds everything, and an empty list is noMore', async () => {
    const { controller, answer, flush } = setup();
    controller.setParams(ALL);
    await flush();
    await answer(50);
    expect(status(controller)).toBe('noMore');

    controller.setParams(LASER);
    await flush();
    await answer(0);
    expect(controller.getState()).toMatchObject({ status: 'noMore', total: 0, items: [] });
  });

  it('rolls the page number back when the next page fails, and retries that page', async () => {
    const { controller, fetchPage, answer, fail, flush } = setup();
    controller.setParams(ALL);
    await flush();
    await answer(200);
    controller.loadMore();
    await flush();
    expect(controller.getState().page).toBe(2);

    await fail();
    expect(controller.getState()).toMatchObject({ status: 'error', page: 1 });
    expect(controller.getState().items).toHaveLength(50);

    // The next try waits out the 5 s cooldown, then asks for page 2 again.
    controller.retry();
    expect(status(controller)).toBe('loadingMore');
    await vi.advanceTimersByTimeAsync(4999);
    expect(fetchPage).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchPage).toHaveBeenCalledTimes(3);
    expect(fetchPage.mock.lastCall?.[0].page).toBe(2);
    await answer(200);
    expect(controller.getState()).toMatchObject({ status: 'loaded', page: 2 });
    expect(controller.getState().items).toHaveLength(100);
  });

  it('resets to page 1 on a category change and ignores the answer of the replaced list', async () => {
    const { controller, pending, answer, flush } = setup();
    controller.setParams(ALL);
    await flush();
    const first = pending[0];
    controller.setParams(LASER);
    await flush();
    expect(first?.signal.aborted).toBe(true);
    expect(pending).toHaveLength(2);
    pending.shift()?.resolve({ data: [card(999)], total: 1 });
    await flush();
    expect(status(controller)).toBe('loading');
    await answer(3);
    expect(controller.getState()).toMatchObject({ params: LASER, page: 1, total: 3 });
    expect(controller.getState().items.map((item) => item.id)).toEqual([1, 2, 3]);
  });
});

describe('feed cache (SPEC 4, SPEC 9: 30 s, 300 s after reactivation)', () => {
  it('reuses a page for the same parameters within 30 s and asks again after', async () => {
    const { controller, fetchPage, answer, flush } = setup();
    controller.setParams(ALL);
    await flush();
    await answer(10);
    controller.setParams(LASER);
    await flush();
    await answer(4);
    expect(fetchPage).toHaveBeenCalledTimes(2);

    await vi.advanceTimersByTimeAsync(29_000);
    controller.setParams(ALL);
    await flush();
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(controller.getState()).toMatchObject({ status: 'noMore', params: ALL, total: 10 });

    await vi.advanceTimersByTimeAsync(2_000);
    controller.setParams(LASER);
    await flush();
    expect(fetchPage).toHaveBeenCalledTimes(3);
    expect(status(controller)).toBe('loading');
  });

  it('keeps the list when home is shown again within 300 s of leaving, reloads after', async () => {
    const { controller, fetchPage, answer, flush } = setup();
    controller.setParams(ALL);
    await flush();
    await answer(120);
    controller.loadMore();
    await flush();
    await answer(120);

    controller.deactivate();
    await vi.advanceTimersByTimeAsync(299_000);
    expect(controller.activate()).toBe(false);
    expect(controller.getState()).toMatchObject({ status: 'loaded', page: 2 });
    expect(controller.getState().items).toHaveLength(100);
    expect(fetchPage).toHaveBeenCalledTimes(2);

    controller.deactivate();
    await vi.advanceTimersByTimeAsync(301_000);
    expect(controller.activate()).toBe(true);
    await flush();
    expect(controller.getState()).toMatchObject({
      status: 'loading',
      page: 1,
      resetReason: 'expired',
    });
    expect(fetchPage).toHaveBeenCalledTimes(3);
    expect(fetchPage.mock.lastCall?.[0].page).toBe(1);
  });

  it('counts the 300 s from a list rebuilt while home was hidden', async () => {
    const { controller, fetchPage, answer, flush } = setup();
    controller.setParams(ALL);
    await flush();
    await answer(10);
    controller.deactivate();
    await vi.advanceTimersByTimeAsync(400_000);
    // Searched from another page, then home is shown.
    controller.setParams(DRAGON, 'search');
    await flush();
    await answer(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(controller.activate()).toBe(false);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('is cleared by a refresh and by a new search, even of the same text', async () => {
    const { controller, fetchPage, answer, flush } = setup();
    controller.setParams(ALL);
    await flush();
    await answer(10);

    controller.refresh();
    await flush();
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(controller.getState().resetReason).toBe('refresh');
    await answer(10);

    controller.setParams(DRAGON, 'search');
    await flush();
    await answer(3);
    controller.setParams(DRAGON, 'search');
    await flush();
    expect(fetchPage).toHaveBeenCalledTimes(4);
    await answer(3);

    // The search emptied the cache: 'All' is fetched again within 30 s.
    controller.setParams(ALL, 'search');
    await flush();
    expect(fetchPage).toHaveBeenCalledTimes(5);
  });

  it('does not fetch again when the same parameters are set without a reason', async () => {
    const { controller, fetchPage, answer, flush } = setup();
    controller.setParams(ALL);
    await flush();
    await answer(10);
    controller.setParams({ ...ALL });
    await flush();
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('keeps its pages in the Query cache and asks again for pages invalidated there', async () => {
    const queryClient = new QueryClient();
    const { controller, fetchPage, answer, flush } = setup(50, queryFeedCache(queryClient));
    controller.setParams(ALL);
    await flush();
    await answer(3);
    controller.setParams(LASER);
    await flush();
    await answer(1);
    controller.setParams(ALL);
    await flush();
    expect(fetchPage).toHaveBeenCalledTimes(2);
    // A work deleted, or the logo's refresh: the feed's keys are invalidated.
    await queryClient.invalidateQueries({ queryKey: FEED_QUERY_KEY });
    controller.setParams(LASER);
    await flush();
    expect(fetchPage).toHaveBeenCalledTimes(3);
    expect(status(controller)).toBe('loading');
  });
});

describe('a first page the app already holds (the home’s HTML)', () => {
  const pageOf = (total: number) => ({
    data: Array.from({ length: Math.min(50, total) }, (_, index) => card(index + 1)),
    total,
  });

  it('starts loaded with it, before any render, and asks the server only for what follows', async () => {
    const fetchPage = vi.fn(() => new Promise<never>(() => {}));
    const peekPage = vi.fn((request: { page: number }) =>
      request.page === 1 ? pageOf(120) : undefined,
    );
    const controller = createFeedController({ fetchPage, peekPage, initialParams: ALL });
    expect(controller.getState()).toMatchObject({
      status: 'loaded',
      params: ALL,
      page: 1,
      total: 120,
      generation: 1,
    });
    expect(controller.getState().items).toHaveLength(50);
    expect(peekPage).toHaveBeenCalledWith({ ...ALL, page: 1, pageSize: 50 });
    // The page's own first setParams of the same list changes nothing.
    controller.setParams(ALL);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchPage).not.toHaveBeenCalled();
    expect(controller.loadMore()).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchPage).toHaveBeenCalledWith(
      { ...ALL, page: 2, pageSize: 50 },
      expect.any(AbortSignal),
    );
  });

  it('is taken once: a second controller of the page (a remount) finds it in the cache', async () => {
    const cache = queryFeedCache(new QueryClient());
    const fetchPage = vi.fn(() => new Promise<never>(() => {}));
    let atHand: ReturnType<typeof pageOf> | undefined = pageOf(120);
    const peekPage = () => {
      const page = atHand;
      atHand = undefined;
      return page;
    };
    createFeedController({ fetchPage, peekPage, initialParams: ALL, cache });
    const again = createFeedController({ fetchPage, peekPage, initialParams: ALL, cache });
    expect(again.getState()).toMatchObject({ status: 'loaded', params: ALL, total: 120 });
    expect(again.getState().items).toHaveLength(50);
  });

  it('starts empty when nothing is at hand, and the first setParams loads from the server', async () => {
    const fetchPage = vi.fn(() => new Promise<never>(() => {}));
    const controller = createFeedController({
      fetchPage,
      peekPage: () => undefined,
      initialParams: ALL,
    });
    expect(controller.getState()).toMatchObject({ status: 'loading', params: null, page: 0 });
    controller.setParams(ALL);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });
});
