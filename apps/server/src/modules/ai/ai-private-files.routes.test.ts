import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type TAiJob, ZAiJobResponse, ZUploadResponse } from '@layerline/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../paths';
import {
  createLocalAiApp,
  runJobThroughApi,
  signedInUser,
  type TLocalAiApp,
} from '../../test/ai-jobs';
import { signIn } from '../../test/auth-helpers';
import { createWork } from '../../test/factories';
import { storeUpload, uploadThroughApi } from '../../test/uploads';
import { workFixture } from '../../test/works-fixture';
import { unsignedUrl } from '../files';

/**
 * ADR 0051: an AI source picture and its results (STL, 3MF, GLB, PNG, SVG)
 * are their owner's alone. `/files/` serves them only through the signed,
 * short-lived addresses the owner's AI answers carry (ADR 0009's mechanism),
 * cached privately; a visitor, another user, a forged or an expired
 * signature get 404. A work made from a result follows the work's rules.
 */
let app: TLocalAiApp;
let now = new Date('2026-11-28T10:00:00Z');
type TWho = { id: number; headers: Record<string, string> };
let owner: TWho;
let other: TWho;

const get = (url: string, headers: Record<string, string> = {}) =>
  app.t.app.inject({ method: 'GET', url, headers });

async function gradientPng(): Promise<Buffer> {
  const pixels = Buffer.alloc(48 * 48 * 3);
  for (let i = 0; i < 48 * 48; i += 1) pixels.fill((i % 48) * 5, i * 3, i * 3 + 3);
  return sharp(pixels, { raw: { width: 48, height: 48, channels: 3 } })
    .png()
    .toBuffer();
}

async function job(me: TWho, id: number): Promise<TAiJob> {
  const res = await get(`/api/v1/ai/jobs/${id}`, me.headers);
  expect(res.statusCode).toBe(200);
  return ZAiJobResponse.parse(res.json()).data;
}

/** The owner's source picture (the upload answer) and a lithophane and a vector made from it. */
let source: { url: string; thumbnail?: string };
let mesh: TAiJob;
let vector: TAiJob;

beforeAll(async () => {
  app = await createLocalAiApp('private-files', 120_000, { clock: () => now });
  owner = await signedInUser(app.t, 100);
  other = await signedInUser(app.t, 100);
  const upload = await uploadThroughApi(app.t, owner.headers, 'ai', {
    data: await gradientPng(),
    name: 'portrait.png',
    type: 'image/png',
  });
  expect(upload.statusCode).toBe(200);
  source = ZUploadResponse.parse(upload.json()).data;
  // The client sends back the signed address it was handed.
  mesh = (
    await runJobThroughApi(app, owner.headers, {
      kind: 'lithophane',
      params: { imageUrl: source.url, widthMm: 20 },
    })
  ).done;
  vector = (
    await runJobThroughApi(app, owner.headers, {
      kind: 'vectorize',
      params: { imageUrl: source.url },
    })
  ).done;
}, 120_000);

afterAll(async () => {
  await app.t.close();
});

/** Every address of the owner's AI files their answers and the upload answer carried. */
function addresses(): string[] {
  return [
    source.url,
    ...(source.thumbnail ? [source.thumbnail] : []),
    String(mesh.params.imageUrl),
    ...mesh.resultFiles,
    ...vector.resultFiles,
  ];
}

