import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { echoLogo } from '../../test/ai-jobs';
import { signIn } from '../../test/auth-helpers';
import { createUser } from '../../test/factories';
import { startS3Server, type TS3Server } from '../../test/s3-server';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { createStorage, type FileStorage } from '../files';
import { createAiEngineRegistry } from './ai-engines.registry';
import { AiJobQueue } from './ai-jobs.queue';
import { AiJobRunner } from './ai-jobs.runner';

const registry = createAiEngineRegistry({ local: [], providers: [echoLogo] });

let s3: TS3Server;
let storage: FileStorage;
let t: TTestApp;
let runner: AiJobRunner;

beforeAll(async () => {
  s3 = await startS3Server();
  storage = createStorage(loadConfig(s3.env), () => new Date());
  t = await createTestApp({ storage, env: { POINTS_DAILY_ALLOWANCE: '0' }, ai: { registry } });
  const queue = new AiJobQueue(t.db, registry, () => new Date());
  runner = new AiJobRunner(t.db, queue, registry, storage, {
    workerId: 's3-delete-test',
    heartbeatMs: 1_000,
    jobTimeoutMs: 10_000,
  });
});
afterAll(async () => {
  await t.close();
  await s3.stop();
});

async function signedIn() {
  const user = await createUser(t.db, { points: 50 });
  return { id: user.id, headers: (await signIn(t, user.id)).headers };
}

/** Runs a logo job made through the API; answers the record and its result's object key. */
async function logo(headers: Record<string, string>, text: string) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/ai/jobs',
    headers,
    payload: { kind: 'text_to_logo', params: { text } },
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().data.id as number;
  expect(await runner.runOne()).toBe(true);
  const job = await t.app.inject({ method: 'GET', url: `/api/v1/ai/jobs/${id}`, headers });
  const [url] = job.json().data.resultFiles as string[];
  const key = url && storage.keyFromUrl(url);
  if (!key) throw new Error(`no stored result: ${job.body}`);
  return { id, key };
}

const remove = (headers: Record<string, string>, id: number) =>
  t.app.inject({ method: 'DELETE', url: `/api/v1/ai/jobs/${id}`, headers });

describe('deleting an AI record on a real S3 server (SPEC 3 AI records)', () => {
  it('removes its result from the bucket (DeleteObject)', async () => {
    const me = await signedIn();
    const { id, key } = await logo(me.headers, 'gone from the bucket');
    expect(await storage.exists(key)).toBe(true);

    expect((await remove(me.headers, id)).statusCode).toBe(200);
    expect(await storage.exists(key)).toBe(false);
    expect(s3.requests).toContain(`DELETE /${s3.bucket}/${key}`);
    // Even a valid signature finds nothing now.
    const presigned = storage.presignedUrl?.(key, new Date(), 60) ?? '';
    expect((await fetch(presigned)).status).toBe(404);
  });
});
