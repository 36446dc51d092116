import { type TWorkerPoolOptions, WorkerPool } from '../../lib/workers/worker-pool';
import type { TUploadTask, TUploadTaskOutput } from './upload.worker';

/** Ours: the time one uploaded file may take to parse and sanitise (ADR 0008). */
export const UPLOAD_TASK_TIMEOUT_MS = 20_000;
/** Ours: JavaScript heap of one upload thread; a 50 MB SVG parses well within it. */
export const UPLOAD_TASK_HEAP_MB = 768;

const isSource = import.meta.url.endsWith('.ts');

export type TUploadWorkers = WorkerPool<TUploadTask, TUploadTaskOutput>;

/**
 * The pool that parses uploads. From source (tests, `npm run dev`) the entry
 * is TypeScript loaded through tsx; in the build it is the bundled
 * dist/upload.worker.js beside main.js (scripts/build.mjs).
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
