import { createHash } from 'node:crypto';
import type { TUploadKind } from '@layerline/contract';
import sharp from 'sharp';
import { files } from '../db/schema';
import { signIn } from './auth-helpers';
import { createUser } from './factories';
import { createTestApp, type TTestApp } from './test-app';

export type TMultipartFile = { field?: string; data: Buffer; name: string; type?: string };

/** A multipart body as a browser's FormData sends it (fields first, then files). */
export async function multipartBody(
  fields: Record<string, string>,
  parts: TMultipartFile[],
): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const { field = 'file', data, name, type = 'application/octet-stream' } of parts) {
    form.append(field, new Blob([new Uint8Array(data)], { type }), name);
  }
  const request = new Request('http://local/upload', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** POST one file through the upload API (default /api/v1/resource/upload). */
export async function uploadThroughApi(
  t: Pick<TTestApp, 'app'>,
  headers: Record<string, string>,
  kind: TUploadKind | string,
  file: TMultipartFile,
  url = '/api/v1/resource/upload',
) {
  const body = await multipartBody({ kind }, [file]);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

/**
 * Stores bytes and records them as `userId`'s upload of `kind`, as the
 * upload endpoint would, without its checks (for tests of works).
 */
export async function storeUpload(
  t: Pick<TTestApp, 'db' | 'storage'>,
  userId: number,
  kind: TUploadKind,
  data: Buffer,
  filename: string,
  mime = 'application/octet-stream',
) {
  const stored = await t.storage.put(data, { filename, mime });
  await t.db
    .insert(files)
    .values({
      userId,
      sha256: createHash('sha256').update(data).digest('hex'),
      url: stored.url,
      filename,
      size: data.length,
      mime,
      kind,
    })
    .onConflictDoNothing();
  return { url: stored.url, filename, size: data.length, mime };
}

/**
 * A test app with one signed-in maker and the calls upload tests make:
 * `upload` through the API, `fetchStored` reads a stored file back by URL.
 */
export async function signedInUploader() {
  const t = await createTestApp();
  const userId = (await createUser(t.db)).id;
  const { headers } = await signIn(t, userId);
  return {
    t,
    userId,
    headers,
    upload: (kind: string, file: TMultipartFile, url?: string) =>
      uploadThroughApi(t, headers, kind, file, url),
    fetchStored: async (url: string) => (await t.app.inject({ method: 'GET', url })).rawPayload,
  };
}

/** A plain picture, half-transparent green where it has alpha. */
export const testImage = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 40, g: 160, b: 90, alpha: 0.5 } } });

export type TUploader = Awaited<ReturnType<typeof signedInUploader>>;
