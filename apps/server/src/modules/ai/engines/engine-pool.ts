import { systemClock, type TClock } from '../../../lib/clock';
import { asBuffer } from '../../../lib/workers/transfer';
import {
  THREAD_NICE,
  WorkerPool,
  WorkerPoolError,
  WorkerTaskError,
} from '../../../lib/workers/worker-pool';
import {
  AI_FAILURE_REASONS,
  AiEngineError,
  ENGINE_ERROR_PREFIX,
  type TAiFailureReason,
  type TAiResult,
  type TEngineContext,
} from '../ai-engine';
import type { TEngineTask, TEngineTaskOutput } from './image-engine.tasks';
import { ProgressPace, RunTimes } from './progress-pace';

/**
 * The local engines' heavy work runs on a WorkerPool (ADR 0008, 0012): the
 * same mechanism that parses uploads, with its own threads so a two-minute
 * 3D job never holds up an upload. Threads stay alive between jobs, so the
 * ISNet model, OpenCV and the logo fonts load once per thread, not per job;
 * a cancel, a timeout or a crash terminates the thread and a fresh one takes
 * the next job. Tasks that run the ISNet model are the exception: their job
 * is answered at once, but the thread finishes the inference before it ends
 * ('retire'), since onnxruntime's native code aborts the whole process when
 * its thread is terminated in the middle of one.
 */
export type TEngineTaskRunner = (
  input: TEngineTask,
  signal: AbortSignal,
  /** The share of the task done, 0 to 1 (below 1 until it has ended), never going back. */
  onProgress?: (fraction: number) => void,
) => Promise<TAiResult>;

/** A 1 MP picture takes seconds; a stuck job is stopped long before a person gives up. */
export const ENGINE_TASK_TIME_LIMIT_MS = 120_000;
/** JavaScript heap per thread; the ONNX model's memory is native and outside it. */
export const ENGINE_TASK_HEAP_MB = 1536;

const isSource = import.meta.url.endsWith('.ts');

export type TEnginePool = WorkerPool<TEngineTask, TEngineTaskOutput>;

/**
 * From source (tests, `npm run dev`) the entry is TypeScript loaded through
 * tsx; in the build it is dist/image-engine.worker.js beside main.js.
 */
export function createEnginePool(threads = 1, nice = THREAD_NICE): TEnginePool {
  return new WorkerPool<TEngineTask, TEngineTaskOutput>({
    entry: new URL(
      isSource ? './image-engine.worker.ts' : './image-engine.worker.js',
      import.meta.url,
    ),
    threads,
    nice,
    maxQueue: 32,
    timeoutMs: ENGINE_TASK_TIME_LIMIT_MS,
    maxHeapMb: ENGINE_TASK_HEAP_MB,
  });
}

/** What a pool failure means to the job: one of the SPEC 8 AI reasons. */
function asEngineError(error: unknown, signal: AbortSignal): unknown {
  if (error instanceof WorkerTaskError && error.errorName.startsWith(ENGINE_ERROR_PREFIX)) {
    const reason = error.errorName.slice(ENGINE_ERROR_PREFIX.length) as TAiFailureReason;
    return new AiEngineError(
      AI_FAILURE_REASONS.includes(reason) ? reason : 'failed',
      error.message,
    );
  }
  if (!(error instanceof WorkerPoolError)) {
    return new AiEngineError('failed', 'The engine failed.', { cause: error });
  }
  switch (error.reason) {
    case 'aborted':
      return signal.reason ?? error;
    case 'timeout':
      return new AiEngineError('timeout', 'The engine took too long.');
    case 'memory':
      return new AiEngineError('failed', 'The input needs more memory than an engine may use.');
    case 'busy':
      return new AiEngineError('tooManyRequests', 'Too many engine tasks are waiting.');
    default:
      return new AiEngineError('failed', 'The engine stopped unexpectedly.', { cause: error });
  }
}

/** Tasks that run onnxruntime (the ISNet model), which must not be terminated mid-call. */
export function runsOnnx(input: TEngineTask): boolean {
  return (
    input.task === 'remove_background' ||
    input.task === 'warm_up' ||
    (input.task === 'relief_3d' && input.options.removeBackground)
  );
}

/**
 * What a kind of task is expected to take until it has run in this process:
 * a 1 MP picture at the default options, the first job of a fresh thread
 * (WebAssembly and font loads included; the model is loaded at start) on a
 * 2-core server, between its quiet and its busy figures (docs/PERFORMANCE.md,
 * "AI engines"). One run of the kind replaces it.
 */
export const ENGINE_RUN_SEEDS_MS: Readonly<Record<string, number>> = {
  remove_background: 8_000,
  erase: 2_000,
  vectorize: 3_000,
  laser_image: 1_500,
  image_to_image: 3_000,
  relief_3d: 4_000,
  'relief_3d:removeBackground': 10_000,
  lithophane: 5_000,
  cookie_cutter: 3_000,
  text_to_logo: 3_000,
};

/** Run times per kind of task, kept for the life of the process. */
const engineRunTimes = new RunTimes(ENGINE_RUN_SEEDS_MS);

