import { ZUploadResponse } from '@layerline/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import {
  createLocalAiApp,
  runJobThroughApi,
  signedInUser,
  type TLocalAiApp,
} from '../../test/ai-jobs';
import { startS3Server, type TS3Server } from '../../test/s3-server';
import { uploadThroughApi } from '../../test/uploads';
import { workFixture } from '../../test/works-fixture';
import { createStorage } from '../files';

/**
 * ADR 0051 with S3 storage: AI inputs and results are objects under
 * `private/`, which the bucket's policy keeps from anonymous reads; the
 * owner's answers carry presigned GETs of them. A work's cover made from a
 * result is a public object.
 */
let s3: TS3Server;
let app: TLocalAiApp;

beforeAll(async () => {
  s3 = await startS3Server();
  const storage = createStorage(loadConfig(s3.env), () => new Date());
  app = await createLocalAiApp('private-files-s3', 120_000, { storage, env: s3.env });
}, 60_000);

afterAll(async () => {
  await app?.t.close();
  await s3?.stop();
});

const plain = (url: string) => url.split('?')[0] ?? url;

describe('AI inputs and results in an object store (ADR 0051)', () => {
  it('keeps them under private/, presigned for the owner, refused to anyone else', async () => {
    const owner = await signedInUser(app.t, 100);
    const picture = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#333' },
    })
      .composite([
        {
          input: { create: { width: 30, height: 20, channels: 3, background: '#eee' } },
          left: 10,
          top: 10,
        },
      ])
      .png()
      .toBuffer();
    const upload = await uploadThroughApi(app.t, owner.headers, 'ai', {
      data: picture,
      name: 'sketch.png',
      type: 'image/png',
    });
    expect(upload.statusCode).toBe(200);
    const source = ZUploadResponse.parse(upload.json()).data;
    const { done } = await runJobThroughApi(app, owner.headers, {
      kind: 'vectorize',
      params: { imageUrl: source.url },
    });
    expect(done.state).toBe('succeeded');
    const bucket = `${s3.endpoint}/${s3.bucket}/private/`;
    for (const url of [source.url, String(done.params.imageUrl), ...done.resultFiles]) {
      expect(url.startsWith(bucket), url).toBe(true);
      expect(url).toContain('X-Amz-Signature=');
      expect((await fetch(url)).status, url).toBe(200);
      expect((await fetch(plain(url))).status, url).toBe(403);
    }

    // A work made from the result: its cover is a public object of its own.
    const fixture = await workFixture(app.t, owner.id);
    const created = await app.t.app.inject({
      method: 'POST',
      url: '/api/v1/works/create',
      headers: owner.headers,
      payload: fixture.form({ cover: [source.url], is_ai_assisted: true }),
    });
    expect(created.statusCode, created.body).toBe(200);
    const [cover] = created.json().data.cover as string[];
    if (!cover) throw new Error('no cover');
    expect(cover.startsWith(`${s3.endpoint}/${s3.bucket}/`)).toBe(true);
    expect(cover).not.toContain('/private/');
    expect((await fetch(cover)).status).toBe(200);
    expect((await fetch(plain(source.url))).status).toBe(403);
  }, 120_000);
});
