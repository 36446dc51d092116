import { createHash } from 'node:crypto';
import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { imageVariantUrl } from '@layerline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startS3Server, type TS3Server } from '../../test/s3-server';
import { createStorage } from './create-storage';
import { LocalDiskStorage } from './local-disk.storage';
import { S3RequestError, S3Storage } from './s3.storage';
import { EMPTY_SHA256, presignS3Url, signS3Request } from './s3-signer';

const AWS_EXAMPLE = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
};

describe('signS3Request (SigV4)', () => {
  // The signatures published in the Amazon S3 API reference for these requests.
  it('signs the documented GET Object example', () => {
    const headers = signS3Request(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { range: 'bytes=0-9' },
        payloadHash: EMPTY_SHA256,
        now: new Date('2013-05-24T00:00:00Z'),
      },
      AWS_EXAMPLE,
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('signs the documented PUT Object example', () => {
    const headers = signS3Request(
      {
        method: 'PUT',
        url: new URL('https://examplebucket.s3.amazonaws.com/test$file.text'),
        headers: {
          date: 'Fri, 24 May 2013 00:00:00 GMT',
          'x-amz-storage-class': 'REDUCED_REDUNDANCY',
        },
        payloadHash: createHash('sha256').update('Welcome to Amazon S3.').digest('hex'),
        now: new Date('2013-05-24T00:00:00Z'),
      },
      AWS_EXAMPLE,
    );
    expect(headers.authorization).toMatch(
      /Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd$/,
    );
  });
});

describe('presignS3Url (SigV4 query-string authentication)', () => {
  it('gives the documented presigned URL of the GET Object example', () => {
    // "Authenticating Requests: Using Query Parameters", Amazon S3 API reference.
    const url = presignS3Url(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        now: new Date('2013-05-24T00:00:00Z'),
        expiresSeconds: 86_400,
      },
      AWS_EXAMPLE,
    );
    expect(url).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });

  it('signs the method, path and expiry, and keeps S3’s seven-day ceiling', () => {
    const sign = (method: 'GET' | 'HEAD', path: string, expiresSeconds: number) =>
      new URL(
        presignS3Url(
          {
            method,
            url: new URL(`https://examplebucket.s3.amazonaws.com${path}`),
            now: new Date('2013-05-24T00:00:00Z'),
            expiresSeconds,
          },
          AWS_EXAMPLE,
        ),
      ).searchParams.get('X-Amz-Signature');
    const base = sign('GET', '/test.txt', 600);
    expect(sign('HEAD', '/test.txt', 600)).not.toBe(base);
    expect(sign('GET', '/test2.txt', 600)).not.toBe(base);
    expect(sign('GET', '/test.txt', 601)).not.toBe(base);
    expect(() => sign('GET', '/test.txt', 8 * 24 * 60 * 60)).toThrow(RangeError);
  });
});

describe('S3Storage against a real S3 server (s3rver: SigV4, presigned URLs)', () => {
  let s3: TS3Server;
  let storage: S3Storage;
  let dir: string;

  /** An object's headers as S3 answers them, through a presigned HEAD with the store's keys. */
  const headOf = async (key: string) => {
    const url = presignS3Url(
      {
        method: 'HEAD',
        url: new URL(`${s3.endpoint}/${s3.bucket}/${key}`),
        now: new Date(),
        expiresSeconds: 60,
      },
      s3,
    );
    return fetch(url, { method: 'HEAD' });
  };

  beforeAll(async () => {
    s3 = await startS3Server();
    dir = await mkdtemp(path.join(tmpdir(), 'layerline-s3-'));
    storage = new S3Storage({
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      publicUrl: 'https://cdn.makers.example/files/',
    });
  });

  afterAll(async () => {
    await s3.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('stores bytes content-addressed, once, and reads them back', async () => {
    const data = Buffer.from('solid benchy');
    const sha256 = createHash('sha256').update(data).digest('hex');
    const stored = await storage.put(data, { filename: 'Benchy.STL', mime: 'model/stl' });
    const key = `${sha256.slice(0, 2)}/${sha256}.stl`;
    expect(stored).toEqual({
      key,
      url: `https://cdn.makers.example/files/${key}`,
      size: data.length,
      sha256,
      mime: 'model/stl',
      filename: 'Benchy.STL',
    });
    const head = await headOf(key);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('model/stl');
    expect(head.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(head.headers.get('content-length')).toBe(String(data.length));
    s3.requests.length = 0;
    await storage.put(data, { filename: 'again.stl', mime: 'model/stl' });
    expect(s3.requests).toEqual([`HEAD /${s3.bucket}/${key}`]);
    expect(await storage.read(key)).toEqual(data);
    const chunks: Buffer[] = [];
    for await (const chunk of storage.createReadStream(key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(data);
    expect(storage.keyFromUrl(stored.url)).toBe(key);
    expect(storage.keyFromUrl(`/files/${key}`)).toBeUndefined();

    // DeleteObject, signed like the rest; deleting again is not an error.
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect((await headOf(key)).status).toBe(404);
    await expect(storage.read(key)).rejects.toThrow(/answered 404/);
    await storage.delete(key);
  });

  it("puts an image's smaller copy beside it, public, under the name pages derive", async () => {
    const image = await storage.put(Buffer.from('webp bytes'), {
      filename: 'thumb.webp',
      mime: 'image/webp',
    });
    const copy = Buffer.from('smaller webp bytes');
    const key = await storage.putVariant(image.key, 320, copy);
    expect(key).toBe(image.key.replace('.webp', '.w320.webp'));
    expect(storage.urlFor(key)).toBe(imageVariantUrl(image.url, 320));
    expect(await storage.read(key)).toEqual(copy);
    const head = await headOf(key);
    expect(head.headers.get('content-type')).toBe('image/webp');
    expect(head.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('streams a received file up and consumes it', async () => {
    const data = Buffer.alloc(300_000, 'G1 X1\n');
    const sha256 = createHash('sha256').update(data).digest('hex');
    const source = path.join(dir, 'incoming.upload');
    await writeFile(source, data);
    const stored = await storage.putFile(source, {
      filename: 'plate.gcode',
      mime: 'text/x-gcode',
      sha256,
      size: data.length,
    });
    expect((await storage.read(stored.key)).equals(data)).toBe(true);
    await expect(access(source)).rejects.toThrow();
  });

  it('answers false for a missing key and errors for a refused request', async () => {
    expect(await storage.exists(`00/00${'0'.repeat(62)}.png`)).toBe(false);
    expect(await storage.exists('../etc/passwd')).toBe(false);
    const stream = storage.createReadStream(`00/00${'0'.repeat(62)}.png`);
    await expect(stream.toArray()).rejects.toThrow(S3RequestError);
    // The server checks the signature: a wrong secret is SignatureDoesNotMatch, an unknown key 403 too.
    for (const keys of [
      { accessKeyId: s3.accessKeyId, secretAccessKey: 'not-the-secret' },
      { accessKeyId: 'AKIDUNKNOWN', secretAccessKey: s3.secretAccessKey },
    ]) {
      const wrong = new S3Storage({ endpoint: s3.endpoint, bucket: s3.bucket, ...keys });
      await expect(
        wrong.put(Buffer.from('x'), { filename: 'x.txt', mime: 'text/plain' }),
      ).rejects.toThrow(/answered 403/);
    }
  });

  it('keeps a private file under private/ and hands out presigned GETs that expire (ADR 0009)', async () => {
    const data = Buffer.from('solid secret part');
    const sha256 = createHash('sha256').update(data).digest('hex');
    const stored = await storage.put(data, {
      filename: 'part.stl',
      mime: 'model/stl',
      isPrivate: true,
    });
    expect(stored.key).toBe(`private/${sha256.slice(0, 2)}/${sha256}.stl`);
    expect(stored.url).toBe(`https://cdn.makers.example/files/${stored.key}`);
    expect((await headOf(stored.key)).headers.get('cache-control')).toBe('private, max-age=1200');
    // The same bytes as a public file are another object, which anybody may read.
    const open = await storage.put(data, { filename: 'part.stl', mime: 'model/stl' });
    expect(open.key).toBe(`${sha256.slice(0, 2)}/${sha256}.stl`);
    expect((await fetch(`${s3.endpoint}/${s3.bucket}/${open.key}`)).status).toBe(200);

    const signedAt = new Date();
    const url = storage.presignedUrl(stored.key, signedAt, 600);
    expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/${stored.key}?X-Amz-Algorithm=`)).toBe(true);
    expect(storage.keyFromUrl(url)).toBe(stored.key);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('model/stl');
    expect(Buffer.from(await res.arrayBuffer()).equals(data)).toBe(true);
    // Not without the signature, not edited, not for another key, not once expired.
    expect((await fetch(`${s3.endpoint}/${s3.bucket}/${stored.key}`)).status).toBe(403);
    expect((await fetch(url.replace('X-Amz-Expires=600', 'X-Amz-Expires=900'))).status).toBe(403);
    expect((await fetch(url.replace(/.{4}$/, '0000'))).status).toBe(403);
    expect((await fetch(url.replace(stored.key, open.key))).status).toBe(403);
    // A GET's signature does not open a HEAD of the same URL.
    expect((await fetch(url, { method: 'HEAD' })).status).toBe(403);
    const old = storage.presignedUrl(stored.key, new Date(signedAt.getTime() - 601_000), 600);
    expect((await fetch(old)).status).toBe(403);
    // Nobody writes or lists the bucket anonymously.
    expect((await fetch(`${s3.endpoint}/${s3.bucket}`)).status).toBe(403);
    const put = await fetch(`${s3.endpoint}/${s3.bucket}/${open.key}`, {
      method: 'PUT',
      body: 'x',
    });
    expect(put.status).toBe(403);
    expect(await storage.read(open.key)).toEqual(data);
  });

  it('is chosen by S3_* configuration, local disk otherwise', async () => {
    const clock = () => new Date();
    const chosen = createStorage(loadConfig(s3.env), clock);
    expect(chosen).toBeInstanceOf(S3Storage);
    const stored = await chosen.put(Buffer.from('through the variables'), {
      filename: 'n.txt',
      mime: 'text/plain',
    });
    expect(stored.url).toBe(`${s3.endpoint}/${s3.bucket}/${stored.key}`);
    expect(await (await fetch(stored.url)).text()).toBe('through the variables');
    expect(createStorage(loadConfig({}), clock)).toBeInstanceOf(LocalDiskStorage);
  });
});
