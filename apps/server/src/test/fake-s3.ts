import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { presignS3Url, signS3Request } from '../modules/files/s3-signer';

export type TFakeS3 = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { body: Buffer; contentType: string; cacheControl: string }>;
  requests: string[];
  close(): Promise<void>;
};

const dateOf = (amzDate: string) =>
  new Date(
    `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
  );

/**
 * A presigned GET or HEAD (query-string SigV4) as S3 judges it: signed with
 * our keys for exactly this URL, and not expired by `now`.
 */
function isValidPresign(
  method: string,
  url: URL,
  host: string,
  keys: { accessKeyId: string; secretAccessKey: string },
  now: Date,
): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const query = url.searchParams;
  const credential = /^([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request$/.exec(
    query.get('X-Amz-Credential') ?? '',
  );
  const signedAt = dateOf(query.get('X-Amz-Date') ?? '');
  const expires = Number(query.get('X-Amz-Expires'));
  if (credential?.[1] !== keys.accessKeyId || Number.isNaN(signedAt.getTime())) return false;
  if (now.getTime() > signedAt.getTime() + expires * 1000) return false;
  const unsigned = new URL(`http://${host}${url.pathname}`);
  for (const [name, value] of query) {
    if (!name.startsWith('X-Amz-')) unsigned.searchParams.append(name, value);
  }
  // The method is signed too: a GET's URL does not open a HEAD.
  const expected = presignS3Url(
    { method, url: unsigned, now: signedAt, expiresSeconds: expires },
    { ...keys, region: credential[3] ?? '' },
  );
  return new URL(expected).searchParams.get('X-Amz-Signature') === query.get('X-Amz-Signature');
}

/**
 * A local S3 endpoint speaking the protocol's HEAD, GET and PUT of objects,
 * path-style, that checks every request's SigV4 signature and body hash the
 * way S3 does (403 SignatureDoesNotMatch otherwise), and presigned GETs
 * (query-string SigV4, until they expire by `now`). Nothing is readable
 * anonymously, as in a private bucket. Tests only.
 */
export async function startFakeS3(now: () => Date = () => new Date()): Promise<TFakeS3> {
  const bucket = 'makers';
  const accessKeyId = 'AKIDTEST';
  const secretAccessKey = 'test-secret-key';
  const objects: TFakeS3['objects'] = new Map();
  const requests: string[] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
      requests.push(`${req.method} ${url.pathname}`);
      const isPresigned = url.searchParams.has('X-Amz-Signature');
      const auth = String(req.headers.authorization ?? '');
      const match =
        /Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=/.exec(
          auth,
        );
      const amzDate = String(req.headers['x-amz-date'] ?? '');
      const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
      const signed = (match?.[4] ?? '').split(';');
      const headers = Object.fromEntries(
        signed
          .filter((name) => !['host', 'x-amz-date', 'x-amz-content-sha256'].includes(name))
          .map((name) => [name, String(req.headers[name] ?? '')]),
      );
      const expected = match
        ? signS3Request(
            { method: req.method ?? 'GET', url, headers, payloadHash, now: dateOf(amzDate) },
            { accessKeyId, secretAccessKey, region: match[3] ?? '' },
          ).authorization
        : undefined;
      const bodyHash = createHash('sha256').update(body).digest('hex');
      const isAllowed = isPresigned
        ? isValidPresign(
            req.method ?? '',
            url,
            String(req.headers.host),
            { accessKeyId, secretAccessKey },
            now(),
          )
        : match?.[1] === accessKeyId && expected === auth && bodyHash === payloadHash;
      if (!isAllowed) {
        res
          .writeHead(403, { 'content-type': 'application/xml' })
          .end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        return;
      }
      const prefix = `/${bucket}/`;
      if (!url.pathname.startsWith(prefix)) {
        res.writeHead(404).end();
        return;
      }
      const key = decodeURIComponent(url.pathname.slice(prefix.length));
      if (req.method === 'PUT') {
        objects.set(key, {
          body,
          contentType: String(req.headers['content-type'] ?? ''),
          cacheControl: String(req.headers['cache-control'] ?? ''),
        });
        res.writeHead(200, { etag: `"${bodyHash}"` }).end();
        return;
      }
      if (req.method === 'DELETE') {
        // S3 answers 204 whether or not the key existed.
        objects.delete(key);
        res.writeHead(204).end();
        return;
      }
      const object = objects.get(key);
      if (!object) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, {
        'content-type': object.contentType,
        'content-length': object.body.length,
      });
      res.end(req.method === 'HEAD' ? undefined : object.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
