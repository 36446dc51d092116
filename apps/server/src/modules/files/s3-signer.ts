import { createHash, createHmac } from 'node:crypto';

/** The SHA-256 of an empty body, as S3 expects it in x-amz-content-sha256. */
export const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');
/** The payload hash of a presigned URL: the body is not part of the signature. */
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

export type TS3Credentials = { accessKeyId: string; secretAccessKey: string; region: string };

export type TSignInput = {
  method: string;
  url: URL;
  /** Lowercase names; every one given is signed (host is added). */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body (EMPTY_SHA256 for none). */
  payloadHash: string;
  now: Date;
};

const hmac = (key: Buffer | string, data: string) =>
  createHmac('sha256', key).update(data).digest();
const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');

/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const encode = (text: string) =>
  encodeURIComponent(text).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** The path with each segment encoded once (S3 does not double-encode). */
export const canonicalPath = (pathname: string) =>
  pathname
    .split('/')
    .map((segment) => encode(decodeURIComponent(segment)))
    .join('/');

/** The canonical query string: names and values encoded, sorted by name, then value. */
function canonicalQuery(params: URLSearchParams): string {
  return [...params]
    .map(([key, value]) => [encode(key), encode(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

/** x-amz-date's form of a time: 20130524T000000Z. */
const amzDateOf = (now: Date) =>
  now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The credential scope and the signature of `canonical` made in it. */
function signCanonical(
  canonical: string,
  amzDate: string,
  credentials: TS3Credentials,
): { scope: string; signature: string } {
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${credentials.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = ['s3', 'aws4_request'].reduce(
    (current, part) => hmac(current, part),
    hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region),
  );
  return { scope, signature: createHmac('sha256', key).update(toSign).digest('hex') };
}

/**
 * AWS Signature Version 4 for S3 (and S3-compatible stores): the headers to
 * send, with x-amz-date, x-amz-content-sha256 and Authorization added.
 */
export function signS3Request(
  input: TSignInput,
  credentials: TS3Credentials,
): Record<string, string> {
  const amzDate = amzDateOf(input.now);
  const headers: Record<string, string> = {
    ...input.headers,
    host: input.url.host,
    'x-amz-content-sha256': input.payloadHash,
    'x-amz-date': amzDate,
  };
  const names = Object.keys(headers)
    .map((name) => name.toLowerCase())
    .sort();
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const canonical = [
    input.method,
    canonicalPath(input.url.pathname),
    canonicalQuery(input.url.searchParams),
    ...names.map((name) => `${name}:${String(lower[name]).trim().replace(/\s+/g, ' ')}`),
    '',
    names.join(';'),
    input.payloadHash,
  ].join('\n');
  const { scope, signature } = signCanonical(canonical, amzDate, credentials);
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
  };
}

/** S3's longest presigned URL: seven days. */
export const MAX_PRESIGN_SECONDS = 7 * 24 * 60 * 60;

export type TPresignInput = {
  method: 'GET' | 'HEAD';
  url: URL;
  /** The signing time (X-Amz-Date); the URL works from then for `expiresSeconds`. */
  now: Date;
  expiresSeconds: number;
};

/**
 * A presigned URL (SigV4 query-string authentication, as in "Authenticating
 * Requests: Using Query Parameters" of the Amazon S3 API reference): whoever
 * holds it may send this one request until it expires, without credentials.
 * Only the host is signed and the payload is UNSIGNED-PAYLOAD, so a browser
 * can follow it as a plain link.
 */
export function presignS3Url(input: TPresignInput, credentials: TS3Credentials): string {
  const expires = Math.trunc(input.expiresSeconds);
  if (expires < 1 || expires > MAX_PRESIGN_SECONDS) {
    throw new RangeError(`a presigned URL lives 1 to ${MAX_PRESIGN_SECONDS} seconds`);
  }
  const amzDate = amzDateOf(input.now);
  const day = amzDate.slice(0, 8);
  const params = new URLSearchParams(input.url.searchParams);
  params.set('X-Amz-Algorithm', 'AWS4-HMAC-SHA256');
  params.set(
    'X-Amz-Credential',
    `${credentials.accessKeyId}/${day}/${credentials.region}/s3/aws4_request`,
  );
  params.set('X-Amz-Date', amzDate);
  params.set('X-Amz-Expires', String(expires));
  params.set('X-Amz-SignedHeaders', 'host');
  const query = canonicalQuery(params);
  const path = canonicalPath(input.url.pathname);
  const canonical = [
    input.method,
    path,
    query,
    `host:${input.url.host}`,
    '',
    'host',
    UNSIGNED_PAYLOAD,
  ].join('\n');
  const { signature } = signCanonical(canonical, amzDate, credentials);
  return `${input.url.protocol}//${input.url.host}${path}?${query}&X-Amz-Signature=${signature}`;
}
