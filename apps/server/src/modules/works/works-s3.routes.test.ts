import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
