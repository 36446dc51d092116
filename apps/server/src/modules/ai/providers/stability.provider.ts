import {
  AiEngineError,
  parseParams,
  type TAiEngine,
  type TAiOutputFile,
  type TEngineContext,
} from '../ai-engine';
import { ProviderHttp, type TProviderResponse } from './provider-http';
import { imageFile, MAX_IMAGE_BYTES, sourceBlob, sourceImage } from './provider-output';
import {
  promptWithStyle,
  type TImageRatio,
  type TProviderImageParams,
  ZProviderImageParams,
  ZRemoveBackgroundRemoteParams,
} from './provider-params';
import type { TProviderRuntime } from './provider-runtime';

/** Stability AI's v2beta Stable Image API (multipart in, image bytes out with `accept: image/*`). */
export type TStabilityConfig = {
  baseUrl: string;
  apiKey: string;
  /** `core`, `ultra`, `sd3`, or an SD3 model id such as `sd3.5-large`. */
  model: string;
};

const PROVIDER = 'Stability AI';

const STYLE_PRESETS = new Set([
  '3d-model',
  'analog-film',
  'anime',
  'cinematic',
  'comic-book',
  'digital-art',
  'enhance',
  'fantasy-art',
  'isometric',
  'line-art',
  'low-poly',
  'modeling-compound',
  'neon-punk',
  'origami',
  'photographic',
  'pixel-art',
  'tile-texture',
]);

/** The documented aspect ratios; 4:3 and 3:4 take the nearest ones it has. */
const ASPECT: Record<TImageRatio, string> = {
  '1:1': '1:1',
  '16:9': '16:9',
  '9:16': '9:16',
  '4:3': '5:4',
  '3:4': '4:5',
  '3:2': '3:2',
  '2:3': '2:3',
};

/**
 * `finish-reason: CONTENT_FILTERED` is a 200 whose picture was blurred by
 * moderation: DESIGN 5 never shows such a placeholder as a result.
 */
async function checked(response: TProviderResponse, name: string): Promise<TAiOutputFile> {
  if (response.headers.get('finish-reason') === 'CONTENT_FILTERED') {
    throw new AiEngineError('sensitiveWords', `${PROVIDER} filtered the picture it made.`);
  }
  return imageFile(PROVIDER, response.body, name);
}

export function createStabilityEngines(
  config: TStabilityConfig,
  runtime: TProviderRuntime,
): TAiEngine[] {
  const base = config.baseUrl.replace(/\/+$/, '');
  const isSd3 = config.model.startsWith('sd3');
  const endpoint = `${base}/v2beta/stable-image/generate/${isSd3 ? 'sd3' : config.model}`;
  const headers = { authorization: `Bearer ${config.apiKey}`, accept: 'image/*' };
  const name = `stability:${config.model}`;

  function generationForm(params: TProviderImageParams, seed: number | undefined): FormData {
    const form = new FormData();
    const preset = params.style?.toLowerCase().replace(/[\s_]+/g, '-');
    // Only Core documents style presets; elsewhere the style goes into the prompt.
    const usePreset = config.model === 'core' && preset !== undefined && STYLE_PRESETS.has(preset);
    form.set('prompt', usePreset ? params.prompt : promptWithStyle(params));
    if (usePreset && preset) form.set('style_preset', preset);
    if (params.negativePrompt) form.set('negative_prompt', params.negativePrompt);
    if (seed !== undefined) form.set('seed', String(seed));
    if (isSd3 && config.model !== 'sd3') form.set('model', config.model);
    form.set('output_format', 'png');
    return form;
  }

  /** One picture per call in this API; `count` pictures are `count` calls, seeds kept apart. */
  async function generate(params: TProviderImageParams, ctx: TEngineContext, source?: Buffer) {
    const http = new ProviderHttp(PROVIDER, runtime.http, ctx.signal);
    const image = source ? await sourceImage(source) : undefined;
    const files: TAiOutputFile[] = [];
    for (let index = 0; index < params.count; index++) {
      ctx.progress('processing_texture', Math.round(30 + (55 * index) / params.count));
      const form = generationForm(
        params,
        params.seed === undefined ? undefined : params.seed + index,
      );
      if (image) {
        form.set('mode', 'image-to-image');
        form.set('image', sourceBlob(image), `source.${image.format}`);
        form.set('strength', String(params.strength));
      } else {
        form.set('aspect_ratio', ASPECT[params.ratio]);
      }
      const response = await http.send({ url: endpoint, headers, form, maxBytes: MAX_IMAGE_BYTES });
      files.push(await checked(response, `image-${index + 1}`));
    }
    ctx.progress('almost_done', 97);
    return { files };
  }

  const engines: TAiEngine[] = [
    {
      kind: 'text_to_image',
      name,
      async run(raw, ctx) {
        const params = parseParams(ZProviderImageParams, raw);
        ctx.progress('initialising', 0);
        return generate(params, ctx);
      },
    },
    {
      kind: 'remove_background',
      name: 'stability:remove-background',
      async run(raw, ctx) {
        const params = parseParams(ZRemoveBackgroundRemoteParams, raw);
        ctx.progress('initialising', 0);
        const image = await sourceImage(await ctx.readFile(params.imageUrl));
        const form = new FormData();
        form.set('image', sourceBlob(image), `source.${image.format}`);
        form.set('output_format', 'png');
        ctx.progress('processing_texture', 30);
        const http = new ProviderHttp(PROVIDER, runtime.http, ctx.signal);
        const response = await http.send({
          url: `${base}/v2beta/stable-image/edit/remove-background`,
          headers,
          form,
          maxBytes: MAX_IMAGE_BYTES,
        });
        const file = await checked(response, 'cutout');
        ctx.progress('almost_done', 97);
        return { files: [file] };
      },
    },
  ];
  // Image-to-image is an SD3 mode; Core and Ultra generate from text only.
  if (isSd3) {
    engines.push({
      kind: 'image_to_image',
      name,
      async run(raw, ctx) {
        const params = parseParams(ZProviderImageParams, raw);
        ctx.progress('initialising', 0);
        if (!params.imageUrl) {
          throw new AiEngineError('badParameters', 'imageUrl: an original image is required');
        }
        return generate(params, ctx, await ctx.readFile(params.imageUrl));
      },
    });
  }
  return engines;
}
