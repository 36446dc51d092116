import { z } from 'zod';
import { AiEngineError, parseParams, type TAiEngine, type TAiFailureReason } from '../ai-engine';
import {
  checkShape,
  ProviderHttp,
  parseAnswer,
  type TClassify,
  type TProviderRequest,
} from './provider-http';
import { glbFile, MAX_MODEL_BYTES, sourceBlob, sourceImage } from './provider-output';
import { ZImageTo3dParams } from './provider-params';
import { pollTask, type TProviderRuntime } from './provider-runtime';

/** Tripo3D's v2 OpenAPI: upload, image_to_model task, poll, download the GLB. */
export type TTripoConfig = {
  /** `https://api.tripo3d.ai/v2/openapi`. */
  baseUrl: string;
  apiKey: string;
};

const PROVIDER = 'Tripo3D';

/** Tripo's documented error codes that are not plain server or parameter errors. */
function reasonOfCode(code: unknown): TAiFailureReason | undefined {
  if (code === 2000) return 'tooManyRequests'; // concurrency or generation limit
  if (code === 2008) return 'sensitiveWords'; // input violates the content policy
  if (code === 1003 || code === 1004 || code === 2003 || code === 2004) return 'badParameters';
  return undefined;
}

const classify: TClassify = (_status, body) =>
  reasonOfCode((body as { code?: unknown } | undefined)?.code);

const ZEnvelope = z.object({
  code: z.number(),
  data: z.unknown().optional(),
  message: z.string().optional(),
});
const ZUploaded = z.object({ image_token: z.string().min(1) });
const ZCreated = z.object({ task_id: z.string().min(1) });
const ZTask = z.object({
  task_id: z.string(),
  status: z.string(),
  progress: z.number().min(0).max(100).default(0),
  output: z
    .object({
      model: z.string().url().optional(),
      pbr_model: z.string().url().optional(),
      base_model: z.string().url().optional(),
    })
    .default({}),
  error_code: z.number().optional(),
  error_msg: z.string().optional(),
});

/** Tripo wraps every answer in {code, data}; code 0 is success whatever the HTTP status. */
async function tripoData<T>(
  http: ProviderHttp,
  request: TProviderRequest,
  schema: z.ZodType<T>,
): Promise<T> {
  const response = await http.send({ ...request, classify });
  const envelope = parseAnswer(PROVIDER, response.body, ZEnvelope);
  if (envelope.code !== 0) {
    throw new AiEngineError(
      reasonOfCode(envelope.code) ?? 'failed',
      `${PROVIDER} answered code ${envelope.code}: ${envelope.message ?? 'no message'}`,
    );
  }
  return checkShape(PROVIDER, envelope.data, schema);
}

export function createTripoEngines(config: TTripoConfig, runtime: TProviderRuntime): TAiEngine[] {
  const base = config.baseUrl.replace(/\/+$/, '');
  const headers = { authorization: `Bearer ${config.apiKey}` };

  const imageTo3d: TAiEngine = {
    kind: 'image_to_3d',
    name: 'tripo3d',
    async run(raw, ctx) {
      const params = parseParams(ZImageTo3dParams, raw);
      ctx.progress('initialising', 0);
      const http = new ProviderHttp(PROVIDER, runtime.http, ctx.signal);
      const image = await sourceImage(await ctx.readFile(params.imageUrl));
      const ext = image.format === 'jpeg' ? 'jpg' : 'png';
      const form = new FormData();
      form.set('file', sourceBlob(image), `source.${ext}`);
      // An upload only stores a file, so sending it again after a timeout costs nothing.
      const uploaded = await tripoData(
        http,
        { url: `${base}/upload`, headers, form, retryOnTimeout: true },
        ZUploaded,
      );
      ctx.progress('loading_components', 10);
      const created = await tripoData(
        http,
        {
          url: `${base}/task`,
          headers,
          json: {
            type: 'image_to_model',
            file: { type: ext, file_token: uploaded.image_token },
            texture: params.texture,
            pbr: params.texture,
          },
        },
        ZCreated,
      );
      const task = await pollTask(PROVIDER, runtime, ctx, async () => {
        const current = await tripoData(
          http,
          { url: `${base}/task/${created.task_id}`, headers },
          ZTask,
        );
        if (current.status === 'queued') return {};
        if (current.status === 'running') return { progress: current.progress };
        return { done: current };
      });
      if (task.status === 'banned') {
        throw new AiEngineError(
          'sensitiveWords',
          `${PROVIDER} refused the picture under its content policy.`,
        );
      }
      if (task.status !== 'success') {
        throw new AiEngineError(
          reasonOfCode(task.error_code) ?? 'failed',
          `${PROVIDER} ended the task as ${task.status}${task.error_code ? ` (code ${task.error_code})` : ''}.`,
        );
      }
      const url = task.output.pbr_model ?? task.output.model ?? task.output.base_model;
      if (!url)
        throw new AiEngineError('failed', `${PROVIDER} finished without a model to download.`);
      ctx.progress('saving', 90);
      const data = await http.download(url, MAX_MODEL_BYTES);
      const file = glbFile(PROVIDER, data, 'model');
      ctx.progress('almost_done', 97);
      return { files: [file] };
    },
  };
  return [imageTo3d];
}
