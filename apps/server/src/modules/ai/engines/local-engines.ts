import {
  ZCookieCutterParams,
  ZEraseParams,
  ZImageStyleParams,
  ZLaserImageParams,
  ZLithophaneParams,
  ZRelief3dParams,
  ZRemoveBackgroundParams,
  ZTextToLogoParams,
  ZVectorizeParams,
} from '@layerline/contract';
import type { ZodType } from 'zod';
import { parseParams, type TAiEngine } from '../ai-engine';
import { read, runOnSharedPool, staged, type TEngineTaskRunner } from './engine-pool';
import type { TEngineTask } from './image-engine.tasks';
import { createPromptOptimizeEngine } from './prompt-optimize.engine';

/** Tasks that take the job's one picture and their options. */
type TPictureTask = Exclude<
  TEngineTask,
  { task: 'erase' } | { task: 'text_to_logo' } | { task: 'warm_up' }
>;

/**
 * An engine whose work is one pooled task on the job's picture: parse the
 * params, read the picture, run the task in a thread with SPEC 4 stages.
 */
function pictureEngine<T extends TPictureTask>(
  task: T['task'],
  name: string,
  schema: ZodType<T['options'] & { imageUrl: string }>,
  run: TEngineTaskRunner,
  options: { label?: string } = {},
): TAiEngine {
  return {
    kind: task,
    name,
    async run(params, ctx) {
      const { imageUrl, ...rest } = parseParams(schema, params);
      const image = await read(ctx, imageUrl, options.label ?? 'image');
      // Vectorise sizes its SVG by the DPI the upload declared (DESIGN 5); the
      // stored file's own header cannot tell "none" from a re-encoder's default.
      const sourceDpi = task === 'vectorize' ? await ctx.fileDpi?.(imageUrl) : undefined;
      // The schema is the task's options plus imageUrl, so `rest` is T['options'].
      const input = {
        task,
        image,
        options: rest,
        ...(sourceDpi !== undefined ? { sourceDpi } : {}),
      } as unknown as TPictureTask;
      return staged(ctx, (onProgress) => run(input, ctx.signal, onProgress));
    },
  };
}

/**
 * Every local engine (DESIGN 5), real and offline, in the order the registry
 * prefers them. Their heavy work runs on the engine pool; only the prompt
 * rules (microseconds of string work) run on the event loop.
 */
export function createLocalEngines(run: TEngineTaskRunner = runOnSharedPool): TAiEngine[] {
  return [
    pictureEngine('remove_background', 'local:isnet', ZRemoveBackgroundParams, run),
    {
      kind: 'erase',
      name: 'local:opencv-inpaint',
      async run(params, ctx) {
        const { imageUrl, maskUrl, ...options } = parseParams(ZEraseParams, params);
        const image = await read(ctx, imageUrl, 'image');
        const mask = await read(ctx, maskUrl, 'mask');
        return staged(ctx, (onProgress) =>
          run({ task: 'erase', image, mask, options }, ctx.signal, onProgress),
        );
      },
    },
    pictureEngine('vectorize', 'local:potrace-imagetracer', ZVectorizeParams, run),
    pictureEngine('laser_image', 'local:laser-image', ZLaserImageParams, run),
    // Local styles only (line drawing, hatching, stipple, posterise); the
    // registry sends a provider's generative styles to the provider.
    pictureEngine('image_to_image', 'local:image-styles', ZImageStyleParams, run),
    pictureEngine('relief_3d', 'local:relief', ZRelief3dParams, run),
    pictureEngine('lithophane', 'local:lithophane', ZLithophaneParams, run),
    pictureEngine('cookie_cutter', 'local:cookie-cutter', ZCookieCutterParams, run, {
      label: 'silhouette',
    }),
    {
      kind: 'text_to_logo',
      name: 'local:opentype-logo',
      async run(params, ctx) {
        const options = parseParams(ZTextToLogoParams, params);
        return staged(ctx, (onProgress) =>
          run({ task: 'text_to_logo', options }, ctx.signal, onProgress),
        );
      },
    },
    createPromptOptimizeEngine(),
  ];
}
