import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabaseHandle } from '../../db/client';
import { users } from '../../db/schema';
import { createUser } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';
import { LocalDiskStorage } from '../files';
import type { TAiEngine } from './ai-engine';
import { createAiEngineRegistry } from './ai-engines.registry';
import { AiJobQueue } from './ai-jobs.queue';
import { AiWorker, type TAiWorkerOptions } from './ai-worker';

let handle: TDatabaseHandle;
let root: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  root = await mkdtemp(path.join(tmpdir(), 'ai-hand-back-'));
});
afterAll(async () => {
  await handle.close();
  await rm(root, { recursive: true, force: true });
});

async function userPoints(userId: number) {
  const [row] = await handle.db
    .select({ points: users.points })
    .from(users)
    .where(eq(users.id, userId));
  return row?.points;
}

const options = (workerId: string): TAiWorkerOptions => ({
  heartbeatMs: 50,
  leaseMs: 60_000,
  jobTimeoutMs: 20_000,
  idleMs: 20,
  workerId,
});

/**
 * An engine that holds each run until it is aborted or released, telling
 * the test when a run started and which worker's signal it got.
 */
function heldEngine() {
  const started: Array<(run: number) => void> = [];
  const runs: Array<{ aborted: boolean }> = [];
  let release: (() => void) | undefined;
  const engine: TAiEngine = {
    kind: 'prompt_optimize',
    name: 'test:held',
    run(_params, ctx) {
      const run = { aborted: false };
      runs.push(run);
      for (const waiter of started.splice(0)) waiter(runs.length);
      return new Promise((resolve, reject) => {
        release = () => resolve({ files: [], text: 'done' });
        ctx.signal.addEventListener('abort', () => {
          run.aborted = true;
          reject(ctx.signal.reason);
        });
      });
    },
  };
  const nextStart = (): Promise<number> => new Promise((resolve) => started.push(resolve));
  return { engine, runs, nextStart, release: () => release?.() };
}

describe('AI worker shutdown (ADR 0054)', () => {
  it('hands its running job back to the queue, and another worker finishes it', async () => {
    const held = heldEngine();
    const registry = createAiEngineRegistry({
      local: [held.engine],
      providers: [],
      costs: { prompt_optimize: 2 },
    });
    const queue = new AiJobQueue(handle.db, registry, () => new Date());
    const user = await createUser(handle.db, { points: 10 });
    const storage = new LocalDiskStorage(root);
    const leaving = new AiWorker(queue, handle.db, registry, storage, options('leaving'));
    const job = await queue.create(user.id, 'prompt_optimize', {
      prompt: 'a lamp',
      machine: 'laser',
    });
    const firstRun = held.nextStart();
    leaving.start();
    await firstRun;
    expect((await queue.findOwn(user.id, job.id)).workerId).toBe('leaving');

    await leaving.handBack();
    expect(held.runs[0]?.aborted).toBe(true);
    const back = await queue.findOwn(user.id, job.id);
    expect(back).toMatchObject({
      state: 'queued',
      workerId: null,
      heartbeatAt: null,
      attempts: 0,
      refundedAt: null,
      finishedAt: null,
    });
    // Charged once at creation; a hand-back neither refunds nor charges again.
    expect(await userPoints(user.id)).toBe(8);

    const taking = new AiWorker(queue, handle.db, registry, storage, options('taking'));
    const secondRun = held.nextStart();
    taking.start();
    await secondRun;
    expect((await queue.findOwn(user.id, job.id)).workerId).toBe('taking');
    held.release();
    await expect
      .poll(async () => (await queue.findOwn(user.id, job.id)).state, { timeout: 10_000 })
      .toBe('succeeded');
    await taking.stop();
    expect(await queue.findOwn(user.id, job.id)).toMatchObject({
      resultText: 'done',
      attempts: 1,
    });
    expect(await userPoints(user.id)).toBe(8);
  });

  it('claims nothing once the shutdown began', async () => {
    const held = heldEngine();
    const registry = createAiEngineRegistry({ local: [held.engine], providers: [] });
    const queue = new AiJobQueue(handle.db, registry, () => new Date());
    const user = await createUser(handle.db, { points: 10 });
    const worker = new AiWorker(queue, handle.db, registry, new LocalDiskStorage(root), {
      ...options('late'),
      // Asleep when the job comes, so the shutdown starts before it looks again.
      idleMs: 60_000,
    });
    worker.start();
    await expect.poll(() => worker.isSleeping).toBe(true);
    const job = await queue.create(user.id, 'prompt_optimize', {
      prompt: 'a box',
      machine: 'laser',
    });
    await worker.handBack();
    expect(held.runs).toHaveLength(0);
    expect((await queue.findOwn(user.id, job.id)).state).toBe('queued');
  });
});
