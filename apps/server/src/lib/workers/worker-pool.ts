import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { TaskTime, threadPrelude } from './thread-time';

/**
 * A small pool of worker threads (ADR 0008): parsing, sanitising and
 * rendering of uploaded files runs here, so the event loop keeps answering.
 * Each task has a time cap and the thread a heap cap; a thread that times
 * out, crashes, runs out of heap or whose task is aborted is terminated and
 * replaced. The queue is bounded, so a burst is refused instead of piling up.
 * Idle threads stay for the next task (what they loaded stays loaded) but do
 * not keep the process alive.
 *
 * The worker entry answers each message `{ id, input }` with
 * `{ id, ok: true, output }` or `{ id, ok: false, name, message[, data] }`;
 * `data` (structured-cloneable) carries what a refusal needs beyond its
 * message, e.g. the localised answer's key and parameters. Before its answer
 * a task may post any number of `{ id, progress }` messages; they reach the
 * caller's `onProgress` in order, before the result, and never after the
 * task was answered (a stopped or retired task's late ones are dropped).
 */

export type TWorkerPoolOptions = {
  /** The worker entry: a .ts file from source (loaded through tsx) or the bundled .js. */
  entry: URL;
  /** Threads; default max(1, cores - 1). */
  threads?: number;
  /** Tasks waiting for a thread before new ones are refused. */
  maxQueue?: number;
  /**
   * Per-task time cap, of the CPU its thread used from the task's dispatch
   * (Linux; the clock elsewhere), and at most WALL_CAP_FACTOR times it on
   * the clock (thread-time.ts); a task may bring its own.
   */
  timeoutMs?: number;
  /** JavaScript heap per thread. */
  maxHeapMb?: number;
  /**
   * What happens to a thread whose task timed out or was aborted. 'terminate'
   * (default) stops it at once. 'retire' answers the task's caller at once but
   * lets the thread finish what it is doing, then keeps it as an idle thread
   * (or ends it when the pool is full): native add-ons such as onnxruntime
   * abort the whole process when their thread is terminated mid-call. A
   * retired thread that has not finished after `retireGraceMs` is terminated.
   */
  stopRunning?: 'terminate' | 'retire';
  retireGraceMs?: number;
  /**
   * The threads' nice value (Linux; ignored elsewhere): above the process's
   * own, so on a machine with few cores the event loop is scheduled before
   * a thread parsing or running an engine (ADR 0057). Threads a task starts
   * (onnxruntime's) inherit it. Default THREAD_NICE; 0 keeps the process's.
   */
  nice?: number;
};

/** The pools' default nice value: the event loop first, the threads when it is idle (ADR 0057). */
export const THREAD_NICE = 10;

export type TWorkerFailure = 'timeout' | 'memory' | 'crashed' | 'busy' | 'aborted' | 'closed';

/** Why the pool did not give a result; `WorkerTaskError` carries the worker's own error. */
export class WorkerPoolError extends Error {
  constructor(
    readonly reason: TWorkerFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'WorkerPoolError';
  }
}

/** The task itself threw inside the worker (its error's name, message and data). */
export class WorkerTaskError extends Error {
  constructor(
    readonly errorName: string,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'WorkerTaskError';
  }
}

export type TWorkerReply<O> =
  | { id: number; ok: true; output: O }
  | { id: number; ok: false; name: string; message: string; data?: unknown };

/** What a task may post while it runs, before its reply. */
export type TWorkerProgress = { id: number; progress: unknown };

type TTask<I, O> = {
  id: number;
  input: I;
  transfer: ArrayBuffer[];
  timeoutMs: number;
  signal?: AbortSignal;
  stopRunning?: 'terminate' | 'retire';
  onProgress?: (progress: unknown) => void;
  resolve: (output: O) => void;
  reject: (error: Error) => void;
  onAbort?: () => void;
};

type TSlot<I, O> = {
  worker: Worker;
  /** The thread's kernel id (Linux), told by its prelude: where its CPU time is read. */
  tid?: number;
  task?: TTask<I, O>;
  timer?: NodeJS.Timeout;
  /** Retired: its task was given up; it finishes it before it is used again or ended. */
  retiring?: NodeJS.Timeout;
};

/** A thread count given as text (UPLOAD_WORKERS), else max(1, cores - 1). */
export function defaultThreads(env?: string): number {
  const fromEnv = Number(env);
  if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
  return Math.max(1, availableParallelism() - 1);
}

export class WorkerPool<I, O> {
  private readonly slots: TSlot<I, O>[] = [];
  private readonly retired = new Set<TSlot<I, O>>();
  private readonly queue: TTask<I, O>[] = [];
  private nextId = 1;
  private isClosed = false;
  private readonly threads: number;
  private readonly maxQueue: number;
  private readonly timeoutMs: number;
  private readonly maxHeapMb: number;

