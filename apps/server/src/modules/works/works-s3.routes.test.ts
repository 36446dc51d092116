import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { works } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { binaryStl } from '../../test/design-files';
import { createUser } from '../../test/factories';
import { startS3Server, type TS3Server } from '../../test/s3-server';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { uploadThroughApi } from '../../test/uploads';
import { workFixture } from '../../test/works-fixture';
import { createStorage } from '../files';

/** The site's origin, which the bucket's CORS rule names (docs/OPERATIONS.md). */
const SITE = 'https://makers.example';
const MINUTE = 60_000;

let s3: TS3Server;
let t: TTestApp;
/** The app's clock runs this far behind the wall clock (the store signs its own requests now). */
let appClockBehindMs = 0;

beforeAll(async () => {
  s3 = await startS3Server({ corsOrigins: [SITE] });
  const storage = createStorage(loadConfig(s3.env), () => new Date());
  t = await createTestApp({
    storage,
    env: s3.env,
    clock: () => new Date(Date.now() - appClockBehindMs),
  });
});

afterAll(async () => {
  await t.close();
  await s3.stop();
});

const png = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: '#48a' } })
    .png()
    .toBuffer();

/** The design file's URL as a reader of the work gets it (a presigned GET of the bucket). */
async function designUrlOf(id: number, headers: Record<string, string>): Promise<string> {
  const detail = await t.app.inject({ method: 'GET', url: `/api/v1/works/${id}`, headers });
  expect(detail.statusCode).toBe(200);
  return detail.json().data.project_file[0].url;
}

