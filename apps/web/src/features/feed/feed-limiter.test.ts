import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import { ALL, LASER, setupFeed as setup } from './feed-controller.fakes';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('feed limiter (SPEC 4, SPEC 9: 3 errors, 5 s apart, 30 s block)', () => {
  it('spaces requests 5 s after a failure, blocks after the third, lifts after 30 s', async () => {
    const { controller, fetchPage, fail, answer, flush } = setup();
    controller.setParams(ALL);
    await flush();
    await fail();
    expect(controller.getState()).toMatchObject({ status: 'error', isBlocked: false, page: 0 });

    controller.retry();
    await vi.advanceTimersByTimeAsync(4_000);
    expect(fetchPage).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchPage).toHaveBeenCalledTimes(2);
    await fail();

    controller.retry();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetchPage).toHaveBeenCalledTimes(3);
    await fail();
    expect(controller.getState()).toMatchObject({ status: 'error', isBlocked: true });

    // Blocked: neither a retry nor a new category sends anything.
    controller.retry();
    controller.setParams(LASER);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(fetchPage).toHaveBeenCalledTimes(3);
    expect(controller.getState()).toMatchObject({ status: 'error', isBlocked: true });

    await vi.advanceTimersByTimeAsync(1_000);
    expect(controller.getState().isBlocked).toBe(false);
    controller.retry();
    await flush();
    expect(fetchPage).toHaveBeenCalledTimes(4);
    expect(fetchPage.mock.lastCall?.[0]).toMatchObject({ category: 12, page: 1 });
    await answer(5);
    expect(controller.getState()).toMatchObject({ status: 'noMore', isBlocked: false });
  });

  it('starts counting again after a success', async () => {
    const { controller, fetchPage, fail, answer, flush } = setup();
    controller.setParams(ALL);
    await flush();
    await answer(500);
    for (let round = 0; round < 2; round += 1) {
      controller.loadMore();
      await vi.advanceTimersByTimeAsync(5_000);
      await fail();
    }
    controller.loadMore();
    await vi.advanceTimersByTimeAsync(5_000);
    await answer(500);
    expect(controller.getState()).toMatchObject({ status: 'loaded', page: 2 });

    // A success ended the run: the next failure is the first again, not the third.
    controller.loadMore();
    await flush();
    await fail();
    expect(controller.getState()).toMatchObject({ status: 'error', isBlocked: false, page: 2 });
    expect(fetchPage).toHaveBeenCalledTimes(5);
  });

  it('lets healthy requests through without a cooldown', async () => {
    const { controller, fetchPage, answer, flush } = setup();
    controller.setParams(ALL);
    await flush();
    await answer(500);
    controller.loadMore();
    await flush();
    expect(fetchPage).toHaveBeenCalledTimes(2);
    await answer(500);
    controller.setParams(LASER);
    await flush();
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });

  it('maps the failure to the SPEC 8 feed messages', async () => {
    const { controller, fail, flush } = setup();
    controller.setParams(ALL);
    await flush();
    await fail(new ApiError({ kind: 'notFound', message: 'x', status: 404 }));
    expect(controller.getState().error).toEqual({ key: 'notFound' });
  });

  it('does not count a cancelled request as an error', async () => {
    const { controller, fetchPage, fail, flush } = setup();
    controller.setParams(ALL);
    await flush();
    await fail(new ApiError({ kind: 'cancel', message: 'Request cancelled' }));
    expect(controller.getState()).toMatchObject({ status: 'error', error: { key: 'failed' } });
    controller.retry();
    await flush();
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });
});
