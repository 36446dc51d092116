import { z } from 'zod';
import { AiEngineError, parseParams, type TAiEngine } from '../ai-engine';
import { isPolicyRefusal, ProviderHttp } from './provider-http';
import { glbFile, imageDataUri, MAX_MODEL_BYTES } from './provider-output';
import { ZImageTo3dParams } from './provider-params';
import { pollTask, type TProviderRuntime } from './provider-runtime';

/** Meshy's Image to 3D API (`/openapi/v1/image-to-3d`): create, poll, download the GLB. */
export type TMeshyConfig = {
  /** `https://api.meshy.ai`. */
  baseUrl: string;
  apiKey: string;
};

const PROVIDER = 'Meshy';

const ZCreated = z.object({ result: z.string().min(1) });
const ZTask = z.object({
  id: z.string(),
  status: z.string(),
  progress: z.number().min(0).max(100).default(0),
  model_urls: z.object({ glb: z.string().url().optional() }).partial().default({}),
  task_error: z
    .object({ message: z.string().default('') })
    .nullable()
    .optional(),
});

export function createMeshyEngines(config: TMeshyConfig, runtime: TProviderRuntime): TAiEngine[] {
  const base = config.baseUrl.replace(/\/+$/, '');
  const headers = { authorization: `Bearer ${config.apiKey}` };

  const imageTo3d: TAiEngine = {
    kind: 'image_to_3d',
    name: 'meshy',
    async run(raw, ctx) {
      const params = parseParams(ZImageTo3dParams, raw);
      ctx.progress('initialising', 0);
      const http = new ProviderHttp(PROVIDER, runtime.http, ctx.signal);
      // Meshy documents a data URI for pictures that are not on a public URL.
      const image = await imageDataUri(await ctx.readFile(params.imageUrl));
      const created = await http.json(
        {
          url: `${base}/openapi/v1/image-to-3d`,
          headers,
          json: {
            image_url: image,
            should_texture: params.texture,
            ...(params.prompt && params.texture ? { texture_prompt: params.prompt } : {}),
          },
        },
        ZCreated,
      );
      ctx.progress('loading_components', 10);
      const task = await pollTask(PROVIDER, runtime, ctx, async () => {
        const current = await http.json(
          { url: `${base}/openapi/v1/image-to-3d/${encodeURIComponent(created.result)}`, headers },
          ZTask,
        );
        if (current.status === 'PENDING') return {};
        if (current.status === 'IN_PROGRESS') return { progress: current.progress };
        return { done: current };
      });
      if (task.status !== 'SUCCEEDED') {
        const message = task.task_error?.message || 'no reason given';
        throw new AiEngineError(
          isPolicyRefusal({ message }, message) ? 'sensitiveWords' : 'failed',
          `${PROVIDER} ended the task as ${task.status}: ${message}`,
        );
      }
      const url = task.model_urls.glb;
      if (!url)
        throw new AiEngineError('failed', `${PROVIDER} finished without a GLB to download.`);
      ctx.progress('saving', 90);
      const file = glbFile(PROVIDER, await http.download(url, MAX_MODEL_BYTES), 'model');
      ctx.progress('almost_done', 97);
      return { files: [file] };
    },
  };
  return [imageTo3d];
}
