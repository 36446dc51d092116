import { AI_STAGES, type TAiJob, ZAiJob } from '@layerline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveEvents, type LiveEvents } from '../../lib/live-events';
import { closeRedis, createRedis } from '../../lib/redis';
import { signIn } from '../../test/auth-helpers';
import { createUser } from '../../test/factories';
import { openSse, type TSseStream, withTicket } from '../../test/sse-client';
import { createTestApp, type TTestApp } from '../../test/test-app';
import type { TAiEngine } from './ai-engine';
import { createAiEngineRegistry } from './ai-engines.registry';
import { aiJobPublisher } from './ai-job-events';
import { AiJobQueue } from './ai-jobs.queue';
import { AiJobRunner } from './ai-jobs.runner';

/**
 * A logo engine that reports SPEC 4 stages and, for a text starting with
 * "step", waits after each until the test lets it go on.
 */
const gates = new Map<string, () => void>();
const passed = (key: string) =>
  new Promise<void>((resolve) => {
    gates.set(key, resolve);
  });
async function release(key: string): Promise<void> {
  await expect.poll(() => gates.has(key)).toBe(true);
  gates.get(key)?.();
  gates.delete(key);
}

const stagedLogo: TAiEngine = {
  kind: 'text_to_logo',
  name: 'test:staged-logo',
  async run(params, ctx) {
    const text = String(params.text);
    const step = async (n: number) => {
      if (text.startsWith('step')) await passed(`${text}:${n}`);
    };
    ctx.progress('loading_components', 10);
    await step(1);
    ctx.progress('generating_mesh', 40);
    await step(2);
    ctx.progress('saving', 90);
    return {
      files: [
        {
          filename: 'logo.svg',
          mime: 'image/svg+xml',
          data: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><!--${text}--></svg>`),
        },
      ],
    };
  },
};
const registry = createAiEngineRegistry({ local: [], providers: [stagedLogo] });
const quiet = { warn: () => {} };

type TWho = { id: number; token: string; headers: Record<string, string> };
async function who(t: TTestApp): Promise<TWho> {
  const user = await createUser(t.db, { points: 100 });
  const session = await signIn(t, user.id);
  return { id: user.id, token: session.access_token, headers: session.headers };
}

async function createLogo(t: TTestApp, me: TWho, text: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/ai/jobs',
    headers: me.headers,
    payload: { kind: 'text_to_logo', params: { text } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

/** A worker as `npm run worker` or main.ts runs it, publishing on `events` when given. */
function runnerFor(t: TTestApp, events?: LiveEvents): AiJobRunner {
  const queue = new AiJobQueue(t.db, registry, () => new Date(), {
    ...(events ? { onChange: aiJobPublisher(events, quiet) } : {}),
  });
  return new AiJobRunner(t.db, queue, registry, t.storage, {
    workerId: `events-test-${Math.random()}`,
    heartbeatMs: 50,
    jobTimeoutMs: 20_000,
  });
}

async function endsWithin(stream: TSseStream<unknown>, ms = 5_000): Promise<string> {
  return Promise.race([
    stream.closed.then(() => 'closed'),
    new Promise<string>((resolve) => setTimeout(() => resolve('still open'), ms)),
  ]);
}

/** Stages only move forward while a job runs (SPEC 4). */
function expectInOrder(events: TAiJob[]): void {
  const rank = (job: TAiJob) =>
    (['queued', 'running', 'succeeded'].indexOf(job.state) + 1) * 100 +
    (job.stage ? AI_STAGES.indexOf(job.stage) : -1) * 10 +
    job.percent / 10;
  const ranks = events.map(rank);
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
}

describe('GET /ai/jobs/:id/events (SSE, in-process live events)', () => {
  let t: TTestApp;
  let base: string;

  beforeAll(async () => {
    // The re-read safety net is far away: what arrives here arrives as a live signal.
    t = await createTestApp({
      env: { POINTS_DAILY_ALLOWANCE: '0' },
      ai: { registry, streamPollMs: 60_000 },
    });
    base = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/api/v1/ai/jobs`;
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends the job on connecting, each stage as the worker reports it, the result, then ends', async () => {
    const me = await who(t);
    const id = await createLogo(t, me, 'step by step');
    const stream = await openSse<TAiJob>(await withTicket(`${base}/${id}/events`, me.token));
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toContain('text/event-stream');
      const first = await stream.next();
      // The same object GET /ai/jobs/:id answers.
      const polled = await t.app.inject({
        method: 'GET',
        url: `/api/v1/ai/jobs/${id}`,
        headers: me.headers,
      });
      expect(first).toEqual(polled.json().data);
      expect(ZAiJob.parse(first)).toMatchObject({ id, state: 'queued', prompt: 'step by step' });

      const run = runnerFor(t, t.app.liveEvents).runOne();
      expect(await stream.next((e) => e.stage === 'loading_components')).toMatchObject({
        state: 'running',
        percent: 10,
      });
      await release('step by step:1');
      expect(await stream.next((e) => e.stage === 'generating_mesh')).toMatchObject({
        state: 'running',
        percent: 40,
      });
      await release('step by step:2');
      const done = await stream.next((e) => e.state === 'succeeded');
      expect(done).toMatchObject({ stage: 'completed', percent: 100, format: 'svg' });
      expect(done.resultFiles).toHaveLength(1);
      expect(await endsWithin(stream)).toBe('closed');
      await run;
      // Nothing after the end, nothing twice, nothing backwards.
      expect(stream.events.at(-1)?.state).toBe('succeeded');
      const keys = stream.events.map((e) => `${e.state}:${e.stage}:${e.percent}`);
      expect(new Set(keys).size).toBe(keys.length);
      expectInOrder(stream.events);
    } finally {
      stream.close();
    }
  });

  it('sends a cancel made through the API in the ?locale= language, and ends', async () => {
    const me = await who(t);
    const id = await createLogo(t, me, 'cancel me');
    const stream = await openSse<TAiJob>(
      await withTicket(`${base}/${id}/events?locale=zh`, me.token),
    );
    try {
      expect((await stream.next()).state).toBe('queued');
      const cancel = await t.app.inject({
        method: 'POST',
        url: `/api/v1/ai/jobs/${id}/cancel`,
        headers: me.headers,
      });
      expect(cancel.statusCode).toBe(200);
      expect(await stream.next((e) => e.state === 'cancelled')).toMatchObject({
        errorReason: 'cancelled',
        errorMessage: '已取消，积分已退回。',
      });
      expect(await endsWithin(stream)).toBe('closed');
    } finally {
      stream.close();
    }
  });

  it('sends a finished job once and ends at once; takes the Authorization header', async () => {
    const me = await who(t);
    const id = await createLogo(t, me, 'already done');
    await runnerFor(t).runOne();
    const stream = await openSse<TAiJob>(`${base}/${id}/events`, {
      authorization: me.headers.authorization ?? '',
    });
    expect(stream.status).toBe(200);
    expect(await endsWithin(stream)).toBe('closed');
    expect(stream.events.map((e) => e.state)).toEqual(['succeeded']);
  });

  it("answers another user's job and a missing one with 404, and no token with 401", async () => {
    const me = await who(t);
    const stranger = await who(t);
    const id = await createLogo(t, me, 'mine only');
    for (const target of [
      await withTicket(`${base}/${id}/events`, stranger.token),
      await withTicket(`${base}/999999/events`, me.token),
    ]) {
      const refused = await openSse(target);
      expect(refused.status).toBe(404);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 404, data: null });
    }
    for (const target of [`${base}/${id}/events`, `${base}/${id}/events?ticket=nope`]) {
      const refused = await openSse(target);
      expect(refused.status).toBe(401);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 401 });
    }
    // Clean up: this job would otherwise hold one of the user's two active slots.
    await t.app.inject({ method: 'DELETE', url: `/api/v1/ai/jobs/${id}`, headers: me.headers });
  });

  it('is documented in OpenAPI with its ticket and locale', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const route = spec.paths['/api/v1/ai/jobs/{id}/events']?.get;
    expect(route?.tags).toEqual(['ai']);
    expect(route?.description).toContain('data: <job>');
    expect(route?.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['id', 'ticket', 'locale']),
    );
  });
});

