import { type TAiJob, ZAiJobResponse } from '@layerline/contract';
import { expect } from 'vitest';
import type { TAiEngine } from '../modules/ai/ai-engine';
import { createAiEngineRegistry } from '../modules/ai/ai-engines.registry';
import { AiJobRunner } from '../modules/ai/ai-jobs.runner';
import { createLocalEngines } from '../modules/ai/engines/local-engines';
import { signIn } from './auth-helpers';
import { createUser } from './factories';
import { createTestApp, type TCreateTestAppOptions, type TTestApp } from './test-app';

/**
 * A logo engine whose SVG is the text: a test knows the bytes it stores, and
 * two jobs with one text make the very same file.
 */
export const echoLogo: TAiEngine = {
  kind: 'text_to_logo',
  name: 'test:echo-logo',
  run: async (params) => ({
    files: [
      {
        filename: 'logo.svg',
        mime: 'image/svg+xml',
        data: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><!--${params.text}--></svg>`),
      },
    ],
  }),
};

export type TLocalAiApp = { t: TTestApp; runner: AiJobRunner };

/**
 * A test app with the local engines and no provider, as a default install
 * builds it, whose jobs run only when the test calls `runner.runOne()`
 * (AI_WORKERS=0), and no daily allowance so balances are the test's own.
 * As in main.ts, the API and the runner share one registry and the app's
 * queue, which sends each change to the job's live streams.
 */
export async function createLocalAiApp(
  workerId: string,
  jobTimeoutMs: number,
  options: Pick<TCreateTestAppOptions, 'clock' | 'storage' | 'env'> = {},
): Promise<TLocalAiApp> {
  const registry = createAiEngineRegistry({ local: createLocalEngines(), providers: [] });
  const t = await createTestApp({
    ...options,
    env: { ...options.env, AI_WORKERS: '0', POINTS_DAILY_ALLOWANCE: '0' },
    ai: { registry },
  });
  const runner = new AiJobRunner(t.db, t.app.aiQueue, registry, t.storage, {
    workerId,
    heartbeatMs: 1000,
    jobTimeoutMs,
  });
  return { t, runner };
}

/** A new user with `points` and the headers of a signed-in request as them. */
export async function signedInUser(t: TTestApp, points: number) {
  const user = await createUser(t.db, { points });
  return { id: user.id, headers: (await signIn(t, user.id)).headers };
}

/**
 * Creates a job through the API, runs it here, and reads it back through the
 * API: the job as created (queued) and as finished.
 */
export async function runJobThroughApi(
  { t, runner }: TLocalAiApp,
  headers: Record<string, string>,
  payload: { kind: string; params: Record<string, unknown> },
): Promise<{ queued: TAiJob; done: TAiJob }> {
  const created = await t.app.inject({ method: 'POST', url: '/api/v1/ai/jobs', headers, payload });
  expect(created.statusCode).toBe(200);
  const queued = ZAiJobResponse.parse(created.json()).data;
  expect(await runner.runOne()).toBe(true);
  const done = ZAiJobResponse.parse(
    (await t.app.inject({ method: 'GET', url: `/api/v1/ai/jobs/${queued.id}`, headers })).json(),
  ).data;
  return { queued, done };
}
