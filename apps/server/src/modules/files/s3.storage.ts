import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { TS3Config } from '../../config';
import type { TClock } from '../../lib/clock';
import { EMPTY_SHA256, presignS3Url, signS3Request, type TS3Credentials } from './s3-signer';
import type { FileStorage, TFileMeta, TStoredObject } from './storage';
import {
  contentHash,
  InvalidStorageKeyError,
  isStorageKey,
  storageKey,
  variantKey,
} from './storage-key';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A private object is read through presigned URLs that live up to 20 minutes (ADR 0009). */
const PRIVATE_CACHE = 'private, max-age=1200';

export class S3RequestError extends Error {
  constructor(
    readonly status: number,
    method: string,
    key: string,
  ) {
    super(`S3 ${method} ${key} answered ${status}`);
    this.name = 'S3RequestError';
  }
}

/**
 * Files in an S3-compatible object store (DESIGN 2 scale-out: S3_*), with the
 * same content-addressed keys as the local disk, so the same bytes are
 * stored once. Requests are signed with SigV4; the endpoint is used
 * path-style (MinIO, Ceph, R2, ...), AWS itself virtual-hosted when no
 * endpoint is set. Public files are served from S3_PUBLIC_URL (a CDN or the
 * bucket's public address), so the bucket must allow public reads of them.
 * Design files and instructions (ADR 0009), AI inputs and results (ADR
 * 0051) live under `private/`, which the bucket's policy must not open to
 * anonymous reads: readers get presigned GET URLs.
 */
export class S3Storage implements FileStorage {
  private readonly base: string;
  private readonly publicBase: string;

  constructor(
    private readonly config: TS3Config,
    private readonly clock: TClock = () => new Date(),
  ) {
    const region = config.region ?? 'us-east-1';
    this.base = config.endpoint
      ? `${config.endpoint.replace(/\/+$/, '')}/${config.bucket}`
      : `https://${config.bucket}.s3.${region}.amazonaws.com`;
    this.publicBase = (config.publicUrl ?? this.base).replace(/\/+$/, '');
  }

  private get credentials(): TS3Credentials {
    return {
      accessKeyId: this.config.accessKeyId,
      secretAccessKey: this.config.secretAccessKey,
      region: this.config.region ?? 'us-east-1',
    };
  }

  private request(
    method: 'GET' | 'HEAD' | 'PUT' | 'DELETE',
    key: string,
    options: {
      headers?: Record<string, string>;
      payloadHash?: string;
      body?: Buffer | Readable;
    } = {},
  ): Promise<IncomingMessage> {
    if (!isStorageKey(key)) return Promise.reject(new InvalidStorageKeyError(key));
    const url = new URL(`${this.base}/${key}`);
    const headers = signS3Request(
      {
        method,
        url,
        headers: options.headers ?? {},
        payloadHash: options.payloadHash ?? EMPTY_SHA256,
        now: this.clock(),
      },
      this.credentials,
    );
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = client.request(url, { method, headers }, resolve);
      req.on('error', reject);
      const { body } = options;
      if (body === undefined) req.end();
      else if (Buffer.isBuffer(body)) req.end(body);
      else pipeline(body, req).catch(reject);
    });
  }

  /** Drains a response we do not read, so the socket is reused. */
  private expect(response: IncomingMessage, method: string, key: string): void {
    response.resume();
    const status = response.statusCode ?? 0;
    if (status < 200 || status >= 300) throw new S3RequestError(status, method, key);
  }

  private stored(key: string, meta: TFileMeta & { sha256: string; size: number }): TStoredObject {
    const { isPrivate: _, ownerOnly: __, ...rest } = meta;
    return { key, url: this.urlFor(key), ...rest };
  }

  private async upload(
    key: string,
    meta: TFileMeta & { sha256: string; size: number },
    body: Buffer | Readable,
  ): Promise<void> {
    const response = await this.request('PUT', key, {
      headers: {
        'content-type': meta.mime,
        'content-length': String(meta.size),
        'cache-control': meta.isPrivate || meta.ownerOnly ? PRIVATE_CACHE : IMMUTABLE,
      },
      payloadHash: meta.sha256,
      body,
    });
    this.expect(response, 'PUT', key);
  }

  async put(data: Buffer, meta: TFileMeta): Promise<TStoredObject> {
    // Taken in a worker thread when given (an AI result, ADR 0057).
    const sha256 = meta.sha256 ?? (await contentHash(data));
    const key = storageKey(sha256, meta.filename, meta.isPrivate || meta.ownerOnly);
    const full = { ...meta, sha256, size: data.length };
    if (!(await this.exists(key))) await this.upload(key, full, data);
    return this.stored(key, full);
  }

  async putFile(
    source: string,
    meta: TFileMeta & { sha256: string; size: number },
  ): Promise<TStoredObject> {
    const key = storageKey(meta.sha256, meta.filename, meta.isPrivate || meta.ownerOnly);
    try {
      if (!(await this.exists(key))) await this.upload(key, meta, createReadStream(source));
    } finally {
      await rm(source, { force: true });
    }
    return this.stored(key, meta);
  }

  async read(key: string): Promise<Buffer> {
    const response = await this.request('GET', key);
    if (response.statusCode !== 200) {
      response.resume();
      throw new S3RequestError(response.statusCode ?? 0, 'GET', key);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  createReadStream(key: string): Readable {
    const out = new PassThrough();
    this.request('GET', key).then(
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          out.destroy(new S3RequestError(response.statusCode ?? 0, 'GET', key));
          return;
        }
        pipeline(response, out).catch((error: unknown) => out.destroy(error as Error));
      },
      (error: unknown) => out.destroy(error as Error),
    );
    return out;
  }

  /** DeleteObject answers 204 whether or not the key existed. */
  async putVariant(key: string, width: number, data: Buffer): Promise<string> {
    const target = variantKey(key, width);
    const sha256 = await contentHash(data);
    await this.upload(
      target,
      { filename: target, mime: 'image/webp', sha256, size: data.length },
      data,
    );
    return target;
  }

  async delete(key: string): Promise<void> {
    const response = await this.request('DELETE', key);
    response.resume();
    const status = response.statusCode ?? 0;
    if (status !== 404) this.expect(response, 'DELETE', key);
  }

  async exists(key: string): Promise<boolean> {
    if (!isStorageKey(key)) return false;
    const response = await this.request('HEAD', key);
    response.resume();
    if (response.statusCode === 404) return false;
    if (response.statusCode === 200) return true;
    throw new S3RequestError(response.statusCode ?? 0, 'HEAD', key);
  }

  urlFor(key: string): string {
    return `${this.publicBase}/${key}`;
  }

  /** A stored URL (public base), or a presigned one (the bucket's own address, with its query). */
  keyFromUrl(url: string): string | undefined {
    for (const base of [this.publicBase, this.base]) {
      if (!url.startsWith(`${base}/`)) continue;
      const rest = url.slice(base.length + 1);
      const key = base === this.base ? rest.split('?')[0] : rest;
      if (key !== undefined && isStorageKey(key)) return key;
    }
    return undefined;
  }

  /** SigV4 query-string authentication of a GET at the bucket's own address (ADR 0009). */
  presignedUrl(key: string, signedAt: Date, expiresSeconds: number): string {
    if (!isStorageKey(key)) throw new InvalidStorageKeyError(key);
    return presignS3Url(
      { method: 'GET', url: new URL(`${this.base}/${key}`), now: signedAt, expiresSeconds },
      this.credentials,
    );
  }
}
