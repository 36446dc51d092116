import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiJobs } from '../../db/schema';
import { createUser } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import type { TAiEngine } from './ai-engine';
import { createAiEngineRegistry } from './ai-engines.registry';
import { AiJobQueue, type TAiJobRow } from './ai-jobs.queue';
import { AiJobRunner } from './ai-jobs.runner';
import { createLocalEngines } from './engines/local-engines';

/**
 * Progress writes (SPEC 4 progress): a local engine reports each whole point
 * of its work, and each write is an UPDATE of the job plus an event to every
 * stream watching it, so the runner writes a burst of reports as two.
 */

/** Reports 10 % to 89 % in one burst (a dithered picture's rows); a "wait" text then waits for the test. */
let letGo: (() => void) | undefined;
const burstLogo: TAiEngine = {
  kind: 'text_to_logo',
  name: 'test:burst-logo',
  async run(params, ctx) {
    for (let percent = 10; percent < 90; percent++) ctx.progress('generating_mesh', percent);
    if (String(params.text) === 'wait') {
      await new Promise<void>((resolve) => {
        letGo = resolve;
      });
      ctx.progress('saving', 95);
      await new Promise<void>((resolve) => {
        letGo = resolve;
      });
    }
    return {
      files: [{ filename: 'logo.svg', mime: 'image/svg+xml', data: Buffer.from('<svg></svg>') }],
    };
  },
};
const registry = createAiEngineRegistry({ local: [], providers: [burstLogo] });

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { POINTS_DAILY_ALLOWANCE: '0', AI_WORKERS: '0' } });
});
afterAll(async () => {
  await t.close();
});

/** A runner whose queue records every change it commits (what streams are told). */
function watchedRunner() {
  const changes: TAiJobRow[] = [];
  const queue = new AiJobQueue(t.db, registry, () => new Date(), {
    onChange: (job) => changes.push(job),
  });
  const runner = new AiJobRunner(t.db, queue, registry, t.storage, {
    workerId: `runner-test-${Math.random()}`,
    heartbeatMs: 60_000,
    jobTimeoutMs: 20_000,
  });
  return { queue, runner, changes };
}

async function queueLogo(queue: AiJobQueue, text: string): Promise<number> {
  const user = await createUser(t.db, { points: 10 });
  return (await queue.create(user.id, 'text_to_logo', { text })).id;
}

const progressOf = (changes: TAiJobRow[], id: number) =>
  changes
    .filter((job) => job.id === id && job.state === 'running')
    .map((job) => `${job.stage}:${job.percent}`);

describe('job runner progress writes (SPEC 4 progress)', () => {
  it('writes a burst of 80 reports as the first and the last, the last before the result', async () => {
    const { queue, runner, changes } = watchedRunner();
    const id = await queueLogo(queue, 'burst');
    expect(await runner.runOne()).toBe(true);
    // Claimed (initialising 0), the burst's first report, its last; then the result.
    expect(progressOf(changes, id)).toEqual([
      'initialising:0',
      'generating_mesh:10',
      'generating_mesh:89',
    ]);
    expect(changes.filter((job) => job.id === id).at(-1)).toMatchObject({
      state: 'succeeded',
      stage: 'completed',
      percent: 100,
    });
  });

  it('writes a report that comes while the engine still works, without waiting for its end', async () => {
    const { queue, runner, changes } = watchedRunner();
    const id = await queueLogo(queue, 'wait');
    const running = runner.runOne();
    // The burst's last report lands while the engine waits.
    await expect.poll(() => progressOf(changes, id).at(-1)).toBe('generating_mesh:89');
    letGo?.();
    await expect.poll(() => progressOf(changes, id).at(-1)).toBe('saving:95');
    letGo?.();
    await running;
    expect(progressOf(changes, id)).toEqual([
      'initialising:0',
      'generating_mesh:10',
      'generating_mesh:89',
      'saving:95',
    ]);
    expect(changes.filter((job) => job.id === id).at(-1)?.state).toBe('succeeded');
  });
});

describe('job runner engine choice', () => {
  it("fails a provider's image-to-image job once the provider is gone, not as the local styles' parameter error", async () => {
    const provider: TAiEngine = {
      kind: 'image_to_image',
      name: 'test:generator',
      run: async () => ({ files: [] }),
    };
    const local = createLocalEngines();
    const before = createAiEngineRegistry({ local, providers: [provider] });
    const user = await createUser(t.db, { points: 50 });
    const queued = await new AiJobQueue(t.db, before, () => new Date()).create(
      user.id,
      'image_to_image',
      { imageUrl: '/files/a.png', prompt: 'a cat in watercolour', style: 'watercolor' },
    );
    expect(queued.engine).toBe('test:generator');
    // The server restarts without the provider: only the local styles are left.
    const after = createAiEngineRegistry({ local, providers: [] });
    const queue = new AiJobQueue(t.db, after, () => new Date());
    const runner = new AiJobRunner(t.db, queue, after, t.storage, {
      workerId: `runner-test-${Math.random()}`,
      heartbeatMs: 60_000,
      jobTimeoutMs: 20_000,
    });
    expect(await runner.runOne()).toBe(true);
    const [row] = await t.db.select().from(aiJobs).where(eq(aiJobs.id, queued.id));
    expect(row).toMatchObject({ state: 'failed', errorReason: 'failed' });
    expect(row?.refundedAt).not.toBeNull();
  });
});
