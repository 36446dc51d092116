import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { AiWorker, aiWorkerOptions, createAiEngines } from '../modules/ai';
import { signedInUser } from '../test/ai-jobs';
import { createWork } from '../test/factories';
import { dropWritten, workTags } from '../test/kept-answers';
import { createTestApp, type TTestApp } from '../test/test-app';
import { uploadThroughApi } from '../test/uploads';
import { parseScrape, scrapeOf, type TScrape } from './metrics.test-helpers';

/**
 * DESIGN 2 metrics, ADR 0055: GET /metrics in Prometheus's text format for
 * the bearer of METRICS_TOKEN, the 404 of an unknown path for anyone else.
 * Counters are compared before and after what a user does, never timed.
 */

const TOKEN = 'scrape-me-with-this-token-0123';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The process's engines, built once as main.ts builds them: the local ones, no provider. */
const engines = createAiEngines(loadConfig({}));
let t: TTestApp;
let worker: AiWorker | undefined;

beforeAll(async () => {
  t = await createTestApp({
    env: { METRICS_TOKEN: TOKEN, POINTS_DAILY_ALLOWANCE: '0' },
    // As main.ts: a queued job wakes this process's worker.
    ai: { registry: engines.registry, onQueued: () => worker?.poke() },
  });
  // Only the writes' own drops empty kept answers here, never the feed version's poll.
  t.app.keptAnswers.feedVersionPollMs = 3_600_000;
});

afterAll(async () => {
  await worker?.stop();
  await t.close();
});

async function scrape(): Promise<TScrape> {
  return scrapeOf(await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) }));
}

/** How far each named figure moved between two scrapes. */
const moved = (before: TScrape, after: TScrape, name: string, labels: Record<string, string>) =>
  after.value(name, labels) - before.value(name, labels);

const REQUESTS = 'layerline_http_requests_total';
const LOOKUPS = 'layerline_kept_answer_lookups_total';

