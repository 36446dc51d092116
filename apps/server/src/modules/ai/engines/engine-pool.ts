import { WorkerPool, WorkerPoolError, WorkerTaskError } from '../../../lib/workers/worker-pool';
import {
  AI_FAILURE_REASONS,
  AiEngineError,
  ENGINE_ERROR_PREFIX,
  type TAiFailureReason,
  type TAiResult,
  type TEngineContext,
} from '../ai-engine';
import type { TEngineTask, TEngineTaskOutput } from './image-engine.tasks';

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
export type TEngineTaskRunner = (input: TEngineTask, signal: AbortSignal) => Promise<TAiResult>;

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
export function createEnginePool(threads = 1): TEnginePool {
  return new WorkerPool<TEngineTask, TEngineTaskOutput>({
    entry: new URL(
      isSource ? './image-engine.worker.ts' : './image-engine.worker.js',
      import.meta.url,
    ),
    threads,
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
    (input.task === 'relief_3d' && input.options.removeBackground)
  );
}

export function poolRunner(pool: TEnginePool): TEngineTaskRunner {
  return async (input, signal) => {
    try {
      const output = await pool.run(input, {
        signal,
        stopRunning: runsOnnx(input) ? 'retire' : 'terminate',
      });
      return {
        files: output.files.map((file) => ({ ...file, data: Buffer.from(file.data) })),
        ...(output.text !== undefined ? { text: output.text } : {}),
      };
    } catch (error) {
      throw asEngineError(error, signal);
    }
  };
}

let shared: TEnginePool | undefined;

/**
 * A one-thread pool made on first use, for engines created without a runner
 * (tests, the bench). The server and `npm run worker` pass their own pool,
 * sized by AI_WORKERS. Idle threads do not keep the process alive.
 */
export const runOnSharedPool: TEngineTaskRunner = (input, signal) => {
  shared ??= createEnginePool(1);
  return poolRunner(shared)(input, signal);
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

/** SPEC 4 stages around one pooled task: loading, the work (`working` from 20 %), saving. */
export async function staged(
  ctx: TEngineContext,
  work: () => Promise<TAiResult>,
  working?: 'generating_mesh',
): Promise<TAiResult> {
  ctx.progress('loading_components', 10);
  if (working) ctx.progress(working, 20);
  const result = await work();
  ctx.progress('saving', 90);
  return result;
}
