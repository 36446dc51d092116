import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabaseHandle } from '../../db/client';
import { aiJobs } from '../../db/schema';
import { createUser } from '../../test/factories';
import { createTestDatabase, testDbKind } from '../../test/test-database';
import { LocalDiskStorage } from '../files';
import type { TAiEngine } from './ai-engine';
import { createAiEngineRegistry } from './ai-engines.registry';
import { AiJobQueue } from './ai-jobs.queue';
import { AiJobRunner } from './ai-jobs.runner';

let handle: TDatabaseHandle;
let root: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  root = await mkdtemp(path.join(tmpdir(), 'ai-race-'));
});
afterAll(async () => {
  await handle.close();
  await rm(root, { recursive: true, force: true });
});

// PGlite is one connection and runs a single in-process worker (ADR 0012); the race is PostgreSQL's.
describe.skipIf(testDbKind() !== 'postgres')('AI job claims under concurrency (ADR 0012)', () => {
  it('two workers racing for 200 jobs run each exactly once', async () => {
    const runs = new Map<number, number>();
    const engine: TAiEngine = {
      kind: 'prompt_optimize',
      name: 'test:count',
      async run(params) {
        const n = Number(params.n);
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await new Promise((resolve) => setImmediate(resolve));
        return { files: [], text: String(n) };
      },
    };
    const registry = createAiEngineRegistry({ local: [engine], providers: [] });
    const queue = new AiJobQueue(handle.db, registry, () => new Date());
    const user = await createUser(handle.db);
    await handle.db.insert(aiJobs).values(
      Array.from({ length: 200 }, (_, n) => ({
        userId: user.id,
        kind: 'prompt_optimize',
        params: { n },
        engine: engine.name,
        cost: 0,
      })),
    );
    const storage = new LocalDiskStorage(root);
    const worker = (id: string) => {
      const runner = new AiJobRunner(handle.db, queue, registry, storage, {
        workerId: id,
        heartbeatMs: 1000,
        jobTimeoutMs: 10_000,
      });
      return (async () => {
        let done = 0;
        while (await runner.runOne()) done += 1;
        return done;
      })();
    };
    const [a, b] = await Promise.all([worker('a'), worker('b')]);
    expect(a + b).toBe(200);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    expect(runs.size).toBe(200);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    const succeeded = await handle.db.select().from(aiJobs).where(eq(aiJobs.state, 'succeeded'));
    expect(succeeded).toHaveLength(200);
    expect(succeeded.every((job) => job.attempts === 1)).toBe(true);
  });
});