/**
 * The kind of task whose run times predict this one's: its task and the
 * option that changes them most (a relief that cuts out its subject first).
 * Background removal's two qualities run the same model: one kind.
 */
export function runTimeKey(input: TEngineTask): string {
  if (input.task === 'relief_3d' && input.options.removeBackground) {
    return 'relief_3d:removeBackground';
  }
  return input.task;
}

export type TPoolRunnerOptions = {
  runTimes?: RunTimes;
  /**
   * How often the estimate moves while no report comes. At the estimate's
   * slowest (a point per 1.6 s) a percent that changes every other tick
   * still changes within 2 s (SPEC 4 progress); a 1 s tick would make that
   * 2 s plus the timer's lateness.
   */
  tickMs?: number;
  clock?: TClock;
};

/**
 * Runs tasks on the pool. The thread's reports and, between them, the
 * estimate from recent run times (progress-pace.ts) reach `onProgress`; a
 * task that succeeded adds its time to the estimate of the next.
 */
export function poolRunner(
  pool: Pick<TEnginePool, 'run'>,
  { runTimes = engineRunTimes, tickMs = 800, clock = systemClock }: TPoolRunnerOptions = {},
): TEngineTaskRunner {
  return async (input, signal, onProgress) => {
    const key = runTimeKey(input);
    const started = clock().getTime();
    const pace = new ProgressPace(runTimes.expectedMs(key), clock);
    let last = -1;
    const show = (fraction: number) => {
      if (fraction <= last) return;
      last = fraction;
      onProgress?.(fraction);
    };
    const ticker = onProgress ? setInterval(() => show(pace.tick()), tickMs) : undefined;
    ticker?.unref();
    try {
      // The picture goes as a copy (a few MB, and the caller's bytes stay usable);
      // the result comes back transferred (ADR 0057).
      const output = await pool.run(input, {
        signal,
        stopRunning: runsOnnx(input) ? 'retire' : 'terminate',
        onProgress: (fraction) => {
          if (typeof fraction === 'number') show(pace.report(fraction));
        },
      });
      runTimes.record(key, clock().getTime() - started);
      // The thread transferred the bytes and hashed them: wrapped, not copied (ADR 0057).
      return {
        files: output.files.map((file) => ({ ...file, data: asBuffer(file.data) })),
        ...(output.text !== undefined ? { text: output.text } : {}),
      };
    } catch (error) {
      throw asEngineError(error, signal);
    } finally {
      clearInterval(ticker);
    }
  };
}

/**
 * Loads the background-removal model in a pool thread ahead of the first
 * job (a first job took 14.2 s against 2.6-9.8 s later): called after the
 * server listens and when a worker starts, never awaited on a request. It
 * retires rather than terminates, like every task that runs onnxruntime.
 */
export async function warmUpEngines(
  pool: TEnginePool,
  log?: { info(message: string): void; warn(message: string): void },
): Promise<void> {
  const started = performance.now();
  try {
    await pool.run({ task: 'warm_up' }, { stopRunning: 'retire' });
    log?.info(`AI engines warmed up in ${Math.round(performance.now() - started)} ms`);
  } catch (error) {
    // The process shut down first (ADR 0054): nothing went wrong.
    if (error instanceof WorkerPoolError && error.reason === 'closed') {
      log?.info('AI engines closed before they warmed up');
      return;
    }
    log?.warn(`AI engines did not warm up: ${error instanceof Error ? error.message : error}`);
  }
}

let shared: TEnginePool | undefined;

/**
 * A one-thread pool made on first use, for engines created without a runner
 * (tests, the bench). The server and `npm run worker` pass their own pool,
 * sized by AI_WORKERS. Idle threads do not keep the process alive.
 */
export const runOnSharedPool: TEngineTaskRunner = (input, signal, onProgress) => {
  shared ??= createEnginePool(1);
  return poolRunner(shared)(input, signal, onProgress);
};

export async function read(ctx: TEngineContext, url: string, label: string): Promise<Uint8Array> {
  try {
    return await ctx.readFile(url);
  } catch (error) {
    // The runner's own verdict (SPEC 8 upload failure) stands; anything else is a bad reference.
    if (error instanceof AiEngineError) throw error;
    throw new AiEngineError('badParameters', `The ${label} file cannot be read.`, { cause: error });
  }
}

/** Where the work's share of a job's bar starts and ends (percent). */
export const WORK_FROM = 10;
export const WORK_TO = 90;

/**
 * SPEC 4 stages around one pooled task: loading components (the inputs were
 * read), the work as "generating" from WORK_FROM to WORK_TO following its
 * progress, then saving (the runner stores the files).
 */
export async function staged(
  ctx: TEngineContext,
  work: (onProgress: (fraction: number) => void) => Promise<TAiResult>,
): Promise<TAiResult> {
  ctx.progress('loading_components', WORK_FROM / 2);
  ctx.progress('generating_mesh', WORK_FROM);
  const result = await work((fraction) =>
    ctx.progress(
      'generating_mesh',
      WORK_FROM + (WORK_TO - WORK_FROM) * Math.min(1, Math.max(0, fraction)),
    ),
  );
  ctx.progress('saving', WORK_TO);
  return result;
}
