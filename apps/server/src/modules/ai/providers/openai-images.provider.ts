import { z } from 'zod';
import {
  AiEngineError,
  parseParams,
  type TAiEngine,
  type TAiOutputFile,
  type TAiResult,
  type TEngineContext,
} from '../ai-engine';
import { ProviderHttp, type TClassify } from './provider-http';
import { fromBase64, imageFile, MAX_IMAGE_BYTES, sourceBlob, sourceImage } from './provider-output';
import {
  promptWithStyle,
  type TImageRatio,
  type TProviderImageParams,
  ZProviderImageParams,
} from './provider-params';
import type { TProviderRuntime } from './provider-runtime';

/**
 * OpenAI-compatible image generation (OpenAI, LocalAI, vLLM-served and other
 * gateways that speak `/v1/images/generations` and `/v1/images/edits`).
 */
export type TOpenAiImagesConfig = {
  /** Up to and including `/v1`, as the OpenAI SDKs take it. */
  baseUrl: string;
  apiKey?: string;
  model: string;
};

const PROVIDER = 'The image provider';

const ZImagesAnswer = z.object({
  data: z
    .array(z.object({ b64_json: z.string().min(1).optional(), url: z.string().url().optional() }))
    .min(1),
});

/** The sizes each model family documents; other servers take the gpt-image ones. */
export function openAiImageSize(model: string, ratio: TImageRatio): string {
  const shape = ['16:9', '4:3', '3:2'].includes(ratio)
    ? 'wide'
    : ['9:16', '3:4', '2:3'].includes(ratio)
      ? 'tall'
      : 'square';
  if (model.startsWith('dall-e-2') || shape === 'square') return '1024x1024';
  if (model.startsWith('dall-e-3')) return shape === 'wide' ? '1792x1024' : '1024x1792';
  return shape === 'wide' ? '1536x1024' : '1024x1536';
}

/** gpt-image models always answer in base64 and refuse `response_format`; the others need it. */
const wantsResponseFormat = (model: string) => !model.startsWith('gpt-image');

/** 429 `insufficient_quota` is an empty account, not a busy one: retrying will not help. */
const classify: TClassify = (status, body) => {
  const error = (body as { error?: { code?: unknown; type?: unknown } } | undefined)?.error;
  if (
    status === 429 &&
    (error?.code === 'insufficient_quota' || error?.type === 'insufficient_quota')
  ) {
    return 'failed';
  }
  return undefined;
};

function promptOf(params: TProviderImageParams): string {
  const prompt = promptWithStyle(params);
  // No negative prompt in this API; the model reads it as plain instructions.
  return params.negativePrompt ? `${prompt}. Avoid: ${params.negativePrompt}` : prompt;
}

async function collect(
  http: ProviderHttp,
  answer: z.infer<typeof ZImagesAnswer>,
  ctx: TEngineContext,
): Promise<TAiResult> {
  ctx.progress('saving', 90);
  const files: TAiOutputFile[] = [];
  for (const [index, item] of answer.data.entries()) {
    const data = item.b64_json
      ? fromBase64(PROVIDER, item.b64_json)
      : item.url
        ? await http.download(item.url, MAX_IMAGE_BYTES)
        : undefined;
    if (!data) continue;
    files.push(await imageFile(PROVIDER, data, `image-${index + 1}`));
  }
  if (files.length === 0) {
    throw new AiEngineError('failed', `${PROVIDER} answered without any picture.`);
  }
  ctx.progress('almost_done', 97);
  return { files };
}

export function createOpenAiImageEngines(
  config: TOpenAiImagesConfig,
  runtime: TProviderRuntime,
): TAiEngine[] {
  const base = config.baseUrl.replace(/\/+$/, '');
  const headers: Record<string, string> = config.apiKey
    ? { authorization: `Bearer ${config.apiKey}` }
    : {};
  const name = `openai:${config.model}`;

  const textToImage: TAiEngine = {
    kind: 'text_to_image',
    name,
    async run(raw, ctx) {
      const params = parseParams(ZProviderImageParams, raw);
      ctx.progress('initialising', 0);
      const http = new ProviderHttp(PROVIDER, runtime.http, ctx.signal);
      ctx.progress('processing_texture', 30);
      const answer = await http.json(
        {
          url: `${base}/images/generations`,
          headers,
          json: {
            model: config.model,
            prompt: promptOf(params),
            n: params.count,
            size: openAiImageSize(config.model, params.ratio),
            ...(wantsResponseFormat(config.model) ? { response_format: 'b64_json' } : {}),
          },
          maxBytes: MAX_IMAGE_BYTES * params.count * 2,
          classify,
        },
        ZImagesAnswer,
      );
      return collect(http, answer, ctx);
    },
  };

  const imageToImage: TAiEngine = {
    kind: 'image_to_image',
    name,
    async run(raw, ctx) {
      const params = parseParams(ZProviderImageParams, raw);
      ctx.progress('initialising', 0);
      if (!params.imageUrl) {
        throw new AiEngineError('badParameters', 'imageUrl: an original image is required');
      }
      const source = await sourceImage(await ctx.readFile(params.imageUrl));
      ctx.progress('loading_components', 10);
      const form = new FormData();
      form.set('model', config.model);
      form.set('prompt', promptOf(params));
      form.set('n', String(params.count));
      form.set('size', openAiImageSize(config.model, params.ratio));
      if (wantsResponseFormat(config.model)) form.set('response_format', 'b64_json');
      form.set('image', sourceBlob(source), `source.${source.format === 'jpeg' ? 'jpg' : 'png'}`);
      const http = new ProviderHttp(PROVIDER, runtime.http, ctx.signal);
      ctx.progress('processing_texture', 30);
      const answer = await http.json(
        {
          url: `${base}/images/edits`,
          headers,
          form,
          maxBytes: MAX_IMAGE_BYTES * params.count * 2,
          classify,
        },
        ZImagesAnswer,
      );
      return collect(http, answer, ctx);
    },
  };

  return [textToImage, imageToImage];
}
