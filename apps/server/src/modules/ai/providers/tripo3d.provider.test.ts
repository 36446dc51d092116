import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TAiEngine } from '../ai-engine';
import {
  firstCall,
  startFakeProvider,
  type TFakeProvider,
  type TFakeReply,
  type TFakeRequest,
} from './test-support/fake-provider-server';
import { glbBytes, pngBytes, testContext, testRuntime } from './test-support/provider-fixtures';
import { createTripoEngines } from './tripo3d.provider';

let fake: TFakeProvider | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** Tripo's documented error envelope. */
const tripoError = (status: number, code: number, message: string): TFakeReply => ({
  status,
  json: { code, message, suggestion: 'Refer to the API documentation' },
});

const task = (status: string, progress: number, extra: Record<string, unknown> = {}) => ({
  json: {
    code: 0,
    data: {
      task_id: 't-1',
      type: 'image_to_model',
      status,
      input: {},
      output: {},
      progress,
      create_time: 1,
      ...extra,
    },
  },
});

type TOverrides = Partial<
  Record<
    'upload' | 'create' | 'poll' | 'download',
    (request: TFakeRequest) => TFakeReply | undefined
  >
>;

/** Upload, create, then queued -> running 40% -> running 80% -> success, and the GLB at a storage URL. */
async function tripo(overrides: TOverrides = {}, runtime = testRuntime()): Promise<TAiEngine> {
  let polls = 0;
  fake = await startFakeProvider((request) => {
    if (request.path === '/v2/openapi/upload') {
      return overrides.upload?.(request) ?? { json: { code: 0, data: { image_token: 'tok-1' } } };
    }
    if (request.path === '/v2/openapi/task') {
      return overrides.create?.(request) ?? { json: { code: 0, data: { task_id: 't-1' } } };
    }
    if (request.path === '/v2/openapi/task/t-1') {
      const custom = overrides.poll?.(request);
      if (custom) return custom;
      polls += 1;
      if (polls === 1) return task('queued', 0);
      if (polls === 2) return task('running', 40);
      if (polls === 3) return task('running', 80);
      return task('success', 100, { output: { pbr_model: `${fake?.url}/cdn/model.glb` } });
    }
    if (request.path === '/cdn/model.glb')
      return overrides.download?.(request) ?? { body: glbBytes() };
    return { status: 404, body: 'not found' };
  });
  const [engine] = createTripoEngines(
    { baseUrl: `${fake.url}/v2/openapi`, apiKey: 'tsk_test' },
    runtime,
  );
  if (!engine) throw new Error('engine missing');
  return engine;
}

/** Task creations only (the status polls share the path prefix). */
const creates = () => fake?.requests.filter((request) => request.path === '/v2/openapi/task') ?? [];

const run = async (engine: TAiEngine, ctx?: ReturnType<typeof testContext>) =>
  engine.run(
    { imageUrl: '/files/cat.png' },
    ctx ?? testContext({ '/files/cat.png': await pngBytes() }),
  );

