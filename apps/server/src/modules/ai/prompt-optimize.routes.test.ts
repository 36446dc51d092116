import { ZAiJobResponse } from '@layerline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/auth-helpers';
import { createUser } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { createAiEngineRegistry } from './ai-engines.registry';
import { AiJobQueue } from './ai-jobs.queue';
import { AiJobRunner } from './ai-jobs.runner';
import { createLocalEngines } from './engines/local-engines';

let t: TTestApp;
let runner: AiJobRunner;

beforeAll(async () => {
  // Jobs are run here, one at a time, by the runner below.
  t = await createTestApp({ env: { AI_WORKERS: '0', POINTS_DAILY_ALLOWANCE: '0' } });
  const registry = createAiEngineRegistry({ local: createLocalEngines(), providers: [] });
  const queue = new AiJobQueue(t.db, registry, () => new Date());
  runner = new AiJobRunner(t.db, queue, registry, t.storage, {
    workerId: 'prompt-optimize',
    heartbeatMs: 1000,
    jobTimeoutMs: 20_000,
  });
});
afterAll(async () => {
  await t.close();
});

describe('prompt optimisation record', () => {
  it('says which phrases it added, none of them against the prompt (DESIGN 5)', async () => {
    const user = await createUser(t.db, { points: 10 });
    const { headers } = await signIn(t, user.id);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ai/jobs',
      headers,
      payload: {
        kind: 'prompt_optimize',
        params: { prompt: 'family photo for a wooden coaster', machine: 'laser' },
      },
    });
    expect(created.statusCode).toBe(200);
    const queued = ZAiJobResponse.parse(created.json()).data;
    expect(queued.promptAdded).toBeUndefined();
    expect(await runner.runOne()).toBe(true);
    const done = ZAiJobResponse.parse(
      (await t.app.inject({ method: 'GET', url: `/api/v1/ai/jobs/${queued.id}`, headers })).json(),
    ).data;
    expect(done.state).toBe('succeeded');
    expect(done.resultText).toBe(
      'family photo for a wooden coaster, black and white, high contrast',
    );
    expect(done.promptAdded).toEqual(['black and white', 'high contrast']);
  });
});
