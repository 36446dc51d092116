import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { works } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { binaryStl } from '../../test/design-files';
import { createUser } from '../../test/factories';
import { startFakeS3, type TFakeS3 } from '../../test/fake-s3';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { uploadThroughApi } from '../../test/uploads';
import { workFixture } from '../../test/works-fixture';
import { S3Storage } from '../files/s3.storage';

let s3: TFakeS3;
let t: TTestApp;

beforeAll(async () => {
  s3 = await startFakeS3();
  const storage = new S3Storage({
    endpoint: s3.endpoint,
    bucket: s3.bucket,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    publicUrl: 'https://cdn.makers.example',
  });
  t = await createTestApp({ storage });
});

afterAll(async () => {
  await t.close();
  await s3.close();
});

describe('works on an S3-compatible store (DESIGN 2 scale-out)', () => {
  it('uploads, publishes with a guide image, and downloads byte for byte', async () => {
    const user = await createUser(t.db);
    const { headers } = await signIn(t, user.id);
    const fixture = await workFixture(t, user.id);
    const png = await sharp({
      create: { width: 600, height: 400, channels: 3, background: '#48a' },
    })
      .png()
      .toBuffer();
    const cover = (await uploadThroughApi(t, headers, 'cover', { data: png, name: 'c.png' })).json()
      .data;
    expect(cover.url).toMatch(/^https:\/\/cdn\.makers\.example\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/);
    expect(cover.thumbnail).toMatch(/^https:\/\/cdn\.makers\.example\//);
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
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/files/${design.url.split('/').slice(-2).join('/')}`,
        })
      ).statusCode,
    ).toBe(404);
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
    // Stored under private/, answered as a presigned URL of the bucket, not of the CDN.
    const presigned = new RegExp(
      `^${s3.endpoint}/${s3.bucket}/private/[0-9a-f]{2}/[0-9a-f]{64}\\.stl\\?X-Amz-Algorithm=AWS4-HMAC-SHA256&.*X-Amz-Expires=\\d+&X-Amz-SignedHeaders=host&X-Amz-Signature=[0-9a-f]{64}$`,
    );
    expect(upload.url).toMatch(presigned);
    const fetched = await fetch(upload.url);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(stl)).toBe(true);
    // The bucket answers nobody without a signature.
    expect((await fetch(upload.url.slice(0, upload.url.indexOf('?')))).status).toBe(403);

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
    expect(row?.projectFile?.[0]?.url).toMatch(
      /^https:\/\/cdn\.makers\.example\/private\/[0-9a-f]{2}\/[0-9a-f]{64}\.stl$/,
    );
    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/works/${id}`,
        headers: (await signIn(t, visitor.id)).headers,
      })
    ).json().data;
    expect(detail.project_file[0].url).toMatch(presigned);
    const preview = await fetch(detail.project_file[0].url);
    expect(Buffer.from(await preview.arrayBuffer()).equals(stl)).toBe(true);
  });
});
