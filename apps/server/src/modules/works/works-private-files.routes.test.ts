import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/auth-helpers';
import { createUser, createWork } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { storeUpload, uploadThroughApi } from '../../test/uploads';
import { workFixture } from '../../test/works-fixture';

/**
 * ADR 0009 (DESIGN 3 Files, SPEC 5/6): design files and instructions are not
 * public. `/files/` serves them only through the short-lived signed URLs the
 * detail (for readers who may see the work) and the upload answer hand out;
 * downloads stay on the counted, login-only endpoint.
 */
let t: TTestApp;
let now = new Date('2026-03-01T10:00:00Z');
type TWho = { id: number; headers: { authorization: string } };
let owner: TWho;
let visitor: TWho;

async function who(): Promise<TWho> {
  const user = await createUser(t.db);
  return { id: user.id, headers: (await signIn(t, user.id)).headers };
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  owner = await who();
  visitor = await who();
});

afterAll(async () => {
  await t.close();
});

const get = (url: string, headers = {}) => t.app.inject({ method: 'GET', url, headers });

async function workWithDesign(overrides: Parameters<typeof createWork>[1] = {}) {
  const design = await storeUpload(
    t,
    owner.id,
    'design',
    randomBytes(200),
    'part.stl',
    'model/stl',
  );
  const guide = await storeUpload(t, owner.id, 'instruction', randomBytes(90), 'how.pdf');
  const cover = await storeUpload(t, owner.id, 'cover', randomBytes(50), 'c.webp', 'image/webp');
  const work = await createWork(t.db, {
    userId: owner.id,
    cover: [cover.url],
    projectFile: [design],
    instructionPdf: guide,
    ...overrides,
  });
  return { work, design, guide, cover };
}

describe('private design files (ADR 0009)', () => {
  it('refuses a design file or instruction by its plain URL; covers stay public', async () => {
    const { design, guide, cover } = await workWithDesign();
    for (const headers of [{}, visitor.headers, owner.headers]) {
      expect((await get(design.url, headers)).statusCode).toBe(404);
      expect((await get(guide.url, headers)).statusCode).toBe(404);
    }
    const coverRes = await get(cover.url);
    expect(coverRes.statusCode).toBe(200);
    expect(coverRes.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('lets our own pages frame a PDF preview, and nobody else', async () => {
    const { work } = await workWithDesign();
    const detail = (await get(`/api/v1/works/${work.id}`)).json().data;
    const res = await get(detail.instruction.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    // The app's own CSP (frame-ancestors 'none', X-Frame-Options DENY) would blank the preview.
    expect(res.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('hands readers of the detail signed preview URLs that work for a while, then stop', async () => {
    const { work, design } = await workWithDesign();
    const detail = (await get(`/api/v1/works/${work.id}`)).json().data;
    const [file] = detail.project_file;
    expect(file.url).toMatch(new RegExp(`^${design.url}\\?expires=\\d+&sig=[\\w-]+$`));
    expect(file).toMatchObject({ filename: 'part.stl', size: 200 });
    const res = await get(file.url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect((await get(detail.instruction.url)).statusCode).toBe(200);
    // A signature for one file does not open another, and cannot be edited.
    const other = await workWithDesign();
    const query = file.url.slice(file.url.indexOf('?'));
    expect((await get(`${other.design.url}${query}`)).statusCode).toBe(404);
    expect((await get(file.url.replace(/expires=(\d+)/, 'expires=9$1'))).statusCode).toBe(404);
    const saved = now;
    now = new Date(now.getTime() + 21 * 60 * 1000);
    try {
      expect((await get(file.url)).statusCode).toBe(404);
    } finally {
      now = saved;
    }
  });

  it('hands no URL for a rejected work to visitors, and none for a deleted one to anybody', async () => {
    const rejected = await workWithDesign({ status: 'rejected' });
    expect((await get(`/api/v1/works/${rejected.work.id}`, visitor.headers)).statusCode).toBe(404);
    const own = (await get(`/api/v1/works/${rejected.work.id}`, owner.headers)).json().data;
    // The owner still reviews their own files.
    expect((await get(own.project_file[0].url)).statusCode).toBe(200);
    const deleted = await workWithDesign({ deletedAt: now });
    expect((await get(`/api/v1/works/${deleted.work.id}`, owner.headers)).statusCode).toBe(404);
    expect((await get(deleted.design.url)).statusCode).toBe(404);
  });

  it('counts the download through the endpoint, login first', async () => {
    const { work } = await workWithDesign();
    const anonymous = await get(`/api/v1/works/download/${work.id}`);
    expect(anonymous.statusCode).toBe(401);
    const res = await get(`/api/v1/works/download/${work.id}`, visitor.headers);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(200);
    expect((await get(`/api/v1/works/${work.id}`)).json().data.download_count).toBe(1);
  });

  it('answers the uploader a signed URL to preview, and takes detail URLs back on edit', async () => {
    const stl = Buffer.from('solid part\nendsolid part\n');
    const upload = await uploadThroughApi(t, owner.headers, 'design', {
      data: stl,
      name: 'part.stl',
    });
    expect(upload.statusCode).toBe(200);
    const { url } = upload.json().data;
    expect(url).toMatch(/\?expires=\d+&sig=/);
    expect((await get(url)).rawPayload).toEqual(stl);
    expect((await get(url.slice(0, url.indexOf('?')))).statusCode).toBe(404);

    const fixture = await workFixture(t, owner.id);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/works/create',
      headers: owner.headers,
      payload: fixture.form({ project_file: [{ url }] }),
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id;
    const detail = (await get(`/api/v1/works/${id}`, owner.headers)).json().data;
    const edit = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/works/update',
      headers: owner.headers,
      payload: { ...fixture.form({ project_file: detail.project_file }), id },
    });
    expect(edit.statusCode).toBe(200);
    const again = (await get(`/api/v1/works/${id}`, owner.headers)).json().data;
    expect(again.project_file[0].url.startsWith(`${url.slice(0, url.indexOf('?'))}?`)).toBe(true);
  });
});
