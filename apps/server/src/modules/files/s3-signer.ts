import { createHash, createHmac } from 'node:crypto';

/** The SHA-256 of an empty body, as S3 expects it in x-amz-content-sha256. */
export const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

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

/**
 * AWS Signature Version 4 for S3 (and S3-compatible stores): the headers to
 * send, with x-amz-date, x-amz-content-sha256 and Authorization added.
 */
export function signS3Request(
  input: TSignInput,
  credentials: TS3Credentials,
): Record<string, string> {
  const amzDate = input.now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
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
  const query = [...input.url.searchParams]
    .map(([key, value]) => `${encode(key)}=${encode(value)}`)
    .sort()
    .join('&');
  const canonical = [
    input.method,
    canonicalPath(input.url.pathname),
    query,
    ...names.map((name) => `${name}:${String(lower[name]).trim().replace(/\s+/g, ' ')}`),
    '',
    names.join(';'),
    input.payloadHash,
  ].join('\n');
  const scope = `${day}/${credentials.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = ['s3', 'aws4_request'].reduce(
    (current, part) => hmac(current, part),
    hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region),
  );
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
  };
}
