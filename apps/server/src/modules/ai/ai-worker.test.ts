import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabaseHandle } from '../../db/client';
import { createUser } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';
import { LocalDiskStorage } from '../files';
import { createAiEngineRegistry } from './ai-engines.registry';
import { AiJobQueue } from './ai-jobs.queue';
import {
  AiWorker,
  aiWorkerOptions,
  DEFAULT_AI_WORKER_OPTIONS,
  EMBEDDED_AI_WORKER_IDLE_MS,
  type TAiWorkerOptions,
} from './ai-worker';
import { createLocalEngines } from './engines/local-engines';

let handle: TDatabaseHandle;
let root: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  root = await mkdtemp(path.join(tmpdir(), 'ai-worker-'));
});
afterAll(async () => {
  await handle.close();
  await rm(root, { recursive: true, force: true });
});

/** A queue with the real local engines, a user who can pay, and a worker on that queue. */
async function setUp(options: TAiWorkerOptions) {
  const registry = createAiEngineRegistry({ local: createLocalEngines(), providers: [] });
  const queue = new AiJobQueue(handle.db, registry, () => new Date());
  const user = await createUser(handle.db, { points: 10 });
  const worker = new AiWorker(queue, handle.db, registry, new LocalDiskStorage(root), options);
  const queueJob = (prompt: string) =>
    queue.create(user.id, 'prompt_optimize', { prompt, machine: '3d_printer' });
  const succeeded = (jobId: number) =>
    expect
      .poll(async () => (await queue.findOwn(user.id, jobId)).state, { timeout: 10_000 })
      .toBe('succeeded');
  return { queue, user, worker, queueJob, succeeded };
}

/** The embedded database's options (a 30 s sleep when idle), with a quick heartbeat. */
const embedded = (workerId: string): TAiWorkerOptions => ({
  ...aiWorkerOptions('pglite'),
  heartbeatMs: 50,
  workerId,
});

describe('AI worker loop (ADR 0012)', () => {
  it('runs queued jobs with the real local engines until stopped', async () => {
    const { queue, user, worker, queueJob, succeeded } = await setUp({
      heartbeatMs: 50,
      leaseMs: 60_000,
      jobTimeoutMs: 20_000,
      idleMs: 20,
      workerId: 'loop',
    });
    const job = await queueJob('a small owl keychain');
    worker.start();
    await succeeded(job.id);
    await worker.stop();
    const done = await queue.findOwn(user.id, job.id);
    expect(done.resultText?.toLowerCase()).toContain('owl');
  });

  it('sleeps 30 s when idle on the embedded database, and a queued job wakes it at once', async () => {
    expect(aiWorkerOptions('postgres')).toEqual(DEFAULT_AI_WORKER_OPTIONS);
    expect(aiWorkerOptions('pglite')).toEqual({
      ...DEFAULT_AI_WORKER_OPTIONS,
      idleMs: EMBEDDED_AI_WORKER_IDLE_MS,
    });
    const { worker, queueJob, succeeded } = await setUp(embedded('embedded'));
    worker.start();
    await expect.poll(() => worker.isSleeping, { timeout: 10_000 }).toBe(true);
    // It found nothing and sleeps; the job queued now runs only because
    // poke() wakes it (main.ts's onQueued).
    const job = await queueJob('a small fox bookmark');
    worker.poke();
    await succeeded(job.id);
    await worker.stop();
  });

  it('looks again instead of sleeping when a job is queued while it is looking', async () => {
    const { queue, worker, queueJob, succeeded } = await setUp(embedded('raced'));
    // The job is committed and the worker poked just after its claim found
    // the queue empty and before it sleeps: the order a request queuing a job
    // can take against a worker that is looking.
    const claim = queue.claim.bind(queue);
    let onQueued: (jobId: number) => void = () => {};
    const queuedId = new Promise<number>((resolve) => {
      onQueued = resolve;
    });
    let isQueued = false;
    queue.claim = async (workerId) => {
      const found = await claim(workerId);
      if (!found && !isQueued) {
        isQueued = true;
        onQueued((await queueJob('a small crab magnet')).id);
        worker.poke();
      }
      return found;
    };
    worker.start();
    await succeeded(await queuedId);
    await worker.stop();
  });
});
