import { filenameFromDisposition } from './content-disposition';
import { ApiError, cancelError } from './errors';
import type { TTranslate, TUploadProgress } from './types';

/** What `fetch` and the XMLHttpRequest upload path both hand back. */
export type TRawResponse = {
  status: number;
  /** Response.type; 'opaque' means the browser hid a cross-origin answer. */
  type: string;
  contentType: string;
  /** The Content-Disposition header, when the transport can read it. */
  contentDisposition?: string;
  text: () => Promise<string>;
  blob: () => Promise<Blob>;
};

export type TTransportRequest = {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: XMLHttpRequestBodyInit | undefined;
  signal: AbortSignal;
  onProgress?: (progress: TUploadProgress) => void;
};

export type TTransport = (request: TTransportRequest) => Promise<TRawResponse>;

/** A read body: binary payloads as Blob, everything else parsed as JSON when it can be. */
export type TRawBody =
  | { status: number; kind: 'blob'; blob: Blob }
  | { status: number; kind: 'json'; json: unknown };

export function createFetchTransport(fetchImpl: typeof fetch): TTransport {
  return async ({ url, method, headers, body, signal }) => {
    // SPEC 7 asks for at most 5 redirects. fetch follows redirects itself and
    // exposes no count, so the browser's own cap applies (20 in the Fetch
    // standard); a response that arrives with `redirected` true is accepted.
    const response = await fetchImpl(url, { method, headers, body, signal, redirect: 'follow' });
    return {
      status: response.status,
      type: response.type,
      contentType: response.headers.get('content-type') ?? '',
      contentDisposition: response.headers.get('content-disposition') ?? '',
      text: () => response.text(),
      blob: () => response.blob(),
    };
  };
}

function isJsonType(contentType: string) {
  return /[/+]json\b/i.test(contentType);
}

/**
 * Names the server gave blob bodies (Content-Disposition), so a download is
 * saved under its own name. Kept beside the Blob rather than copying it into
 * a File: downloads can be large, and the Blob itself stays as-is (SPEC 7).
 */
const blobNames = new WeakMap<Blob, string>();

/** The file name the server sent with this blob body, or null. */
export function blobFilename(blob: Blob): string | null {
  return blobNames.get(blob) ?? null;
}

function named(blob: Blob, disposition: string | undefined): Blob {
  const filename = filenameFromDisposition(disposition);
  if (filename) blobNames.set(blob, filename);
  return blob;
}

/** SPEC 7: blob responses are returned as-is; so is any non-JSON success body. */
async function readBody(response: TRawResponse, wantBlob: boolean): Promise<TRawBody> {
  const { status, contentType } = response;
  const isSuccess = status >= 200 && status < 300;
  if (isSuccess && (wantBlob || (contentType !== '' && !isJsonType(contentType)))) {
    const blob = named(await response.blob(), response.contentDisposition);
    return { status, kind: 'blob', blob };
  }
  const text = await response.text();
  try {
    return { status, kind: 'json', json: text ? (JSON.parse(text) as unknown) : undefined };
  } catch {
    return { status, kind: 'json', json: undefined };
  }
}

/** Browsers do not say a failure was CORS, except in the message of some engines. */
function isCorsFailure(error: unknown) {
  return error instanceof TypeError && /\bcors\b|cross-origin/i.test(error.message);
}

type TSendOptions = {
  timeoutMs: number;
  signal: AbortSignal | undefined;
  wantBlob: boolean;
  t: TTranslate;
};

/**
 * One network exchange, body included, bounded by the SPEC 7 timeout (30s).
 * Failures come back as ApiError of kind cancel, timeout, cors or network.
 */
export async function send(
  transport: TTransport,
  request: Omit<TTransportRequest, 'signal'>,
  { timeoutMs, signal, wantBlob, t }: TSendOptions,
): Promise<TRawBody> {
  if (signal?.aborted) throw cancelError(t);
  const controller = new AbortController();
  let isTimedOut = false;
  let stop: (error: ApiError) => void = () => {};
  // Racing against this keeps the timeout and cancellation exact even for a
  // transport that ignores its AbortSignal.
  const stopped = new Promise<never>((_, reject) => {
    stop = reject;
  });
  const handleAbort = () => {
    controller.abort();
    stop(cancelError(t));
  };
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort();
    stop(new ApiError({ kind: 'timeout', message: t('api.timeout') }));
  }, timeoutMs);
  signal?.addEventListener('abort', handleAbort, { once: true });
  try {
    const exchange = transport({ ...request, signal: controller.signal }).then((response) => {
      if (response.type === 'opaque') {
        throw new ApiError({ kind: 'cors', message: t('api.cors') });
      }
      return readBody(response, wantBlob);
    });
    return await Promise.race([exchange, stopped]);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (isTimedOut) throw new ApiError({ kind: 'timeout', message: t('api.timeout') });
    if (signal?.aborted) throw cancelError(t);
    if (isCorsFailure(error)) throw new ApiError({ kind: 'cors', message: t('api.cors') });
    throw new ApiError({ kind: 'network', message: t('api.networkError') });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', handleAbort);
  }
}
