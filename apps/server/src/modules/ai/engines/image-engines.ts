import { Worker } from 'node:worker_threads';
import {
  ZEraseParams,
  ZLaserImageParams,
  ZRemoveBackgroundParams,
  ZVectorizeParams,
} from '@layerline/contract';
import type { ZodType } from 'zod';
import { AiEngineError, type TAiEngine, type TAiResult, type TEngineContext } from '../ai-engine';
import type { TImageTaskInput } from './image-engine.tasks';
import type { TImageWorkerReply } from './image-engine.worker';
import { createLocalMeshEngines } from './mesh-engines';
import { createLocalTextEngines } from './text-engines';

/**
 * The local image engines as the job runner sees them (DESIGN 5): real,
 * offline, and run in a worker thread with time and memory caps, so the
 * server's event loop stays free and a cancelled or runaway job is killed.
 */

/** Runs one task off the event loop; the job runner may pass its shared worker pool here. */
export type TImageTaskRunner = (input: TImageTaskInput, signal: AbortSignal) => Promise<TAiResult>;

/** A 1 MP picture takes seconds; a stuck job is stopped long before a person gives up. */
const TASK_TIME_LIMIT_MS = 120_000;
/** JavaScript heap per task; the ONNX model's memory is native and outside it. */
const TASK_HEAP_LIMIT_MB = 1536;

const isSource = import.meta.url.endsWith('.ts');
const resourceLimits = { maxOldGenerationSizeMb: TASK_HEAP_LIMIT_MB };

/**
 * One worker thread per task. From source (tests, `npm run dev`) the worker
 * is TypeScript and loads through tsx; in the build it is the bundled
 * dist/image-engine.worker.js beside main.js.
 */
export const runInWorkerThread: TImageTaskRunner = (input, signal) =>
  new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const worker = isSource
      ? // tsx's hooks must be registered inside the thread before the entry loads.
        new Worker(
          `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(
            new URL('./image-engine.worker.ts', import.meta.url).href,
          )}); });`,
          { eval: true, resourceLimits },
        )
      : new Worker(new URL('./image-engine.worker.js', import.meta.url), { resourceLimits });
    let isSettled = false;
    const finish = (settle: () => void) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      void worker.terminate();
      settle();
    };
    const onAbort = () => finish(() => reject(signal.reason));
    const timer = setTimeout(
      () => finish(() => reject(new AiEngineError('timeout', 'The image engine took too long.'))),
      TASK_TIME_LIMIT_MS,
    );
    signal.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (reply: TImageWorkerReply) =>
      finish(() => {
        if (!reply.ok) return reject(new AiEngineError(reply.reason, reply.message));
        resolve({
          files: reply.files.map((file) => ({ ...file, data: Buffer.from(file.data) })),
          text: reply.text,
        });
      }),
    );
    worker.once('error', (error) =>
      finish(() =>
        reject(
          new AiEngineError('failed', 'The image engine stopped unexpectedly.', { cause: error }),
        ),
      ),
    );
    worker.once('exit', (code) =>
      finish(() =>
        reject(
          new AiEngineError('failed', `The image engine stopped unexpectedly (exit ${code}).`),
        ),
      ),
    );
    worker.postMessage(input);
  });

export function parse<T>(schema: ZodType<T>, params: Record<string, unknown>): T {
  const parsed = schema.safeParse(params);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.') || 'params';
    throw new AiEngineError('badParameters', `Invalid ${field}.`);
  }
  return parsed.data;
}

export async function read(ctx: TEngineContext, url: string, label: string): Promise<Uint8Array> {
  try {
    return await ctx.readFile(url);
  } catch (error) {
    throw new AiEngineError('badParameters', `The ${label} file cannot be read.`, { cause: error });
  }
}

/** SPEC 4 stages as an image job passes them. */
async function staged(ctx: TEngineContext, work: () => Promise<TAiResult>): Promise<TAiResult> {
  ctx.progress('loading_components', 10);
  const result = await work();
  ctx.progress('saving', 90);
  return result;
}

export function createLocalImageEngines(run: TImageTaskRunner = runInWorkerThread): TAiEngine[] {
  return [
    {
      kind: 'remove_background',
      name: 'local:isnet',
      async run(params, ctx) {
        const { imageUrl, ...options } = parse(ZRemoveBackgroundParams, params);
        const image = await read(ctx, imageUrl, 'image');
        return staged(ctx, () => run({ task: 'remove_background', image, options }, ctx.signal));
      },
    },
    {
      kind: 'erase',
      name: 'local:opencv-inpaint',
      async run(params, ctx) {
        const { imageUrl, maskUrl, ...options } = parse(ZEraseParams, params);
        const image = await read(ctx, imageUrl, 'image');
        const mask = await read(ctx, maskUrl, 'mask');
        return staged(ctx, () => run({ task: 'erase', image, mask, options }, ctx.signal));
      },
    },
    {
      kind: 'vectorize',
      name: 'local:potrace-imagetracer',
      async run(params, ctx) {
        const { imageUrl, ...options } = parse(ZVectorizeParams, params);
        const image = await read(ctx, imageUrl, 'image');
        return staged(ctx, () => run({ task: 'vectorize', image, options }, ctx.signal));
      },
    },
    {
      kind: 'laser_image',
      name: 'local:laser-image',
      async run(params, ctx) {
        const { imageUrl, ...options } = parse(ZLaserImageParams, params);
        const image = await read(ctx, imageUrl, 'image');
        return staged(ctx, () => run({ task: 'laser_image', image, options }, ctx.signal));
      },
    },
    ...createLocalMeshEngines(run),
    ...createLocalTextEngines(),
  ];
}
