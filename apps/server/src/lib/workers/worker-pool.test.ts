import { availableParallelism, getPriority } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import type { TPoolTestTask } from '../../test/pool-tasks.worker';
import {
  defaultThreads,
  THREAD_NICE,
  WorkerPool,
  WorkerPoolError,
  WorkerTaskError,
} from './worker-pool';

const entry = new URL('../../test/pool-tasks.worker.ts', import.meta.url);
const pools: WorkerPool<TPoolTestTask, number>[] = [];
/**
 * How long a test waits for a new thread to take its task: starting one costs
 * tens of milliseconds alone but seconds on a machine busy with other test
 * files, more than expect.poll's default of one second.
 */
const THREAD_START_MS = 10_000;

function pool(
  options: {
    threads?: number;
    maxQueue?: number;
    timeoutMs?: number;
    maxHeapMb?: number;
    stopRunning?: 'terminate' | 'retire';
    retireGraceMs?: number;
    nice?: number;
  } = {},
) {
  const created = new WorkerPool<TPoolTestTask, number>({ entry, timeoutMs: 20_000, ...options });
  pools.push(created);
  return created;
}

async function failure(promise: Promise<unknown>): Promise<WorkerPoolError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WorkerPoolError);
  return error as WorkerPoolError;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((created) => created.close()));
});

