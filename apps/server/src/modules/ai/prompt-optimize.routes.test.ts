import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