describe('GET /ai/jobs/:id/events: the re-read safety net', () => {
  it('reaches the end of a job whose worker publishes nothing (no Redis)', async () => {
    const t = await createTestApp({
      env: { POINTS_DAILY_ALLOWANCE: '0' },
      ai: { registry, streamPollMs: 100 },
    });
    try {
      const base = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/api/v1/ai/jobs`;
      const me = await who(t);
      const id = await createLogo(t, me, 'silent worker');
      const stream = await openSse<TAiJob>(await withTicket(`${base}/${id}/events`, me.token));
      expect((await stream.next()).state).toBe('queued');
      await runnerFor(t).runOne();
      expect((await stream.next((e) => e.state === 'succeeded')).percent).toBe(100);
      expect(await endsWithin(stream)).toBe('closed');
    } finally {
      await t.close();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

/** DESIGN 2: a worker process and two API instances on one database and one Redis. */
describe.skipIf(!redisUrl)('AI job events across processes (TEST_REDIS_URL)', () => {
  let a: TTestApp;
  let b: TTestApp;
  let baseB: string;
  let workerEvents: LiveEvents;
  let workerRedis: ReturnType<typeof createRedis>;

  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl, POINTS_DAILY_ALLOWANCE: '0' };
    a = await createTestApp({ env, ai: { registry, streamPollMs: 60_000 } });
    b = await createTestApp({
      env,
      database: a.database,
      ai: { registry, streamPollMs: 60_000 },
    });
    baseB = `${await b.app.listen({ port: 0, host: '127.0.0.1' })}/api/v1/ai/jobs`;
    // The worker's own connection, as `npm run worker` opens it.
    workerRedis = createRedis(redisUrl as string, quiet);
    workerEvents = createLiveEvents(workerRedis, quiet);
    await workerEvents.ready;
  });
  afterAll(async () => {
    await workerEvents?.close();
    if (workerRedis) await closeRedis(workerRedis);
    await b?.close();
    await a?.close();
  });

  it('streams on instance B the stages a worker elsewhere publishes through Redis', async () => {
    const me = await who(a);
    const id = await createLogo(a, me, 'step across');
    const stream = await openSse<TAiJob>(await withTicket(`${baseB}/${id}/events`, me.token));
    try {
      expect((await stream.next()).state).toBe('queued');
      const run = runnerFor(a, workerEvents).runOne();
      expect((await stream.next((e) => e.stage === 'loading_components')).state).toBe('running');
      await release('step across:1');
      expect((await stream.next((e) => e.stage === 'generating_mesh')).percent).toBe(40);
      await release('step across:2');
      expect((await stream.next((e) => e.state === 'succeeded')).resultFiles).toHaveLength(1);
      expect(await endsWithin(stream)).toBe('closed');
      await run;
    } finally {
      stream.close();
    }
  });
});

if (!redisUrl) {
  describe('AI job events across processes', () => {
    it.skip('need TEST_REDIS_URL (e.g. redis://127.0.0.1:6379) to run against a real Redis', () => {});
  });
}