describe('WorkerPool (ADR 0008)', () => {
  it('runs tasks on its threads and answers each with its own result', async () => {
    const workers = pool({ threads: 2 });
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((value) => workers.run({ task: 'double', value })),
    );
    expect(results).toEqual([2, 4, 6, 8, 10]);
    expect(workers.stats.threads).toBeLessThanOrEqual(2);
  });

  it.skipIf(process.platform !== 'linux')(
    'runs its threads below the event loop, so a busy machine schedules the loop first (ADR 0057)',
    async () => {
      const loopNice = getPriority();
      expect(await pool({ threads: 1 }).run({ task: 'nice' })).toBe(
        Math.min(19, loopNice + THREAD_NICE),
      );
      // nice: 0 keeps the process's priority.
      expect(await pool({ threads: 1, nice: 0 }).run({ task: 'nice' })).toBe(loopNice);
    },
  );

  it('keeps the event loop free while a task runs', async () => {
    const workers = pool({ threads: 1 });
    const order: string[] = [];
    const spinning = workers
      .run({ task: 'spin' }, { timeoutMs: 500 })
      .catch(() => order.push('task ended'));
    await new Promise<void>((resolve) =>
      setImmediate(() => {
        order.push('event loop turned');
        resolve();
      }),
    );
    await spinning;
    expect(order).toEqual(['event loop turned', 'task ended']);
  });

  it('gives back the error a task threw, and the thread stays for the next task', async () => {
    const workers = pool({ threads: 1 });
    const error = await workers
      .run({ task: 'throw', message: 'bad input' })
      .catch((caught) => caught);
    expect(error).toBeInstanceOf(WorkerTaskError);
    expect(error).toMatchObject({ errorName: 'RangeError', message: 'bad input' });
    expect(await workers.run({ task: 'double', value: 21 })).toBe(42);
    // What a refusal carries beyond its message comes back as sent.
    const refusal = await workers
      .run({ task: 'throw', message: 'refused', data: { key: 'zipBomb', params: { max: 3 } } })
      .catch((caught) => caught);
    expect(refusal).toMatchObject({ data: { key: 'zipBomb', params: { max: 3 } } });
  });

  it('stops a task over its time cap and replaces the thread', async () => {
    const workers = pool({ threads: 1 });
    expect((await failure(workers.run({ task: 'spin' }, { timeoutMs: 300 }))).reason).toBe(
      'timeout',
    );
    expect(await workers.run({ task: 'double', value: 4 })).toBe(8);
  });

  it.skipIf(process.platform !== 'linux')(
    'caps the CPU a task uses: one that waits (a thread without a core) outlives its cap on the clock, up to 4 times it',
    async () => {
      const workers = pool({ threads: 1 });
      // Warm: the thread has told its id, so the next tasks are measured by their own CPU.
      expect(await workers.run({ task: 'double', value: 1 })).toBe(2);
      // Blocked 600 ms with a 300 ms cap: no CPU used, answered.
      expect(await workers.run({ task: 'sleep', ms: 600, value: 3 }, { timeoutMs: 300 })).toBe(3);
      // Blocked past 4 × its cap: stopped by the clock.
      const blocked = workers.run({ task: 'sleep', ms: 5000, value: 4 }, { timeoutMs: 200 });
      expect((await failure(blocked)).reason).toBe('timeout');
    },
  );

  it('stops a task over its heap cap and replaces the thread', async () => {
    const workers = pool({ threads: 1, maxHeapMb: 32 });
    expect((await failure(workers.run({ task: 'grow' }))).reason).toBe('memory');
    expect(await workers.run({ task: 'double', value: 5 })).toBe(10);
  });

  it('fails the task of a thread that exits and runs the queue on a new one', async () => {
    const workers = pool({ threads: 1 });
    const crashed = workers.run({ task: 'exit' });
    const next = workers.run({ task: 'double', value: 6 });
    expect((await failure(crashed)).reason).toBe('crashed');
    expect(await next).toBe(12);
  });

  it('refuses new tasks once the queue is full', async () => {
    const workers = pool({ threads: 1, maxQueue: 1 });
    const controller = new AbortController();
    const running = workers.run({ task: 'spin' }, { signal: controller.signal });
    const queued = workers.run({ task: 'double', value: 1 });
    expect((await failure(workers.run({ task: 'double', value: 2 }))).reason).toBe('busy');
    controller.abort();
    expect((await failure(running)).reason).toBe('aborted');
    expect(await queued).toBe(2);
  });

  it('ends an aborted task, running or queued', async () => {
    const workers = pool({ threads: 1 });
    const controller = new AbortController();
    const queuedController = new AbortController();
    const running = workers.run({ task: 'spin' }, { signal: controller.signal });
    const queued = workers.run({ task: 'double', value: 3 }, { signal: queuedController.signal });
    queuedController.abort();
    expect((await failure(queued)).reason).toBe('aborted');
    controller.abort();
    expect((await failure(running)).reason).toBe('aborted');
    expect(await workers.run({ task: 'double', value: 7 })).toBe(14);
  });

  it("'retire' answers an aborted task at once but lets its thread finish before ending it", async () => {
    const workers = pool({ threads: 1, stopRunning: 'retire' });
    const controller = new AbortController();
    const running = workers.run(
      { task: 'sleep', ms: 3000, value: 1 },
      { signal: controller.signal },
    );
    await expect.poll(() => workers.stats.running, { timeout: THREAD_START_MS }).toBe(1);
    controller.abort();
    expect((await failure(running)).reason).toBe('aborted');
    // Answered while the thread is still inside its task (it sleeps for 3 s):
    // out of the pool, still finishing; a fresh thread answers the next task meanwhile.
    expect(workers.stats).toMatchObject({ threads: 0, retiring: 1 });
    expect(await workers.run({ task: 'double', value: 4 })).toBe(8);
    await expect.poll(() => workers.stats.retiring, { timeout: 10_000 }).toBe(0);
    expect(workers.stats.threads).toBe(1);
  });

  it("'retire' takes a finished thread back when the pool has room, and terminates one that never finishes", async () => {
    const workers = pool({ threads: 1, stopRunning: 'retire' });
    const first = new AbortController();
    const sleeping = workers.run({ task: 'sleep', ms: 300, value: 1 }, { signal: first.signal });
    await expect.poll(() => workers.stats.running, { timeout: THREAD_START_MS }).toBe(1);
    first.abort();
    await failure(sleeping);
    // Nothing else ran: the thread comes back as the pool's idle one.
    await expect
      .poll(() => workers.stats, { timeout: 10_000 })
      .toMatchObject({ threads: 1, retiring: 0 });

    const strict = pool({ threads: 1, stopRunning: 'retire', retireGraceMs: 300 });
    const second = new AbortController();
    const spinning = strict.run({ task: 'spin' }, { signal: second.signal });
    await expect.poll(() => strict.stats.running, { timeout: THREAD_START_MS }).toBe(1);
    second.abort();
    await failure(spinning);
    expect(strict.stats.retiring).toBe(1);
    // A spinning thread never finishes: after the grace period it is terminated.
    await expect.poll(() => strict.stats.retiring, { timeout: 10_000 }).toBe(0);
    expect(await strict.run({ task: 'double', value: 5 })).toBe(10);
  });

  it("passes a task's progress messages on in order, all before its result", async () => {
    const workers = pool({ threads: 1 });
    const seen: unknown[] = [];
    const result = await workers.run(
      { task: 'steps', steps: 4, ms: 0, value: 9 },
      { onProgress: (progress) => seen.push(progress) },
    );
    // Everything posted before the answer has arrived by the time the answer does.
    expect(seen).toEqual([0.25, 0.5, 0.75, 1]);
    expect(result).toBe(9);
    // A task without a listener runs as before.
    expect(await workers.run({ task: 'steps', steps: 2, ms: 0, value: 3 })).toBe(3);
  });

  it('passes on no progress of a task after it was stopped, terminated or retired', async () => {
    const workers = pool({ threads: 1 });
    const controller = new AbortController();
    let afterAnswer = 0;
    let answered = false;
    const stopped = workers.run(
      { task: 'steps', steps: 1000, ms: 5, value: 1 },
      {
        signal: controller.signal,
        onProgress: () => {
          if (answered) afterAnswer++;
          else controller.abort();
        },
      },
    );
    expect((await failure(stopped)).reason).toBe('aborted');
    answered = true;
    expect(await workers.run({ task: 'double', value: 2 })).toBe(4);
    expect(afterAnswer).toBe(0);

    // A retired thread goes on posting until it finishes: none of it reaches the
    // caller, and its progress does not count as its final answer (which would
    // end its retirement, and end the thread, while it is still inside its task).
    const retiring = pool({ threads: 1, stopRunning: 'retire' });
    const finished = new SharedArrayBuffer(4);
    const second = new AbortController();
    let late = 0;
    let isAnswered = false;
    const retired = retiring.run(
      { task: 'steps', steps: 40, ms: 25, value: 1, finished },
      {
        signal: second.signal,
        onProgress: () => {
          if (isAnswered) late++;
          else second.abort();
        },
      },
    );
    expect((await failure(retired)).reason).toBe('aborted');
    isAnswered = true;
    expect(await retiring.run({ task: 'double', value: 5 })).toBe(10);
    await expect.poll(() => retiring.stats.retiring, { timeout: 10_000 }).toBe(0);
    // It left retirement only once its task had really finished.
    expect(Atomics.load(new Int32Array(finished), 0)).toBe(1);
    expect(late).toBe(0);
  });

  it('sizes itself from the environment, else one thread per core but one', () => {
    expect(defaultThreads('3')).toBe(3);
    const fallback = Math.max(1, availableParallelism() - 1);
    expect(defaultThreads('zero')).toBe(fallback);
    expect(defaultThreads(undefined)).toBe(fallback);
  });
});
