import { createHash } from 'node:crypto';
import type { TUploadKind } from '@layerline/contract';
import { files } from '../db/schema';
import type { TTestApp } from './test-app';

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
