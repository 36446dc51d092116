import { vi } from 'vitest';
import { createApiClient } from './client';
import { ApiError } from './errors';
import type { TApiClientOptions, TTranslate } from './types';

/**
 * Network fakes for the client's tests: a scripted `fetch`, and a translator
 * that echoes its key so assertions name the catalog key they expect.
 */
export type TFetchCall = {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
  signal: AbortSignal | undefined;
  redirect: RequestRedirect | undefined;
};

export type TFetchHandler = (call: TFetchCall) => Response | Promise<Response>;

export function createFakeFetch(handler: TFetchHandler) {
  const calls: TFetchCall[] = [];
  const fetchImpl = (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: TFetchCall = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: init.body,
      signal: init.signal ?? undefined,
      redirect: init.redirect,
    };
    calls.push(call);
    return Promise.resolve().then(() => handler(call));
  };
  return { fetch: fetchImpl as typeof fetch, calls };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

export function envelope(data: unknown = null, code = 200, msg = 'success', extra = {}) {
  return jsonResponse({ code, msg, data, ...extra }, code >= 1000 ? 400 : code);
}

export const echoT: TTranslate = (key, params) =>
  params ? `${key} ${JSON.stringify(params)}` : key;

export function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (reason: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A client wired to a fake fetch, with spies for every callback. */
export function setup(handler: TFetchHandler, overrides: Partial<TApiClientOptions> = {}) {
  const network = createFakeFetch(handler);
  const options = {
    getLocale: vi.fn(() => 'en' as const),
    getToken: vi.fn((): string | null => 'access-1'),
    getRefreshToken: vi.fn((): string | null => 'refresh-1'),
    onTokens: vi.fn(),
    onSessionExpired: vi.fn(),
    onNotFound: vi.fn(),
    notify: vi.fn(),
    t: echoT,
    fetch: network.fetch,
    ...overrides,
  } satisfies TApiClientOptions;
  return { client: createApiClient(options), calls: network.calls, options };
}

/** Settles a promise's rejection so it is not reported as unhandled before the test awaits it. */
export function settle<T>(promise: Promise<T>) {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}

/** The ApiError a call rejects with; fails the test if it resolves. Handlers attach at once. */
export function rejection<T>(promise: Promise<T>): Promise<ApiError> {
  return settle(promise).then((outcome) => {
    if (outcome.ok) throw new Error('expected the call to reject');
    if (!(outcome.error instanceof ApiError)) throw outcome.error;
    return outcome.error;
  });
}