describe('AI inputs and results are their owner’s (ADR 0051)', () => {
  it('answers the owner signed addresses of the source and of STL, 3MF, GLB, PNG and SVG results', () => {
    expect(mesh.state).toBe('succeeded');
    expect(vector.state).toBe('succeeded');
    const extensions = [...mesh.resultFiles, ...vector.resultFiles].map(
      (url) => unsignedUrl(url).split('.').pop() ?? '',
    );
    expect(extensions).toEqual(expect.arrayContaining(['stl', '3mf', 'glb', 'png', 'svg']));
    for (const url of addresses()) {
      expect(url).toMatch(
        /^\/files\/private\/[0-9a-f]{2}\/[0-9a-f]{64}\.[a-z0-9.]+\?expires=\d+&sig=/,
      );
    }
  });

  it('serves them to the owner privately, never as public immutable files', async () => {
    for (const url of addresses()) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toMatch(/^private, max-age=\d+$/);
    }
  });

  it('answers 404 to a visitor and to another user by the plain address', async () => {
    for (const url of addresses()) {
      for (const headers of [{}, other.headers, owner.headers]) {
        expect((await get(unsignedUrl(url), headers)).statusCode, url).toBe(404);
      }
    }
    expect((await get(`/api/v1/ai/jobs/${mesh.id}`, other.headers)).statusCode).toBe(404);
    // The answers that carry them are kept by no cache.
    for (const url of [`/api/v1/ai/jobs/${mesh.id}`, '/api/v1/ai/jobs?page=1&size=10']) {
      expect((await get(url, owner.headers)).headers['cache-control']).toBe('private, no-store');
    }
    expect((await get(`/api/v1/ai/jobs/${mesh.id}`)).statusCode).toBe(401);
  });

  it('refuses a forged signature and one that expired; the owner gets fresh addresses', async () => {
    const [first] = mesh.resultFiles;
    if (!first) throw new Error('no result');
    expect((await get(first.replace(/sig=[^&]+/, 'sig=AAAA'))).statusCode).toBe(404);
    const before = now;
    now = new Date(now.getTime() + 21 * 60_000);
    try {
      for (const url of addresses()) expect((await get(url)).statusCode, url).toBe(404);
      const fresh = await signIn(app.t, owner.id);
      const again = await job({ ...owner, headers: fresh.headers }, mesh.id);
      expect(again.resultFiles).not.toEqual(mesh.resultFiles);
      for (const url of [...again.resultFiles, String(again.params.imageUrl)]) {
        expect((await get(url)).statusCode, url).toBe(200);
      }
    } finally {
      now = before;
    }
  });

  it('lets nobody else start a job from the owner’s signed address', async () => {
    const res = await app.t.app.inject({
      method: 'POST',
      url: '/api/v1/ai/jobs',
      headers: other.headers,
      payload: { kind: 'vectorize', params: { imageUrl: source.url } },
    });
    expect(res.statusCode).toBe(400);
  });

  it('shows a work made from a result to the public: its cover public, its design file signed', async () => {
    const picture = mesh.resultFiles.find((url) => unsignedUrl(url).endsWith('.png'));
    const stl = mesh.resultFiles.find((url) => unsignedUrl(url).endsWith('.stl'));
    if (!picture || !stl) throw new Error('no picture or STL');
    // As the web publishes a result: the model uploaded again as a design file.
    const design = await uploadThroughApi(app.t, owner.headers, 'design', {
      data: (await get(stl)).rawPayload,
      name: 'lithophane.stl',
      type: 'model/stl',
    });
    expect(design.statusCode).toBe(200);
    const fixture = await workFixture(app.t, owner.id);
    const created = await app.t.app.inject({
      method: 'POST',
      url: '/api/v1/works/create',
      headers: owner.headers,
      payload: fixture.form({
        cover: [picture],
        project_file: [{ url: ZUploadResponse.parse(design.json()).data.url }],
        attachment: `<p>Backlit.</p><img src="${unsignedUrl(picture)}" alt="lit">`,
        is_ai_assisted: true,
      }),
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;
    const work = (await get(`/api/v1/works/${id}`)).json().data;
    expect(work.status).toBe('published');
    const [cover] = work.cover as string[];
    if (!cover) throw new Error('no cover');
    expect(cover).not.toContain('/private/');
    const shown = await get(cover);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(work.attachment).toContain(`src="${cover}"`);
    const [file] = work.project_file as { url: string }[];
    if (!file) throw new Error('no design file');
    expect((await get(file.url)).statusCode).toBe(200);
    expect((await get(unsignedUrl(file.url))).statusCode).toBe(404);
    // The AI result itself stays its owner's.
    expect((await get(unsignedUrl(picture))).statusCode).toBe(404);
    expect((await get(unsignedUrl(stl))).statusCode).toBe(404);
  });

  it('keeps public an older AI picture a work already shows; other older AI files become private', async () => {
    // Stored before the private area: plain keys, as uploads and results were.
    const shown = await storeUpload(app.t, owner.id, 'ai', randomBytes(60), 'old.png', 'image/png');
    const kept = await storeUpload(app.t, owner.id, 'ai', randomBytes(60), 'own.png', 'image/png');
    await createWork(app.t.db, { userId: owner.id, cover: [shown.url], images: [shown.url] });
    const migration = await readFile(
      path.join(migrationsFolder(), '0019_ai_files_private.sql'),
      'utf8',
    );
    await app.t.db.execute(sql.raw(migration));
    const cover = await get(shown.url);
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get(kept.url)).statusCode).toBe(404);
  });
});
