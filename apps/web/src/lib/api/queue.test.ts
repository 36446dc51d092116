import { LIMITS } from '@layerline/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isCancel } from './errors';
import { createQueue } from './queue';
import { deferred, envelope, rejection, setup } from './test-fakes';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const cancelled = () => new Error('cancelled');

describe('SPEC 7 concurrency limit and queue', () => {
  it('runs 100 requests at once and queues the rest', async () => {
    const answers: Array<ReturnType<typeof deferred<Response>>> = [];
    const { client, calls } = setup(() => {
      const answer = deferred<Response>();
      answers.push(answer);
      return answer.promise;
    });
    for (let i = 0; i < LIMITS.concurrency + 12; i += 1) void client.get(`/api/v1/works/${i}`);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(100);

    // Freed slots are refilled on the next tick, 5 at a time, not at once.
    for (const answer of answers.slice(0, 12)) answer.resolve(envelope());
    await vi.advanceTimersByTimeAsync(LIMITS.dispatchTickMs - 1);
    expect(calls).toHaveLength(100);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(105);
    await vi.advanceTimersByTimeAsync(LIMITS.dispatchTickMs);
    expect(calls).toHaveLength(110);
    await vi.advanceTimersByTimeAsync(LIMITS.dispatchTickMs);
    expect(calls).toHaveLength(112);
    // First in, first out.
    expect(calls.slice(100).map((call) => call.url)).toEqual(
      Array.from({ length: 12 }, (_, i) => `/api/v1/works/${100 + i}`),
    );
  });

  it('never exceeds the limit when slots are scarce', async () => {
    const queue = createQueue({ limit: 2, perTick: 5, tickMs: 50, cancelled });
    const held = [deferred<void>(), deferred<void>(), deferred<void>(), deferred<void>()];
    const started: number[] = [];
    held.forEach((gate, i) => {
      void queue.run(() => {
        started.push(i);
        return gate.promise;
      });
    });
    expect(started).toEqual([0, 1]);
    held[0]?.resolve();
    await vi.advanceTimersByTimeAsync(50);
    expect(started).toEqual([0, 1, 2]);
    expect(queue.active).toBe(2);
    expect(queue.waiting).toBe(1);
  });

  it('drops a queued request whose caller aborts before it starts', async () => {
    const queue = createQueue({ limit: 1, perTick: 5, tickMs: 50, cancelled });
    const gate = deferred<void>();
    const task = vi.fn(() => Promise.resolve());
    void queue.run(() => gate.promise);
    const controller = new AbortController();
    const queued = queue.run(task, controller.signal).catch((error: unknown) => error);
    controller.abort();
    expect(await queued).toEqual(new Error('cancelled'));
    gate.resolve();
    await vi.advanceTimersByTimeAsync(100);
    expect(task).not.toHaveBeenCalled();
    expect(queue.waiting).toBe(0);
  });

  it("rejects an aborted queued call with 'Request cancelled' and no toast", async () => {
    const { client, calls, options } = setup(() => new Promise<Response>(() => {}));
    for (let i = 0; i < LIMITS.concurrency; i += 1) void client.get(`/api/v1/works/${i}`);
    const controller = new AbortController();
    const queued = rejection(client.get('/api/v1/works/last', { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    expect(isCancel(await queued)).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.some((call) => call.url.endsWith('/last'))).toBe(false);
    expect(options.notify).not.toHaveBeenCalled();
  });
});
