import { Code, type TMessageKey } from '@layerline/contract';
import { AppError } from '../../http/app-error';
import {
  type TWorkerPoolOptions,
  WorkerPool,
  WorkerPoolError,
  WorkerTaskError,
} from '../../lib/workers/worker-pool';
import type { TUploadTask, TUploadTaskOutput, TUploadTaskOutputs } from './upload.tasks';
import type { TAppErrorData } from './upload.worker';

/** Ours: the time one uploaded file may take to parse and sanitise (ADR 0008). */
export const UPLOAD_TASK_TIMEOUT_MS = 20_000;
/** Ours: JavaScript heap of one upload thread; a 50 MB SVG parses well within it. */
export const UPLOAD_TASK_HEAP_MB = 768;

const isSource = import.meta.url.endsWith('.ts');

export type TUploadWorkers = WorkerPool<TUploadTask, TUploadTaskOutput>;

/**
 * The pool that parses uploads and draws covers. From source (tests, `npm run
 * dev`) the entry is TypeScript loaded through tsx; in the build it is the
 * bundled dist/upload.worker.js beside main.js (scripts/build.mjs).
 */
export function createUploadWorkers(
  options: Partial<Omit<TWorkerPoolOptions, 'entry'>> = {},
): TUploadWorkers {
  return new WorkerPool<TUploadTask, TUploadTaskOutput>({
    entry: new URL(isSource ? './upload.worker.ts' : './upload.worker.js', import.meta.url),
    timeoutMs: UPLOAD_TASK_TIMEOUT_MS,
    maxHeapMb: UPLOAD_TASK_HEAP_MB,
    ...options,
  });
}

/** Runs one task in the pool, typed by its kind. */
export function runInPool<T extends TUploadTask>(
  workers: TUploadWorkers,
  task: T,
  options?: Parameters<TUploadWorkers['run']>[1],
): Promise<TUploadTaskOutputs[T['task']]> {
  return workers.run(task, options) as Promise<TUploadTaskOutputs[T['task']]>;
}

/**
 * A failure of an upload task as the answer the uploader gets (ADR 0008):
 * the worker's own refusals (AppError, e.g. an SVG over its element limits)
 * keep their localised message; a file over the time or heap cap is too
 * complex (413); a full queue is 503.
 * Anything else is passed on as it is (a server fault).
 */
export function fromUploadWorker(error: unknown): unknown {
  const cause = { cause: error };
  if (error instanceof WorkerTaskError && error.errorName === 'AppError' && error.data) {
    const { code, key, params } = error.data as TAppErrorData;
    return new AppError(code, key as TMessageKey, params, null, cause);
  }
  if (error instanceof WorkerPoolError) {
    if (error.reason === 'busy') {
      return new AppError(Code.SERVICE_UNAVAILABLE, 'uploadBusy', {}, null, cause);
    }
    if (error.reason === 'timeout' || error.reason === 'memory') {
      return new AppError(Code.PAYLOAD_TOO_LARGE, 'uploadTooComplex', {}, null, cause);
    }
  }
  return error;
}
