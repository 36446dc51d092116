import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabaseHandle } from '../../db/client';
import { aiJobs, files, pointsLedger, users } from '../../db/schema';
import { isAppError } from '../../http/app-error';
import { grayRamp } from '../../test/engine-images';
import { createUser } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';
import { LocalDiskStorage } from '../files';
import { AiEngineError, type TAiEngine } from './ai-engine';
import { createAiEngineRegistry } from './ai-engines.registry';
import { AiJobQueue } from './ai-jobs.queue';
import { AiJobRunner } from './ai-jobs.runner';
import { createLocalEngines } from './engines/local-engines';

let handle: TDatabaseHandle;
let root: string;
let storage: LocalDiskStorage;

const failing = (kind: TAiEngine['kind'], at: number): TAiEngine => ({
  kind,
  name: `test:fail-${at}`,
  async run(_params, ctx) {
    const stages = ['initialising', 'loading_components', 'generating_mesh', 'saving'] as const;
    for (const [i, stage] of stages.entries()) {
      if (i === at) throw new AiEngineError('failed', `broke at ${stage}`);
      ctx.progress(stage, i * 25);
    }
    throw new AiEngineError('timeout');
  },
});

const waitsForAbort: TAiEngine = {
  kind: 'text_to_image',
  name: 'test:slow',
  run: (_params, ctx) =>
    new Promise((_resolve, reject) => {
      ctx.progress('generating_mesh', 10);
      ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason), { once: true });
    }),
};

async function balance(userId: number) {
  const [row] = await handle.db
    .select({ points: users.points })
    .from(users)
    .where(eq(users.id, userId));
  return row?.points;
}

function runnerFor(
  queue: AiJobQueue,
  registry: ReturnType<typeof createAiEngineRegistry>,
  id = 'w1',
) {
  return new AiJobRunner(handle.db, queue, registry, storage, {
    workerId: id,
    heartbeatMs: 20,
    jobTimeoutMs: 20_000,
  });
}

beforeAll(async () => {
  handle = await createTestDatabase();
  root = await mkdtemp(path.join(tmpdir(), 'ai-jobs-'));
  storage = new LocalDiskStorage(root);
});
afterAll(async () => {
  await handle.close();
  await rm(root, { recursive: true, force: true });
});