describe('works on a real S3 server (DESIGN 2 scale-out)', () => {
  it('uploads, publishes with a guide image, and downloads byte for byte', async () => {
    const user = await createUser(t.db);
    const { headers } = await signIn(t, user.id);
    const fixture = await workFixture(t, user.id);
    const upload = await uploadThroughApi(t, headers, 'cover', {
      data: await png(),
      name: 'c.png',
    });
    const cover = upload.json().data;
    // Public files are the bucket's own objects, which anybody may read.
    const bucketUrl = `${s3.endpoint}/${s3.bucket}/`;
    expect(cover.url).toMatch(new RegExp(`^${bucketUrl}[0-9a-f]{2}/[0-9a-f]{64}\\.webp$`));
    for (const url of [cover.url, cover.thumbnail]) {
      expect(url.startsWith(bucketUrl)).toBe(true);
      const fetched = await fetch(url);
      expect(fetched.status).toBe(200);
      expect(fetched.headers.get('content-type')).toBe('image/webp');
    }
    const stl = binaryStl(40);
    const design = (
      await uploadThroughApi(t, headers, 'design', { data: stl, name: 'part.stl' })
    ).json().data;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/works/create',
      headers,
      payload: fixture.form({
        cover: [cover.url],
        project_file: [{ url: design.url }],
        attachment: `<p>Done:</p><img src="${cover.url}">`,
      }),
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().data.attachment).toBe(`<p>Done:</p><img src="${cover.url}" />`);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/works/download/${created.json().data.id}`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(stl)).toBe(true);
    // Local /files is not served when files live in the object store.
    const local = await t.app.inject({
      method: 'GET',
      url: `/files/${cover.url.split('/').slice(-2).join('/')}`,
    });
    expect(local.statusCode).toBe(404);
  });

  it('hands private design files out as presigned GETs of the bucket, never as plain URLs (ADR 0009)', async () => {
    const owner = await createUser(t.db);
    const visitor = await createUser(t.db);
    const { headers } = await signIn(t, owner.id);
    const fixture = await workFixture(t, owner.id);
    const stl = binaryStl(12, 'private part');
    const upload = (
      await uploadThroughApi(t, headers, 'design', { data: stl, name: 'p.stl' })
    ).json().data;
    // Stored under private/, answered as a presigned URL of the bucket.
    const presigned = new RegExp(
      `^${s3.endpoint}/${s3.bucket}/private/[0-9a-f]{2}/[0-9a-f]{64}\\.stl\\?X-Amz-Algorithm=AWS4-HMAC-SHA256&.*X-Amz-Expires=\\d+&X-Amz-SignedHeaders=host&X-Amz-Signature=[0-9a-f]{64}$`,
    );
    expect(upload.url).toMatch(presigned);
    const fetched = await fetch(upload.url);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(stl)).toBe(true);
    // The bucket answers nobody without a signature, nor with another one.
    const plain = upload.url.slice(0, upload.url.indexOf('?'));
    expect((await fetch(plain)).status).toBe(403);
    const forged = upload.url.replace(
      /X-Amz-Signature=[0-9a-f]{64}$/,
      `X-Amz-Signature=${'0'.repeat(64)}`,
    );
    expect((await fetch(forged)).status).toBe(403);

    // The form sends the presigned URL back; the work stores the object's own URL.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/works/create',
      headers,
      payload: fixture.form({ project_file: [{ url: upload.url }] }),
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id;
    const [row] = await t.db.select().from(works).where(eq(works.id, id));
    expect(row?.projectFile?.[0]?.url).toBe(plain);
    const url = await designUrlOf(id, (await signIn(t, visitor.id)).headers);
    expect(url).toMatch(presigned);
    const preview = await fetch(url);
    expect(Buffer.from(await preview.arrayBuffer()).equals(stl)).toBe(true);
  });

  it('lets the site, and only the site, preview a design file across origins (the bucket’s CORS rule)', async () => {
    const owner = await createUser(t.db);
    const { headers } = await signIn(t, owner.id);
    const fixture = await workFixture(t, owner.id);
    const upload = (
      await uploadThroughApi(t, headers, 'design', { data: binaryStl(8, 'cors'), name: 'c.stl' })
    ).json().data;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/works/create',
      headers,
      payload: fixture.form({ project_file: [{ url: upload.url }] }),
    });
    const url = await designUrlOf(created.json().data.id, headers);
    const preflight = (origin: string, method = 'GET') =>
      fetch(url, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': method },
      });
    const allowed = await preflight(SITE);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-methods')).toBe('GET, HEAD');
    expect((await preflight('https://elsewhere.example')).status).toBe(403);
    expect((await preflight(SITE, 'PUT')).status).toBe(403);
    // The preview's own GET carries the site's origin, and the answer names it.
    const get = await fetch(url, { headers: { origin: SITE } });
    expect(get.status).toBe(200);
    expect(get.headers.get('access-control-allow-origin')).toBe(SITE);
    const other = await fetch(url, { headers: { origin: 'https://elsewhere.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a presigned URL once its window has passed', async () => {
    const owner = await createUser(t.db);
    const { headers } = await signIn(t, owner.id);
    const fixture = await workFixture(t, owner.id);
    const upload = (
      await uploadThroughApi(t, headers, 'design', { data: binaryStl(9, 'old'), name: 'o.stl' })
    ).json().data;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/works/create',
      headers,
      payload: fixture.form({ project_file: [{ url: upload.url }] }),
    });
    const id = created.json().data.id;
    // Signed by the app 21 minutes ago: past any window (10-20 minutes, ADR 0009).
    appClockBehindMs = 21 * MINUTE;
    let old: string;
    try {
      old = await designUrlOf(id, headers);
    } finally {
      appClockBehindMs = 0;
    }
    expect((await fetch(old)).status).toBe(403);
    expect((await fetch(await designUrlOf(id, headers))).status).toBe(200);
  });

  it('stops handing out the design file once the work is deleted; the object stays private', async () => {
    const owner = await createUser(t.db);
    const reader = await createUser(t.db);
    const { headers } = await signIn(t, owner.id);
    const readerHeaders = (await signIn(t, reader.id)).headers;
    const fixture = await workFixture(t, owner.id);
    const stl = binaryStl(10, 'deleted work');
    const upload = (
      await uploadThroughApi(t, headers, 'design', { data: stl, name: 'd.stl' })
    ).json().data;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/works/create',
      headers,
      payload: fixture.form({ project_file: [{ url: upload.url }] }),
    });
    const id = created.json().data.id;
    const plain = upload.url.slice(0, upload.url.indexOf('?'));
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/works/${id}`, headers });
    expect(removed.statusCode).toBe(200);
    for (const url of [`/api/v1/works/${id}`, `/api/v1/works/download/${id}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: readerHeaders });
      expect(res.statusCode).toBe(404);
    }
    expect((await fetch(plain)).status).toBe(403);
  });
});
