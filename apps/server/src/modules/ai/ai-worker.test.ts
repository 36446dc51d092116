import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabaseHandle } from '../../db/client';
import { createUser } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';
import { LocalDiskStorage } from '../files/local-disk.storage';
import { createAiEngineRegistry } from './ai-engines.registry';
import { AiJobQueue } from './ai-jobs.queue';
import {
  AiWorker,
  aiWorkerOptions,
  DEFAULT_AI_WORKER_OPTIONS,
  EMBEDDED_AI_WORKER_IDLE_MS,
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

describe('AI worker loop (ADR 0012)', () => {
  it('runs queued jobs with the real local engines until stopped', async () => {
    const registry = createAiEngineRegistry({ local: createLocalEngines(), providers: [] });
    const queue = new AiJobQueue(handle.db, registry, () => new Date());
    const user = await createUser(handle.db, { points: 10 });
    const job = await queue.create(user.id, 'prompt_optimize', {
      prompt: 'a small owl keychain',
      machine: '3d_printer',
    });
    const worker = new AiWorker(queue, handle.db, registry, new LocalDiskStorage(root), {
      heartbeatMs: 50,
      leaseMs: 60_000,
      jobTimeoutMs: 20_000,
      idleMs: 20,
      workerId: 'loop',
    });
    worker.start();
    await expect
      .poll(async () => (await queue.findOwn(user.id, job.id)).state, { timeout: 10_000 })
      .toBe('succeeded');
    await worker.stop();
    const done = await queue.findOwn(user.id, job.id);
    expect(done.resultText?.toLowerCase()).toContain('owl');
  });

  it('on the embedded database sleeps long when idle, and a queued job wakes it at once', async () => {
    expect(aiWorkerOptions('postgres')).toEqual(DEFAULT_AI_WORKER_OPTIONS);
    const embedded = aiWorkerOptions('pglite');
    expect(embedded.idleMs).toBe(EMBEDDED_AI_WORKER_IDLE_MS);
    expect(embedded.leaseMs).toBe(DEFAULT_AI_WORKER_OPTIONS.leaseMs);

    const registry = createAiEngineRegistry({ local: createLocalEngines(), providers: [] });
    const queue = new AiJobQueue(handle.db, registry, () => new Date());
    const user = await createUser(handle.db, { points: 10 });
    const worker = new AiWorker(queue, handle.db, registry, new LocalDiskStorage(root), {
      ...embedded,
      heartbeatMs: 50,
      workerId: 'embedded',
    });
    worker.start();
    await expect.poll(() => worker.isSleeping, { timeout: 10_000 }).toBe(true);
    // The loop found nothing and sleeps for EMBEDDED_AI_WORKER_IDLE_MS; the
    // job queued now is run only because poke() wakes it (main.ts onQueued).
    const job = await queue.create(user.id, 'prompt_optimize', {
      prompt: 'a small fox bookmark',
      machine: '3d_printer',
    });
    worker.poke();
    await expect
      .poll(async () => (await queue.findOwn(user.id, job.id)).state, { timeout: 10_000 })
      .toBe('succeeded');
    await worker.stop();
  });

  it('looks again instead of sleeping when a job is queued while it is looking', async () => {
    const registry = createAiEngineRegistry({ local: createLocalEngines(), providers: [] });
    const queue = new AiJobQueue(handle.db, registry, () => new Date());
    const user = await createUser(handle.db, { points: 10 });
    const worker = new AiWorker(queue, handle.db, registry, new LocalDiskStorage(root), {
      ...aiWorkerOptions('pglite'),
      heartbeatMs: 50,
      workerId: 'raced',
    });
    // The job is committed and the worker poked just after its claim found
    // the queue empty, before it goes to sleep: the order a request queuing a
    // job can take against a worker that is looking.
    const claim = queue.claim.bind(queue);
    let queued: Promise<{ id: number }> | undefined;
    queue.claim = async (workerId) => {
      const found = await claim(workerId);
      if (!found && !queued) {
        queued = queue.create(user.id, 'prompt_optimize', {
          prompt: 'a small crab magnet',
          machine: '3d_printer',
        });
        await queued;
        worker.poke();
      }
      return found;
    };
    worker.start();
    await expect.poll(() => queued !== undefined, { timeout: 10_000 }).toBe(true);
    const job = await (queued as Promise<{ id: number }>);
    await expect
      .poll(async () => (await queue.findOwn(user.id, job.id)).state, { timeout: 10_000 })
      .toBe('succeeded');
    await worker.stop();
  });
});