describe('AI job queue (ADR 0012)', () => {
  it('charges at creation and runs a real local engine to a stored result owned by the user', async () => {
    const user = await createUser(handle.db, { points: 10 });
    const registry = createAiEngineRegistry({ local: createLocalEngines(), providers: [] });
    const queue = new AiJobQueue(handle.db, registry, () => new Date());
    const source = await storage.put(await grayRamp(24, 16), {
      filename: 'ramp.png',
      mime: 'image/png',
    });
    const job = await queue.create(user.id, 'laser_image', { imageUrl: source.url });
    expect(job.state).toBe('queued');
    expect(await balance(user.id)).toBe(10 - registry.cost('laser_image'));
    expect(await runnerFor(queue, registry).runOne()).toBe(true);
    const done = await queue.findOwn(user.id, job.id);
    expect(done).toMatchObject({ state: 'succeeded', stage: 'completed', percent: 100 });
    expect(done.resultFiles.length).toBeGreaterThan(0);
    const owned = await handle.db.select().from(files).where(eq(files.userId, user.id));
    expect(owned.map((f) => f.url).sort()).toEqual([...done.resultFiles].sort());
    expect(owned.every((f) => f.kind === 'ai')).toBe(true);
    expect(await balance(user.id)).toBe(10 - registry.cost('laser_image'));
  });

  it('a job failing at every stage leaves the balance where it started, refunded exactly once', async () => {
    for (const at of [0, 1, 2, 3, 4]) {
      const user = await createUser(handle.db, { points: 7 });
      const registry = createAiEngineRegistry({
        local: [],
        providers: [failing('text_to_image', at)],
      });
      const queue = new AiJobQueue(handle.db, registry, () => new Date());
      const job = await queue.create(user.id, 'text_to_image', { prompt: 'a fox' });
      expect(await balance(user.id)).toBe(2);
      await runnerFor(queue, registry).runOne();
      const done = await queue.findOwn(user.id, job.id);
      expect(done.state).toBe('failed');
      expect(done.errorReason).toBe(at === 4 ? 'timeout' : 'failed');
      expect(await balance(user.id)).toBe(7);
      // A second refund attempt changes nothing.
      expect(
        await queue.finishWithoutResult(
          job.id,
          { state: 'failed', reason: 'failed' },
          { states: ['running'] },
        ),
      ).toBeNull();
      const ledger = await handle.db
        .select()
        .from(pointsLedger)
        .where(eq(pointsLedger.userId, user.id));
      expect(ledger.map((l) => l.reason).sort()).toEqual(['ai_charge', 'ai_refund']);
    }
  });

  it('an unavailable kind charges nothing and names the setting', async () => {
    const user = await createUser(handle.db, { points: 50 });
    const registry = createAiEngineRegistry({ local: createLocalEngines(), providers: [] });
    const queue = new AiJobQueue(handle.db, registry, () => new Date());
    const error = await queue.create(user.id, 'image_to_3d', {}).catch((e: unknown) => e);
    expect(isAppError(error) && error.statusCode).toBe(503);
    expect(isAppError(error) && JSON.stringify(error.data)).toContain('AI_TRIPO_API_KEY');
    expect(await balance(user.id)).toBe(50);
    expect(await handle.db.select().from(aiJobs).where(eq(aiJobs.userId, user.id))).toHaveLength(0);
  });

  it('insufficient points creates no job (SPEC 8)', async () => {
    const user = await createUser(handle.db, { points: 1 });
    const registry = createAiEngineRegistry({ local: [], providers: [waitsForAbort] });
    const queue = new AiJobQueue(handle.db, registry, () => new Date());
    const error = await queue
      .create(user.id, 'text_to_image', { prompt: 'x' })
      .catch((e: unknown) => e);
    expect(isAppError(error) && error.messageKey).toBe('insufficientPoints');
    expect(await handle.db.select().from(aiJobs).where(eq(aiJobs.userId, user.id))).toHaveLength(0);
  });

  it('limits a user to 2 active jobs and 30 an hour with 429', async () => {
    const user = await createUser(handle.db, { points: 1000 });
    const registry = createAiEngineRegistry({ local: [], providers: [waitsForAbort] });
    const queue = new AiJobQueue(handle.db, registry, () => new Date());
    const a = await queue.create(user.id, 'text_to_image', { prompt: 'a' });
    const b = await queue.create(user.id, 'text_to_image', { prompt: 'b' });
    const third = await queue
      .create(user.id, 'text_to_image', { prompt: 'c' })
      .catch((e: unknown) => e);
    expect(isAppError(third) && [third.statusCode, third.messageKey]).toEqual([
      429,
      'tooManyRequests',
    ]);
    expect(await balance(user.id)).toBe(1000 - 2 * registry.cost('text_to_image'));

    const hourly = new AiJobQueue(handle.db, registry, () => new Date(), {
      limits: { maxActive: 100, maxPerHour: 3 },
    });
    const d = await hourly.create(user.id, 'text_to_image', { prompt: 'd' });
    const over = await hourly
      .create(user.id, 'text_to_image', { prompt: 'e' })
      .catch((e: unknown) => e);
    expect(isAppError(over) && over.statusCode).toBe(429);
    // Cancelled jobs are refunded and no longer active, but still count towards the hour.
    for (const job of [a, b, d]) await queue.requestCancel(user.id, job.id);
    expect(await balance(user.id)).toBe(1000);
    const f = await queue.create(user.id, 'text_to_image', { prompt: 'f' });
    await queue.requestCancel(user.id, f.id);
    const again = await hourly
      .create(user.id, 'text_to_image', { prompt: 'g' })
      .catch((e: unknown) => e);
    expect(isAppError(again) && again.statusCode).toBe(429);
  });

  it('cancelling a queued job refunds at once; cancelling a running one aborts the engine and refunds', async () => {
    const user = await createUser(handle.db, { points: 20 });
    const registry = createAiEngineRegistry({ local: [], providers: [waitsForAbort] });
    const queue = new AiJobQueue(handle.db, registry, () => new Date());
    const queued = await queue.create(user.id, 'text_to_image', { prompt: 'a' });
    expect((await queue.requestCancel(user.id, queued.id)).state).toBe('cancelled');
    expect(await balance(user.id)).toBe(20);

    const running = await queue.create(user.id, 'text_to_image', { prompt: 'b' });
    const run = runnerFor(queue, registry).runOne();
    await expect.poll(async () => (await queue.findOwn(user.id, running.id)).state).toBe('running');
    await queue.requestCancel(user.id, running.id);
    await run;
    const done = await queue.findOwn(user.id, running.id);
    expect(done.state).toBe('cancelled');
    expect(await balance(user.id)).toBe(20);
  });

  it("a worker that lost its lease leaves the new holder's run alone (no cancel, no refund)", async () => {
    const user = await createUser(handle.db, { points: 20 });
    const registry = createAiEngineRegistry({ local: [], providers: [waitsForAbort] });
    const queue = new AiJobQueue(handle.db, registry, () => new Date());
    const job = await queue.create(user.id, 'text_to_image', { prompt: 'a' });
    const run = runnerFor(queue, registry, 'w-old').runOne();
    await expect.poll(async () => (await queue.findOwn(user.id, job.id)).state).toBe('running');
    // Another worker re-claimed the job after w-old's lease expired.
    await handle.db.update(aiJobs).set({ workerId: 'w-new' }).where(eq(aiJobs.id, job.id));
    await run;
    const after = await queue.findOwn(user.id, job.id);
    expect(after).toMatchObject({ state: 'running', workerId: 'w-new', refundedAt: null });
    expect(await balance(user.id)).toBe(20 - registry.cost('text_to_image'));
  });

  it('tops the balance up to the daily allowance before charging (ADR 0011)', async () => {
    const user = await createUser(handle.db, { points: 0 });
    const registry = createAiEngineRegistry({ local: [], providers: [waitsForAbort] });
    const queue = new AiJobQueue(handle.db, registry, () => new Date(), {
      allowance: { amount: 20, timeZone: 'Asia/Shanghai' },
    });
    await queue.create(user.id, 'text_to_image', { prompt: 'a' });
    expect(await balance(user.id)).toBe(20 - registry.cost('text_to_image'));
    const ledger = await handle.db
      .select({ reason: pointsLedger.reason })
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, user.id));
    expect(ledger.map((r) => r.reason).sort()).toEqual(['ai_charge', 'daily_allowance']);
  });

  it("another user's job answers 404", async () => {
    const owner = await createUser(handle.db, { points: 20 });
    const other = await createUser(handle.db);
    const registry = createAiEngineRegistry({ local: [], providers: [waitsForAbort] });
    const queue = new AiJobQueue(handle.db, registry, () => new Date());
    const job = await queue.create(owner.id, 'text_to_image', { prompt: 'a' });
    const error = await queue.findOwn(other.id, job.id).catch((e: unknown) => e);
    expect(isAppError(error) && error.statusCode).toBe(404);
    const cancel = await queue.requestCancel(other.id, job.id).catch((e: unknown) => e);
    expect(isAppError(cancel) && cancel.statusCode).toBe(404);
    await queue.requestCancel(owner.id, job.id);
  });

  it('a job whose worker died (expired lease) is retried once, then failed and refunded', async () => {
    const user = await createUser(handle.db, { points: 20 });
    const registry = createAiEngineRegistry({ local: [], providers: [waitsForAbort] });
    let now = new Date('2026-01-01T00:00:00Z');
    const queue = new AiJobQueue(handle.db, registry, () => now);
    const job = await queue.create(user.id, 'text_to_image', { prompt: 'a' });
    expect((await queue.claim('dead-1'))?.id).toBe(job.id);
    now = new Date(now.getTime() + 5 * 60_000);
    expect(await queue.recoverExpired(60_000)).toBe(1);
    expect((await queue.findOwn(user.id, job.id)).state).toBe('queued');
    expect((await queue.claim('dead-2'))?.attempts).toBe(2);
    now = new Date(now.getTime() + 5 * 60_000);
    expect(await queue.recoverExpired(60_000)).toBe(1);
    const done = await queue.findOwn(user.id, job.id);
    expect(done).toMatchObject({ state: 'failed', errorReason: 'timeout' });
    expect(await balance(user.id)).toBe(20);
  });
});
