import { ZAiJobResponse } from '@layerline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiJobs } from '../../db/schema';
import {
  createLocalAiApp,
  runJobThroughApi,
  signedInUser,
  type TLocalAiApp,
} from '../../test/ai-jobs';

let app: TLocalAiApp;

beforeAll(async () => {
  app = await createLocalAiApp('prompt-optimize', 20_000);
});
afterAll(async () => {
  await app.t.close();
});

describe('prompt optimisation record', () => {
  it('says which phrases it added, none of them against the prompt (DESIGN 5)', async () => {
    const { headers } = await signedInUser(app.t, 10);
    const { queued, done } = await runJobThroughApi(app, headers, {
      kind: 'prompt_optimize',
      params: { prompt: 'family photo for a wooden coaster', machine: 'laser' },
    });
    expect(queued.promptAdded).toBeUndefined();
    expect(done.state).toBe('succeeded');
    expect(done.resultText).toBe(
      'family photo for a wooden coaster, black and white, high contrast',
    );
    expect(done.promptAdded).toEqual(['black and white', 'high contrast']);
  });

  it('shows the phrases stored when the job ran, not the rules of today', async () => {
    const me = await signedInUser(app.t, 10);
    // Run under older rules, which added a term today's rules no longer add.
    const [row] = await app.t.db
      .insert(aiJobs)
      .values({
        userId: me.id,
        kind: 'prompt_optimize',
        state: 'succeeded',
        params: { prompt: 'a cute owl', machine: 'laser', locale: 'en' },
        engine: 'local:prompt-rules',
        cost: 0,
        resultText: 'a cute owl, engraving style',
        promptAdded: ['engraving style'],
        finishedAt: new Date(),
      })
      .returning();
    const res = await app.t.app.inject({
      method: 'GET',
      url: `/api/v1/ai/jobs/${row?.id}`,
      headers: me.headers,
    });
    expect(ZAiJobResponse.parse(res.json()).data).toMatchObject({
      resultText: 'a cute owl, engraving style',
      promptAdded: ['engraving style'],
    });
  });
});