  constructor(private readonly options: TWorkerPoolOptions) {
    this.threads = options.threads ?? defaultThreads();
    this.maxQueue = options.maxQueue ?? 64;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxHeapMb = options.maxHeapMb ?? 512;
  }

  /** Runs one task on a free thread (queued while all are busy). */
  run(
    input: I,
    options: {
      transfer?: ArrayBuffer[];
      signal?: AbortSignal;
      timeoutMs?: number;
      /** This task's own `stopRunning` (e.g. only tasks inside a native add-on retire). */
      stopRunning?: 'terminate' | 'retire';
      /** Called with each progress message the task posts, in order, until it is answered. */
      onProgress?: (progress: unknown) => void;
    } = {},
  ): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      if (this.isClosed) return reject(new WorkerPoolError('closed', 'The worker pool is closed.'));
      const { signal } = options;
      if (signal?.aborted) return reject(new WorkerPoolError('aborted', 'The task was aborted.'));
      const busy = this.slots.filter((slot) => slot.task).length;
      if (busy >= this.threads && this.queue.length >= this.maxQueue) {
        return reject(new WorkerPoolError('busy', 'Too many tasks are waiting.'));
      }
      const task: TTask<I, O> = {
        id: this.nextId++,
        input,
        transfer: options.transfer ?? [],
        timeoutMs: options.timeoutMs ?? this.timeoutMs,
        signal,
        stopRunning: options.stopRunning,
        onProgress: options.onProgress,
        resolve,
        reject,
      };
      if (signal) {
        task.onAbort = () => this.abort(task);
        signal.addEventListener('abort', task.onAbort, { once: true });
      }
      this.queue.push(task);
      this.dispatch();
    });
  }

  /** Tasks waiting and running, for tests and diagnostics. */
  get stats(): { threads: number; running: number; queued: number; retiring: number } {
    return {
      threads: this.slots.length,
      running: this.slots.filter((slot) => slot.task).length,
      queued: this.queue.length,
      retiring: this.retired.size,
    };
  }

  /** The threads and waiting tasks it takes at most (what its stats are measured against). */
  get limits(): { threads: number; queue: number } {
    return { threads: this.threads, queue: this.maxQueue };
  }

  async close(): Promise<void> {
    this.isClosed = true;
    for (const task of this.queue.splice(0)) {
      this.settle(task, () => task.reject(new WorkerPoolError('closed', 'The pool is closed.')));
    }
    const retired = [...this.retired];
    this.retired.clear();
    for (const slot of retired) clearTimeout(slot.retiring);
    await Promise.all(
      [...this.slots.splice(0), ...retired].map((slot) => {
        if (slot.task) this.fail(slot, new WorkerPoolError('closed', 'The pool is closed.'));
        return slot.worker.terminate();
      }),
    );
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((candidate) => !candidate.task);
      const isNewThread = !slot && this.slots.length < this.threads;
      if (isNewThread) slot = this.spawn();
      if (!slot) return;
      const task = this.queue.shift() as TTask<I, O>;
      slot.task = task;
      const thread = slot;
      const time = new TaskTime(() => thread.tid, task.timeoutMs, isNewThread);
      this.watchTime(slot, task, time, task.timeoutMs);
      // A busy thread keeps the process alive; an idle one does not (release).
      slot.worker.ref();
      slot.worker.postMessage({ id: task.id, input: task.input }, task.transfer);
    }
  }

  private spawn(): TSlot<I, O> {
    const resourceLimits = { maxOldGenerationSizeMb: this.maxHeapMb };
    const { entry } = this.options;
    // The thread tells its kernel id and lowers its priority before its entry loads (ADR 0057).
    const prelude = threadPrelude(this.options.nice ?? THREAD_NICE);
    const href = JSON.stringify(entry.href);
    const worker = entry.pathname.endsWith('.ts')
      ? // tsx's hooks must be registered inside the thread before the entry loads.
        new Worker(
          `${prelude}import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${href}); });`,
          { eval: true, resourceLimits },
        )
      : new Worker(`${prelude}import(${href});`, { eval: true, resourceLimits });
    const slot: TSlot<I, O> = { worker };
    worker.on('message', (reply: TWorkerReply<O> | TWorkerProgress | { threadTid: number }) => {
      if ('threadTid' in reply) {
        slot.tid = reply.threadTid;
        return;
      }
      if ('progress' in reply) {
        // Only the running task's own; a retired thread's go nowhere (and do not end its retirement).
        const task = slot.task;
        if (!task || reply.id !== task.id || this.retired.has(slot)) return;
        try {
          task.onProgress?.(reply.progress);
        } catch {
          // Progress is advisory: a failing listener must not take the thread down.
        }
        return;
      }
      if (this.retired.has(slot)) return this.reinstate(slot);
      const task = slot.task;
      if (!task || reply.id !== task.id) return;
      this.release(slot);
      this.settle(task, () =>
        reply.ok
          ? task.resolve(reply.output)
          : task.reject(new WorkerTaskError(reply.name, reply.message, reply.data)),
      );
      this.dispatch();
    });
    worker.on('error', (error: Error & { code?: string }) => {
      const isMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.replace(
        slot,
        isMemory
          ? new WorkerPoolError('memory', 'The task needed too much memory.', { cause: error })
          : new WorkerPoolError('crashed', 'The worker stopped unexpectedly.', { cause: error }),
      );
    });
    worker.on('exit', () => {
      if (this.retired.delete(slot)) return clearTimeout(slot.retiring);
      this.replace(slot, new WorkerPoolError('crashed', 'The worker stopped unexpectedly.'));
    });
    this.slots.push(slot);
    return slot;
  }

  /** Stops the task once its time is over (thread-time.ts); asks again until then. */
  private watchTime(slot: TSlot<I, O>, task: TTask<I, O>, time: TaskTime, inMs: number): void {
    slot.timer = setTimeout(() => {
      if (slot.task !== task) return;
      const verdict = time.check();
      if (verdict.over) {
        this.stop(slot, new WorkerPoolError('timeout', 'The task took too long.'));
      } else {
        this.watchTime(slot, task, time, verdict.againInMs);
      }
    }, inMs);
  }

  private release(slot: TSlot<I, O>): void {
    slot.worker.unref();
    clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.task = undefined;
  }

  private settle(task: TTask<I, O>, settle: () => void): void {
    if (task.onAbort) task.signal?.removeEventListener('abort', task.onAbort);
    settle();
  }

  private fail(slot: TSlot<I, O>, error: WorkerPoolError): void {
    const task = slot.task;
    this.release(slot);
    if (task) this.settle(task, () => task.reject(error));
  }

  /** Ends a thread (timeout, crash, heap, abort) and fails its task; a new thread takes the queue. */
  private replace(slot: TSlot<I, O>, error: WorkerPoolError): void {
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    this.slots.splice(index, 1);
    slot.worker.removeAllListeners();
    slot.worker.on('error', () => {});
    void slot.worker.terminate();
    this.fail(slot, error);
    if (!this.isClosed) this.dispatch();
  }

  /**
   * 'retire': the slot leaves the pool (a fresh thread may take its place)
   * and its caller is answered now; the thread itself ends its task first.
   */
  private retire(slot: TSlot<I, O>, error: WorkerPoolError): void {
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    this.slots.splice(index, 1);
    this.retired.add(slot);
    slot.retiring = setTimeout(() => {
      if (!this.retired.delete(slot)) return;
      slot.worker.removeAllListeners();
      slot.worker.on('error', () => {});
      void slot.worker.terminate();
    }, this.options.retireGraceMs ?? 300_000);
    slot.retiring.unref();
    this.fail(slot, error);
    if (!this.isClosed) this.dispatch();
  }

  /** A retired thread finished its old task: idle again if the pool has room, else ended. */
  private reinstate(slot: TSlot<I, O>): void {
    this.retired.delete(slot);
    clearTimeout(slot.retiring);
    slot.retiring = undefined;
    if (this.isClosed || this.slots.length >= this.threads) {
      slot.worker.removeAllListeners();
      slot.worker.on('error', () => {});
      void slot.worker.terminate();
      return;
    }
    slot.worker.unref();
    this.slots.push(slot);
    this.dispatch();
  }

  /** A timeout or an abort: the thread is terminated, or retired (see `stopRunning`). */
  private stop(slot: TSlot<I, O>, error: WorkerPoolError): void {
    const mode = slot.task?.stopRunning ?? this.options.stopRunning;
    if (mode === 'retire') this.retire(slot, error);
    else this.replace(slot, error);
  }

  private abort(task: TTask<I, O>): void {
    const queued = this.queue.indexOf(task);
    if (queued !== -1) {
      this.queue.splice(queued, 1);
      this.settle(task, () => task.reject(new WorkerPoolError('aborted', 'The task was aborted.')));
      return;
    }
    const slot = this.slots.find((candidate) => candidate.task === task);
    if (slot) this.stop(slot, new WorkerPoolError('aborted', 'The task was aborted.'));
  }
}
