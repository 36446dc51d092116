import { access } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema';
import { echoLogo } from '../../test/ai-jobs';
import { signIn } from '../../test/auth-helpers';
import { createUser, createWork } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { storeUpload } from '../../test/uploads';
import { type LocalDiskStorage, unsignedUrl } from '../files';
import { createAiEngineRegistry } from './ai-engines.registry';
import { AiJobQueue } from './ai-jobs.queue';
import { AiJobRunner } from './ai-jobs.runner';

const registry = createAiEngineRegistry({ local: [], providers: [echoLogo] });

let t: TTestApp;
let storage: LocalDiskStorage;
let runner: AiJobRunner;

beforeAll(async () => {
  t = await createTestApp({ env: { POINTS_DAILY_ALLOWANCE: '0' }, ai: { registry } });
  storage = t.storage as LocalDiskStorage;
  const queue = new AiJobQueue(t.db, registry, () => new Date());
  runner = new AiJobRunner(t.db, queue, registry, t.storage, {
    workerId: 'delete-test',
    heartbeatMs: 1_000,
    jobTimeoutMs: 10_000,
  });
});
afterAll(async () => {
  await t.close();
});

type TWho = { id: number; headers: Record<string, string> };
async function who(): Promise<TWho> {
  const user = await createUser(t.db, { points: 50 });
  return { id: user.id, headers: (await signIn(t, user.id)).headers };
}

/** Creates a logo job through the API and runs it to its stored result; answers its one URL. */
async function logo(me: TWho, text: string): Promise<{ id: number; url: string }> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/ai/jobs',
    headers: me.headers,
    payload: { kind: 'text_to_logo', params: { text } },
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().data.id as number;
  expect(await runner.runOne()).toBe(true);
  const job = await t.app.inject({
    method: 'GET',
    url: `/api/v1/ai/jobs/${id}`,
    headers: me.headers,
  });
  expect(job.json().data).toMatchObject({ state: 'succeeded', format: 'svg' });
  const [signed] = job.json().data.resultFiles as string[];
  if (!signed) throw new Error('no result');
  // The answer signs it for its owner (ADR 0051); the files table names it plain.
  return { id, url: unsignedUrl(signed) };
}

const remove = (me: TWho, id: number) =>
  t.app.inject({ method: 'DELETE', url: `/api/v1/ai/jobs/${id}`, headers: me.headers });

/** Whether the blob behind a URL is on disk (checked on the file itself, not through the store). */
async function onDisk(url: string): Promise<boolean> {
  const key = storage.keyFromUrl(url);
  if (!key) throw new Error(`not a stored URL: ${url}`);
  return access(storage.pathFor(key)).then(
    () => true,
    () => false,
  );
}

const rowsOf = (userId: number, url: string) =>
  t.db
    .select({ kind: files.kind })
    .from(files)
    .where(and(eq(files.userId, userId), eq(files.url, url)));

describe('DELETE /ai/jobs/:id and the result files (SPEC 3 AI records)', () => {
  it('removes the record, its files row and its blob when nothing else uses them', async () => {
    const me = await who();
    const { id, url } = await logo(me, 'only mine');
    expect(await onDisk(url)).toBe(true);
    expect(await rowsOf(me.id, url)).toEqual([{ kind: 'ai' }]);

    expect((await remove(me, id)).statusCode).toBe(200);
    expect(await rowsOf(me.id, url)).toEqual([]);
    expect(await onDisk(url)).toBe(false);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/v1/ai/jobs/${id}`,
      headers: me.headers,
    });
    expect(gone.statusCode).toBe(404);
  });

  it("keeps a blob another user's result of the same bytes names", async () => {
    const me = await who();
    const other = await who();
    const { id, url } = await logo(me, 'shared bytes');
    expect((await logo(other, 'shared bytes')).url).toBe(url);

    expect((await remove(me, id)).statusCode).toBe(200);
    expect(await rowsOf(me.id, url)).toEqual([]);
    expect(await rowsOf(other.id, url)).toEqual([{ kind: 'ai' }]);
    expect(await onDisk(url)).toBe(true);
  });

  it("keeps another user's upload of the same bytes: outside the private area, a blob of its own", async () => {
    const me = await who();
    const other = await who();
    const { id, url } = await logo(me, 'same bytes, public copy');
    const data = await storage.read(storage.keyFromUrl(url) as string);
    const upload = await storeUpload(t, other.id, 'design', data, 'theirs.svg', 'image/svg+xml');
    expect(upload.url).not.toBe(url);

    expect((await remove(me, id)).statusCode).toBe(200);
    expect(await onDisk(url)).toBe(false);
    expect(await rowsOf(other.id, upload.url)).toEqual([{ kind: 'design' }]);
    expect(await onDisk(upload.url)).toBe(true);
  });

  it('keeps the row and blob while another record of the same user has the same result', async () => {
    const me = await who();
    const first = await logo(me, 'twice');
    const second = await logo(me, 'twice');
    expect(second.url).toBe(first.url);

    expect((await remove(me, first.id)).statusCode).toBe(200);
    expect(await rowsOf(me.id, first.url)).toEqual([{ kind: 'ai' }]);
    expect(await onDisk(first.url)).toBe(true);

    expect((await remove(me, second.id)).statusCode).toBe(200);
    expect(await rowsOf(me.id, first.url)).toEqual([]);
    expect(await onDisk(first.url)).toBe(false);
  });

  it('keeps the row and blob of a result the user put in a work', async () => {
    const me = await who();
    const { id, url } = await logo(me, 'my cover');
    await createWork(t.db, { userId: me.id, cover: [url] });

    expect((await remove(me, id)).statusCode).toBe(200);
    expect(await rowsOf(me.id, url)).toEqual([{ kind: 'ai' }]);
    expect(await onDisk(url)).toBe(true);
  });

  it("answers 404 for another user's record and removes nothing", async () => {
    const me = await who();
    const stranger = await who();
    const { id, url } = await logo(me, 'not yours');
    expect((await remove(stranger, id)).statusCode).toBe(404);
    expect(await onDisk(url)).toBe(true);
    expect(await rowsOf(me.id, url)).toEqual([{ kind: 'ai' }]);
  });
});
