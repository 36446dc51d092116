import { ZCookieCutterParams, ZLithophaneParams, ZRelief3dParams } from '@layerline/contract';
import type { TAiEngine, TAiResult, TEngineContext } from '../ai-engine';
import { parse, read, runInWorkerThread, type TImageTaskRunner } from './image-engines';

/**
 * The local image-to-3D engines (DESIGN 5) as the job runner sees them: the
 * mesh is built in a worker thread like the image engines, so a 1 MP relief
 * never blocks the event loop and cancelling a job terminates the thread.
 */
/** SPEC 4 stages as a mesh job passes them. */
async function meshStages(ctx: TEngineContext, work: () => Promise<TAiResult>): Promise<TAiResult> {
  ctx.progress('loading_components', 10);
  ctx.progress('generating_mesh', 20);
  const result = await work();
  ctx.progress('saving', 90);
  return result;
}

export function createLocalMeshEngines(run: TImageTaskRunner = runInWorkerThread): TAiEngine[] {
  return [
    {
      kind: 'relief_3d',
      name: 'local:relief',
      async run(params, ctx) {
        const { imageUrl, ...options } = parse(ZRelief3dParams, params);
        const image = await read(ctx, imageUrl, 'image');
        return meshStages(ctx, () => run({ task: 'relief_3d', image, options }, ctx.signal));
      },
    },
    {
      kind: 'lithophane',
      name: 'local:lithophane',
      async run(params, ctx) {
        const { imageUrl, ...options } = parse(ZLithophaneParams, params);
        const image = await read(ctx, imageUrl, 'image');
        return meshStages(ctx, () => run({ task: 'lithophane', image, options }, ctx.signal));
      },
    },
    {
      kind: 'cookie_cutter',
      name: 'local:cookie-cutter',
      async run(params, ctx) {
        const { imageUrl, ...options } = parse(ZCookieCutterParams, params);
        const image = await read(ctx, imageUrl, 'silhouette');
        return meshStages(ctx, () => run({ task: 'cookie_cutter', image, options }, ctx.signal));
      },
    },
  ];
}