describe('Tripo3D', () => {
  it('uploads the picture, creates an image_to_model task, follows its progress and downloads the GLB', async () => {
    const engine = await tripo();
    const ctx = testContext({ '/files/cat.png': await pngBytes() });
    const result = await run(engine, ctx);

    expect(result.files).toHaveLength(1);
    expect(result.files[0]).toMatchObject({ filename: 'model.glb', mime: 'model/gltf-binary' });
    expect(result.files[0]?.data.equals(glbBytes())).toBe(true);
    const upload = await firstCall(fake, '/v2/openapi/upload').form();
    expect((upload.get('file') as File).type).toBe('image/png');
    expect(firstCall(fake, '/v2/openapi/task').json()).toEqual({
      type: 'image_to_model',
      file: { type: 'png', file_token: 'tok-1' },
      texture: true,
      pbr: true,
    });
    expect(firstCall(fake, '/v2/openapi/task').headers.authorization).toBe('Bearer tsk_test');
    expect(firstCall(fake, '/cdn/').headers.authorization).toBeUndefined();
    expect(ctx.stages).toEqual([
      { stage: 'initialising', percent: 0 },
      { stage: 'loading_components', percent: 10 },
      { stage: 'generating_mesh', percent: 43 },
      { stage: 'processing_texture', percent: 71 },
      { stage: 'saving', percent: 90 },
      { stage: 'almost_done', percent: 97 },
    ]);
  });

  it('ends as a timeout when creating the task is slow, and does not create it twice', async () => {
    const engine = await tripo(
      { create: () => ({ json: { code: 0, data: { task_id: 't-1' } }, delayMs: 3_000 }) },
      testRuntime({ timeoutMs: 100 }),
    );
    await expect(run(engine)).rejects.toMatchObject({ reason: 'timeout' });
    expect(creates()).toHaveLength(1);
  });

  it('ends as a timeout when the task runs longer than allowed', async () => {
    const engine = await tripo(
      { poll: () => task('running', 10) },
      { ...testRuntime(), taskTimeoutMs: 50 },
    );
    await expect(run(engine)).rejects.toMatchObject({ reason: 'timeout' });
  });

  it('retries the 429 of code 2000 (concurrency limit), then goes on', async () => {
    let limited = false;
    const engine = await tripo({
      create: () => {
        if (limited) return undefined;
        limited = true;
        return tripoError(429, 2000, 'You have exceeded the limit of generation');
      },
    });
    expect((await run(engine)).files).toHaveLength(1);
    expect(creates()).toHaveLength(2);
  });

  it('ends failed after bounded retries of a persistent 500 while polling', async () => {
    const engine = await tripo({
      poll: () => tripoError(500, 1000, 'Unknown error on sever side'),
    });
    await expect(run(engine)).rejects.toMatchObject({ reason: 'failed' });
    expect(fake?.calls('/v2/openapi/task/t-1')).toHaveLength(3);
  });

  it('ends failed with a clear message on malformed answers and broken models', async () => {
    const noToken = await tripo({ upload: () => ({ json: { code: 0, data: {} } }) });
    await expect(run(noToken)).rejects.toThrow(/unexpected shape \(image_token/);
    await fake?.close();
    const html = await tripo({ download: () => ({ body: '<html>AccessDenied</html>' }) });
    await expect(run(html)).rejects.toThrow(/not a valid GLB \(no glTF header\)/);
    await fake?.close();
    const truncated = await tripo({ download: () => ({ body: glbBytes().subarray(0, 60) }) });
    await expect(run(truncated)).rejects.toThrow(/length does not match/);
  });

  it('turns code 2008 and a banned task into the sensitive-words message', async () => {
    const refused = await tripo({
      create: () => tripoError(400, 2008, 'Input violates our content policy'),
    });
    await expect(run(refused)).rejects.toMatchObject({ reason: 'sensitiveWords' });
    await fake?.close();
    const banned = await tripo({ poll: () => task('banned', 0) });
    await expect(run(banned)).rejects.toMatchObject({ reason: 'sensitiveWords' });
  });

  it('turns code 1004 into the parameter error and a failed task into a failure', async () => {
    const invalid = await tripo({
      create: () => tripoError(400, 1004, 'One or more of your parameter is invalid'),
    });
    await expect(run(invalid)).rejects.toMatchObject({ reason: 'badParameters' });
    await fake?.close();
    const failed = await tripo({ poll: () => task('failed', 100, { error_code: 1001 }) });
    await expect(run(failed)).rejects.toMatchObject({
      reason: 'failed',
      message: expect.stringContaining('code 1001'),
    });
  });

  it('stops polling at once when the job is cancelled', async () => {
    const engine = await tripo({ poll: () => task('running', 20) });
    const ctx = testContext({ '/files/cat.png': await pngBytes() });
    const running = run(engine, ctx);
    await vi.waitFor(() => expect(fake?.calls('/v2/openapi/task/t-1').length).toBeGreaterThan(1));
    ctx.controller.abort();
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    // A poll already on the wire may still land; after that, nothing new may start.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const polls = fake?.calls('/v2/openapi/task/t-1').length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake?.calls('/v2/openapi/task/t-1').length).toBe(polls);
  });
});