describe('GET /metrics', () => {
  it('is the 404 of an unknown path without the token, or with another', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/metrics-of-nothing' });
    expect(unknown.statusCode).toBe(404);
    for (const headers of [{}, bearer('not-the-token-at-all-0123'), { authorization: TOKEN }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404 });
      expect(res.body).not.toContain('layerline_');
    }
  });

  it('times answers by route template, method and status class', async () => {
    const work = await createWork(t.db);
    await dropWritten(t, workTags(work));
    const before = await scrape();
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/works/${work.id}` });
      expect(res.statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/works/999999' })).statusCode).toBe(
      404,
    );
    const after = await scrape();
    const detail = { route: '/api/v1/works/:id', method: 'GET' };
    expect(moved(before, after, REQUESTS, { ...detail, status: '2xx' })).toBe(2);
    expect(moved(before, after, REQUESTS, { ...detail, status: '4xx' })).toBe(1);
    const histogram = 'layerline_http_request_duration_seconds_count';
    expect(moved(before, after, histogram, { ...detail, status: '2xx' })).toBe(2);
    expect(after.types.get('layerline_http_request_duration_seconds')).toBe('histogram');
    // Never the URL asked for: no label holds an id.
    const routes = new Set(after.samples.map((sample) => sample.labels.route).filter(Boolean));
    expect(routes.has('/api/v1/works/:id')).toBe(true);
    expect([...routes].filter((route) => /\/\d+/.test(route ?? ''))).toEqual([]);
    // The scrape before this one is counted too, under its own path.
    expect(after.value(REQUESTS, { route: '/metrics', method: 'GET', status: '2xx' })).toBe(
      before.value(REQUESTS, { route: '/metrics', method: 'GET', status: '2xx' }) + 1,
    );
  });

  it("counts a kept page's hit, miss and drop (ADR 0044)", async () => {
    const work = await createWork(t.db);
    await dropWritten(t, workTags(work));
    const liker = await signedInUser(t, 0);
    const url = `/api/v1/works/${work.id}`;
    const before = await scrape();
    await t.app.inject({ method: 'GET', url });
    await t.app.inject({ method: 'GET', url });
    const read = await scrape();
    const responses = { cache: 'responses' };
    expect(moved(before, read, LOOKUPS, { ...responses, result: 'miss' })).toBe(1);
    expect(moved(before, read, LOOKUPS, { ...responses, result: 'hit' })).toBe(1);
    expect(read.value('layerline_kept_answer_entries', responses)).toBeGreaterThanOrEqual(1);

    const like = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/works/like/${work.id}`,
      headers: liker.headers,
    });
    expect(like.statusCode, like.body).toBe(200);
    await t.app.inject({ method: 'GET', url });
    const after = await scrape();
    expect(moved(read, after, 'layerline_kept_answer_drops_total', responses)).toBe(1);
    expect(moved(read, after, LOOKUPS, { ...responses, result: 'miss' })).toBe(1);
    expect(moved(read, after, LOOKUPS, { ...responses, result: 'hit' })).toBe(0);
    expect(moved(read, after, REQUESTS, { route: '/api/v1/works/like/:id', method: 'PUT' })).toBe(
      1,
    );
    // The write went through the admission gate (ADR 0050), and left it.
    const admitted = { result: 'admitted' };
    expect(moved(read, after, 'layerline_admission_decisions_total', admitted)).toBe(1);
    expect(after.value('layerline_admission_requests', { state: 'running' })).toBe(0);
    expect(after.value('layerline_admission_requests', { state: 'waiting' })).toBe(0);
  });

  it("shows the upload pool's threads and queue", async () => {
    const maker = await signedInUser(t, 0);
    const before = await scrape();
    // An SVG is sanitised on the pool (ADR 0008).
    const data = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="4" height="4"/></svg>',
    );
    const res = await uploadThroughApi(t, maker.headers, 'design', {
      data,
      name: 'square.svg',
      type: 'image/svg+xml',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await scrape();
    const upload = { route: '/api/v1/resource/upload', method: 'POST', status: '2xx' };
    expect(moved(before, after, REQUESTS, upload)).toBe(1);
    const pool = { pool: 'uploads' };
    expect(after.value('layerline_worker_pool_max_threads', pool)).toBeGreaterThanOrEqual(1);
    expect(after.value('layerline_worker_pool_threads', pool)).toBeGreaterThanOrEqual(1);
    expect(after.value('layerline_worker_pool_queued_tasks', pool)).toBe(0);
    expect(after.value('layerline_worker_pool_max_queued_tasks', pool)).toBeGreaterThan(0);
    const utilisation = after.value('layerline_worker_pool_utilisation', pool);
    expect(utilisation >= 0 && utilisation <= 1).toBe(true);
  });

  it("shows the AI queue's depth and times a job run to its end", async () => {
    const me = await signedInUser(t, 20);
    const before = await scrape();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ai/jobs',
      headers: me.headers,
      payload: {
        kind: 'prompt_optimize',
        params: { prompt: 'a fox for a keychain', machine: 'laser' },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    const queued = await scrape();
    expect(queued.value('layerline_ai_jobs', { state: 'queued' })).toBe(1);
    expect(queued.value('layerline_ai_jobs', { state: 'running' })).toBe(0);

    worker = new AiWorker(
      t.app.aiQueue,
      t.db,
      engines.registry,
      t.storage,
      aiWorkerOptions(t.database.kind),
    );
    worker.start();
    await expect
      .poll(
        async () =>
          (
            await t.app.inject({ method: 'GET', url: `/api/v1/ai/jobs/${id}`, headers: me.headers })
          ).json().data.state,
        { timeout: 20_000 },
      )
      .toBe('succeeded');
    const after = await scrape();
    const run = { kind: 'prompt_optimize', state: 'succeeded' };
    expect(moved(before, after, 'layerline_ai_job_duration_seconds_count', run)).toBe(1);
    expect(after.value('layerline_ai_jobs', { state: 'queued' })).toBe(0);
    expect(after.value('layerline_ai_jobs', { state: 'running' })).toBe(0);
  });

  it("shows the process's figures, and the database pool's on PostgreSQL", async () => {
    const now = await scrape();
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'process_resident_memory_bytes',
      'process_cpu_seconds_total',
    ]) {
      expect(now.has(name), name).toBe(true);
    }
    if (t.database.kind === 'postgres') {
      expect(now.value('layerline_db_pool_max_connections')).toBeGreaterThan(0);
      expect(now.value('layerline_db_pool_connections')).toBeGreaterThan(0);
      expect(now.value('layerline_db_pool_acquire_seconds_count')).toBeGreaterThan(0);
      expect(now.has('layerline_db_pool_waiting_clients')).toBe(true);
      expect(now.has('layerline_db_pool_idle_connections')).toBe(true);
    } else {
      // PGlite is one connection in the process: no pool to watch.
      expect(now.has('layerline_db_pool_connections')).toBe(false);
    }
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is a 404 whatever the request carries, and nothing is measured', async () => {
    const plain = await createTestApp();
    try {
      for (const headers of [{}, bearer(TOKEN)]) {
        const res = await plain.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(() => parseScrape(res.body)).toThrow();
      }
    } finally {
      await plain.close();
    }
  });
});
