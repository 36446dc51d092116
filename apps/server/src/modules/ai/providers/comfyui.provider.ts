import { randomInt, randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  AiEngineError,
  parseParams,
  type TAiEngine,
  type TAiOutputFile,
  type TEngineContext,
} from '../ai-engine';
import { fillWorkflow, loadWorkflow } from './comfyui-workflow';
import { ProviderHttp, type TClassify } from './provider-http';
import { imageFile, MAX_IMAGE_BYTES, sourceBlob, sourceImage } from './provider-output';
import {
  promptWithStyle,
  RATIO_PIXELS,
  type TProviderImageParams,
  ZProviderImageParams,
} from './provider-params';
import { pollTask, type TProviderRuntime } from './provider-runtime';

/** A ComfyUI server and the workflow files it runs (DESIGN 5 providers). */
export type TComfyUiConfig = {
  url: string;
  /** API-format workflow for text-to-image. */
  workflow: string;
  /** API-format workflow for image-to-image; without it that feature is not offered here. */
  imageWorkflow?: string;
};

const PROVIDER = 'ComfyUI';

const ZQueued = z.object({ prompt_id: z.string().min(1) });
const ZUploaded = z.object({ name: z.string().min(1), subfolder: z.string().default('') });
const ZImageRef = z.object({
  filename: z.string().min(1),
  subfolder: z.string().default(''),
  type: z.string().default('output'),
});
const ZHistory = z.record(
  z.string(),
  z.object({
    outputs: z
      .record(z.string(), z.object({ images: z.array(ZImageRef).optional() }).passthrough())
      .default({}),
    status: z
      .object({
        status_str: z.string().optional(),
        completed: z.boolean().optional(),
        messages: z.array(z.tuple([z.string(), z.unknown()])).optional(),
      })
      .optional(),
  }),
);
type THistoryEntry = z.infer<typeof ZHistory>[string];

/**
 * Our inputs are validated before they reach ComfyUI, so a refused prompt
 * (missing model, unknown node) is the workflow's fault: a set-up failure,
 * not the user's parameter error.
 */
const classify: TClassify = (status) => (status === 400 ? 'failed' : undefined);

/** The error ComfyUI recorded in the history when a node failed. */
function executionError(entry: THistoryEntry): string {
  const message = entry.status?.messages?.find(([type]) => type === 'execution_error')?.[1];
  const detail = (message as { exception_message?: unknown } | undefined)?.exception_message;
  return typeof detail === 'string' ? detail.trim().slice(0, 300) : 'a node failed';
}

export function createComfyUiEngines(
  config: TComfyUiConfig,
  runtime: TProviderRuntime,
): TAiEngine[] {
  const base = config.url.replace(/\/+$/, '');

  /** Best effort: frees the GPU when a job is cancelled; its answer does not matter. */
  function cancelAtServer(promptId: string): void {
    const signal = AbortSignal.timeout(2_000);
    const json = (body: unknown) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
    fetch(`${base}/queue`, json({ delete: [promptId] })).catch(() => undefined);
    fetch(`${base}/interrupt`, json({ prompt_id: promptId })).catch(() => undefined);
  }

  async function generate(
    params: TProviderImageParams,
    workflowPath: string,
    ctx: TEngineContext,
  ): Promise<TAiOutputFile[]> {
    ctx.progress('initialising', 0);
    const http = new ProviderHttp(PROVIDER, runtime.http, ctx.signal);
    const graph = await loadWorkflow(workflowPath);
    let image: string | undefined;
    if (params.imageUrl !== undefined) {
      const source = await sourceImage(await ctx.readFile(params.imageUrl));
      const form = new FormData();
      const ext = source.format === 'jpeg' ? 'jpg' : 'png';
      form.set('image', sourceBlob(source), `layerline-${randomUUID()}.${ext}`);
      form.set('type', 'input');
      form.set('overwrite', 'true');
      const uploaded = await http.json(
        { url: `${base}/upload/image`, form, retryOnTimeout: true },
        ZUploaded,
      );
      image = uploaded.subfolder ? `${uploaded.subfolder}/${uploaded.name}` : uploaded.name;
    }
    const { width, height } = RATIO_PIXELS[params.ratio];
    const prompt = fillWorkflow(
      graph,
      {
        prompt: promptWithStyle(params),
        negative_prompt: params.negativePrompt ?? '',
        seed: params.seed ?? randomInt(0, 2 ** 47),
        width,
        height,
        count: params.count,
        strength: params.strength,
        image,
      },
      workflowPath,
    );
    ctx.progress('loading_components', 10);
    const queued = await http.json(
      { url: `${base}/prompt`, json: { prompt, client_id: randomUUID() }, classify },
      ZQueued,
    );
    ctx.progress('processing_texture', 30);
    let entry: THistoryEntry;
    try {
      entry = await pollTask<THistoryEntry>(PROVIDER, runtime, ctx, async () => {
        const history = await http.json({ url: `${base}/history/${queued.prompt_id}` }, ZHistory);
        const found = history[queued.prompt_id];
        if (!found) return {};
        const finished = found.status?.completed === true || found.status?.status_str === 'error';
        return finished ? { done: found } : {};
      });
    } catch (error) {
      if (ctx.signal.aborted || (error instanceof AiEngineError && error.reason === 'timeout')) {
        cancelAtServer(queued.prompt_id);
      }
      throw error;
    }
    if (entry.status?.status_str === 'error') {
      throw new AiEngineError(
        'failed',
        `ComfyUI could not run the workflow: ${executionError(entry)}.`,
      );
    }
    ctx.progress('saving', 90);
    // Saved images only: 'temp' ones are previews of intermediate nodes.
    const refs = Object.keys(entry.outputs)
      .sort((a, b) => Number(a) - Number(b) || a.localeCompare(b))
      .flatMap((node) => entry.outputs[node]?.images ?? [])
      .filter((ref) => ref.type === 'output');
    if (refs.length === 0) {
      throw new AiEngineError(
        'failed',
        'The ComfyUI workflow saved no image (it needs a Save Image node).',
      );
    }
    const files: TAiOutputFile[] = [];
    for (const [index, ref] of refs.entries()) {
      const query = new URLSearchParams({
        filename: ref.filename,
        subfolder: ref.subfolder,
        type: ref.type,
      });
      const data = await http.download(`${base}/view?${query}`, MAX_IMAGE_BYTES);
      files.push(await imageFile(PROVIDER, data, `image-${index + 1}`));
    }
    ctx.progress('almost_done', 97);
    return files;
  }

  const engines: TAiEngine[] = [
    {
      kind: 'text_to_image',
      name: 'comfyui',
      async run(raw, ctx) {
        const params = parseParams(ZProviderImageParams, raw);
        return { files: await generate({ ...params, imageUrl: undefined }, config.workflow, ctx) };
      },
    },
  ];
  const imageWorkflow = config.imageWorkflow;
  if (imageWorkflow) {
    engines.push({
      kind: 'image_to_image',
      name: 'comfyui',
      async run(raw, ctx) {
        const params = parseParams(ZProviderImageParams, raw);
        if (!params.imageUrl) {
          throw new AiEngineError('badParameters', 'imageUrl: an original image is required');
        }
        return { files: await generate(params, imageWorkflow, ctx) };
      },
    });
  }
  return engines;
}
