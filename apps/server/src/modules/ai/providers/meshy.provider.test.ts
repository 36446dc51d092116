import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TAiEngine } from '../ai-engine';
import { createMeshyEngines } from './meshy.provider';
import {
  firstCall,
  startFakeProvider,
  type TFakeProvider,
  type TFakeReply,
  type TFakeRequest,
} from './test-support/fake-provider-server';
import { glbBytes, pngBytes, testContext, testRuntime } from './test-support/provider-fixtures';

let fake: TFakeProvider | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const TASK_PATH = '/openapi/v1/image-to-3d/0193bfc5-task';

/** The documented Image to 3D task object. */
const task = (
  status: string,
  progress: number,
  extra: Record<string, unknown> = {},
): TFakeReply => ({
  json: {
    id: '0193bfc5-task',
    model_urls: {},
    thumbnail_url: '',
    progress,
    started_at: 1_700_000_000_000,
    created_at: 1_700_000_000_000,
    finished_at: 0,
    status,
    texture_urls: [],
    preceding_tasks: 0,
    task_error: { message: '' },
    ...extra,
  },
});

type TOverrides = Partial<
  Record<'create' | 'poll' | 'download', (request: TFakeRequest) => TFakeReply | undefined>
>;

/** Create answers 202 {result}, then PENDING -> IN_PROGRESS 30% -> IN_PROGRESS 90% -> SUCCEEDED. */
async function meshy(overrides: TOverrides = {}, runtime = testRuntime()): Promise<TAiEngine> {
  let polls = 0;
  fake = await startFakeProvider((request) => {
    if (request.path === '/openapi/v1/image-to-3d') {
      return overrides.create?.(request) ?? { status: 202, json: { result: '0193bfc5-task' } };
    }
    if (request.path === TASK_PATH) {
      const custom = overrides.poll?.(request);
      if (custom) return custom;
      polls += 1;
      if (polls === 1) return task('PENDING', 0);
      if (polls === 2) return task('IN_PROGRESS', 30);
      if (polls === 3) return task('IN_PROGRESS', 90);
      return task('SUCCEEDED', 100, {
        model_urls: { glb: `${fake?.url}/assets/model.glb`, fbx: `${fake?.url}/assets/model.fbx` },
      });
    }
    if (request.path === '/assets/model.glb')
      return overrides.download?.(request) ?? { body: glbBytes() };
    return { status: 404, json: { message: 'Not Found' } };
  });
  const [engine] = createMeshyEngines({ baseUrl: fake.url, apiKey: 'msy_test' }, runtime);
  if (!engine) throw new Error('engine missing');
  return engine;
}

const run = async (engine: TAiEngine, ctx?: ReturnType<typeof testContext>) =>
  engine.run(
    { imageUrl: '/files/cat.png', prompt: 'wooden toy' },
    ctx ?? testContext({ '/files/cat.png': await pngBytes() }),
  );

describe('Meshy', () => {
  it('creates a task with the picture as a data URI, follows it and downloads the GLB', async () => {
    const engine = await meshy();
    const png = await pngBytes();
    const ctx = testContext({ '/files/cat.png': png });
    const result = await run(engine, ctx);

    expect(result.files[0]).toMatchObject({ filename: 'model.glb', mime: 'model/gltf-binary' });
    expect(result.files[0]?.data.equals(glbBytes())).toBe(true);
    const create = firstCall(fake, '/openapi/v1/image-to-3d');
    expect(create.headers.authorization).toBe('Bearer msy_test');
    expect(create.json()).toEqual({
      image_url: `data:image/png;base64,${png.toString('base64')}`,
      should_texture: true,
      texture_prompt: 'wooden toy',
    });
    expect(firstCall(fake, '/assets/').headers.authorization).toBeUndefined();
    expect(ctx.stages.map((entry) => entry.stage)).toEqual([
      'initialising',
      'loading_components',
      'generating_mesh',
      'processing_texture',
      'saving',
      'almost_done',
    ]);
  });

  it('ends as a timeout when Meshy is slow to answer', async () => {
    const engine = await meshy(
      { create: () => ({ status: 202, json: { result: '0193bfc5-task' }, delayMs: 3_000 }) },
      testRuntime({ timeoutMs: 100 }),
    );
    await expect(run(engine)).rejects.toMatchObject({ reason: 'timeout' });
  });

  it('retries a 429 while polling, then finishes', async () => {
    let limited = false;
    const engine = await meshy({
      poll: () => {
        if (limited) return undefined;
        limited = true;
        return {
          status: 429,
          headers: { 'retry-after': '0' },
          json: { message: 'Too many requests' },
        };
      },
    });
    expect((await run(engine)).files).toHaveLength(1);
  });

  it('ends as too many requests when the 429s go on', async () => {
    const engine = await meshy({
      create: () => ({ status: 429, json: { message: 'Too many requests' } }),
    });
    await expect(run(engine)).rejects.toMatchObject({ reason: 'tooManyRequests' });
    expect(fake?.requests).toHaveLength(3);
  });

  it('ends failed after bounded retries of a persistent 500', async () => {
    const engine = await meshy({
      create: () => ({ status: 500, json: { message: 'Internal Server Error' } }),
    });
    await expect(run(engine)).rejects.toMatchObject({ reason: 'failed' });
    expect(fake?.requests).toHaveLength(3);
  });

  it('ends failed with a clear message on malformed answers', async () => {
    const noId = await meshy({ create: () => ({ status: 202, json: { id: 'x' } }) });
    await expect(run(noId)).rejects.toThrow(/unexpected shape \(result/);
    await fake?.close();
    const noGlb = await meshy({
      poll: () => task('SUCCEEDED', 100, { model_urls: { fbx: 'https://x/m.fbx' } }),
    });
    await expect(run(noGlb)).rejects.toThrow(/without a GLB/);
    await fake?.close();
    const notGlb = await meshy({
      download: () => ({ body: Buffer.from('PK\u0003\u0004 a zip, not a GLB') }),
    });
    await expect(run(notGlb)).rejects.toThrow(/not a valid GLB/);
  });

  it('turns a moderated task and a 400 into their SPEC 8 messages', async () => {
    const moderated = await meshy({
      poll: () =>
        task('FAILED', 0, {
          task_error: { message: 'The image was flagged by content moderation.' },
        }),
    });
    await expect(run(moderated)).rejects.toMatchObject({ reason: 'sensitiveWords' });
    await fake?.close();
    const invalid = await meshy({
      create: () => ({ status: 400, json: { message: 'Invalid image_url' } }),
    });
    await expect(run(invalid)).rejects.toMatchObject({ reason: 'badParameters' });
    await fake?.close();
    const failed = await meshy({
      poll: () => task('FAILED', 12, { task_error: { message: 'Internal error' } }),
    });
    await expect(run(failed)).rejects.toMatchObject({
      reason: 'failed',
      message: expect.stringContaining('Internal error'),
    });
  });

  it('stops polling at once when the job is cancelled', async () => {
    const engine = await meshy({ poll: () => task('IN_PROGRESS', 5) });
    const ctx = testContext({ '/files/cat.png': await pngBytes() });
    const running = run(engine, ctx);
    await vi.waitFor(() => expect(fake?.calls(TASK_PATH).length).toBeGreaterThan(1));
    ctx.controller.abort();
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    // A poll already on the wire may still land; after that, nothing new may start.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const polls = fake?.calls(TASK_PATH).length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake?.calls(TASK_PATH).length).toBe(polls);
  });
});
