import { mkdtemp, rm } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import S3rver from '@20minutes/s3rver';

/**
 * A real S3 server for tests and browser journeys: s3rver (@20minutes/s3rver, an independent
 * implementation of the S3 REST API on the file system) on a free loopback
 * port, with its own temporary directory. It checks every request's SigV4
 * signature (header or presigned query, expiry included) and answers CORS
 * preflights from the bucket's CORS configuration, as S3 does.
 *
 * s3rver has no bucket policies: anonymous requests reach every object. The
 * policy the bucket must have in production (docs/OPERATIONS.md, "Object
 * storage (S3)") is applied in front of it: anonymous GET and HEAD of public
 * objects only, nothing under `private/`, no anonymous writes or listings.
 */
export type TS3Server = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The variables the Layerline server reads for S3 storage (README, Configuration). */
  env: Record<string, string>;
  /** `METHOD /path` of every request received, in order (tests may empty it). */
  requests: string[];
  stop(): Promise<void>;
};

export type TS3ServerOptions = {
  bucket?: string;
  /** Origins the bucket's CORS rule allows to GET (default: any port on 127.0.0.1 and localhost). */
  corsOrigins?: readonly string[];
};

/** s3rver's one account; any other key is InvalidAccessKeyId. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';
const REGION = 'us-east-1';
/** Where private objects live (files/storage-key.ts PRIVATE_PREFIX). */
const PRIVATE_PREFIX = 'private/';

export const DEFAULT_CORS_ORIGINS = ['http://127.0.0.1:*', 'http://localhost:*'] as const;

/**
 * The bucket's CORS rule (S3's PutBucketCors document): the site may GET
 * and HEAD objects, which the web does to preview a design file through its
 * presigned URL and to read AI results. One wildcard per origin, as in S3.
 */
export function corsConfiguration(origins: readonly string[]): string {
  const allowed = origins.map((origin) => `<AllowedOrigin>${origin}</AllowedOrigin>`).join('');
  return [
    '<CORSConfiguration><CORSRule>',
    allowed,
    '<AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>',
    '<AllowedHeader>*</AllowedHeader>',
    '<ExposeHeader>ETag</ExposeHeader><ExposeHeader>Content-Length</ExposeHeader>',
    '<MaxAgeSeconds>3000</MaxAgeSeconds>',
    '</CORSRule></CORSConfiguration>',
  ].join('');
}

const isSigned = (req: IncomingMessage, url: URL) =>
  req.headers.authorization !== undefined ||
  url.searchParams.has('X-Amz-Algorithm') ||
  url.searchParams.has('Signature');

/**
 * The production bucket policy, for an anonymous request: CORS preflights
 * are S3's own (never authenticated); GET and HEAD of an object outside
 * `private/` are public reads; anything else is refused.
 */
function isAllowedAnonymously(method: string, url: URL, bucket: string): boolean {
  if (method === 'OPTIONS') return true;
  if (method !== 'GET' && method !== 'HEAD') return false;
  const prefix = `/${bucket}/`;
  if (!url.pathname.startsWith(prefix)) return false;
  let key: string;
  try {
    key = decodeURIComponent(url.pathname.slice(prefix.length));
  } catch {
    return false;
  }
  return key !== '' && !key.startsWith(PRIVATE_PREFIX);
}

function refuse(res: ServerResponse): void {
  res
    .writeHead(403, { 'content-type': 'application/xml' })
    .end(
      '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>',
    );
}

export async function startS3Server(options: TS3ServerOptions = {}): Promise<TS3Server> {
  const bucket = options.bucket ?? 'layerline';
  const directory = await mkdtemp(path.join(tmpdir(), 'layerline-s3rver-'));
  const s3rver = new S3rver({
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [
      { name: bucket, configs: [corsConfiguration(options.corsOrigins ?? DEFAULT_CORS_ORIGINS)] },
    ],
  });
  await s3rver.configureBuckets();
  const handle = s3rver.getMiddleware();
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3.local');
    requests.push(`${req.method} ${url.pathname}`);
    if (!isSigned(req, url) && !isAllowedAnonymously(req.method ?? '', url, bucket)) {
      req.resume();
      refuse(res);
      return;
    }
    handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    region: REGION,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    env: {
      S3_ENDPOINT: endpoint,
      S3_REGION: REGION,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    },
    requests,
    stop: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * Run as a process (`node --import tsx apps/server/src/test/s3-server.ts
 * [--bucket NAME] [--cors-origin ORIGIN ...]`): prints the server as one
 * line of JSON on stdout and stops on SIGTERM or SIGINT.
 */
async function runStandalone(args: string[]): Promise<void> {
  const valuesOf = (flag: string) =>
    args.flatMap((arg, index) => (arg === flag && args[index + 1] ? [args[index + 1] ?? ''] : []));
  const origins = valuesOf('--cors-origin');
  const s3 = await startS3Server({
    bucket: valuesOf('--bucket')[0],
    corsOrigins: origins.length > 0 ? origins : undefined,
  });
  const { stop: _, requests: __, ...described } = s3;
  process.stdout.write(`${JSON.stringify(described)}\n`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void s3.stop().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  void runStandalone(process.argv.slice(2));
}
