import { apiPath, LIMITS } from '@layerline/contract';
import { createDeduper, dedupeWindowMs } from './dedupe';
import { ApiError, cancelError, isApiError, shouldNotify } from './errors';
import { createQueue } from './queue';
import { createRefresher } from './refresh';
import { bodyKey, buildHeaders, buildUrl, encodeBody } from './request-parts';
import { interpret, suspensionReasonOf } from './response';
import { isIdempotent, RETRY_POLICIES, withRetry } from './retry';
import { abortable } from './signals';
import { createFetchTransport, send, type TTransport } from './transport';
import type { TApiClient, TApiClientOptions, TRequestConfig, TTokens } from './types';
import { createXhrTransport } from './upload';

type TPrepared = TRequestConfig & {
  url: string;
  transport: TTransport;
};

/**
 * Methods that change nothing. After any other successful call, GETs in
 * flight are no longer shared and `onWrite` hears of it (the app marks what
 * it read before as old, ADR 0049).
 */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function createApiClient(options: TApiClientOptions): TApiClient {
  const { t, getToken, getLocale } = options;
  const baseUrl = options.baseUrl ?? '';
  const fetchTransport = createFetchTransport(options.fetch ?? ((...args) => fetch(...args)));
  const xhrTransport = createXhrTransport(options.createXhr ?? (() => new XMLHttpRequest()));
  const policy = RETRY_POLICIES[options.variant ?? 'default'];
  const cancelled = () => cancelError(t);
  const deduper = createDeduper(cancelled);
  const queue = createQueue({ cancelled });
  const expiredError = () =>
    new ApiError({
      kind: 'unauthorized',
      code: 401,
      status: 401,
      message: t('api.sessionExpired'),
    });

  /** SPEC 7: the refresh call sends 'Bearer ' plus the refresh token; it skips queue and replay. */
  async function refreshThroughTransport(refreshToken: string): Promise<TTokens> {
    const body = { refresh_token: refreshToken };
    const raw = await send(
      fetchTransport,
      {
        url: buildUrl(baseUrl, apiPath('auth.refresh')),
        method: 'POST',
        headers: buildHeaders({ locale: getLocale(), token: refreshToken, body }),
        body: encodeBody(body),
      },
      { timeoutMs: LIMITS.requestTimeoutMs, signal: undefined, wantBlob: false, t },
    );
    const { data } = interpret(raw, t) as { data?: Partial<TTokens> | null };
    if (typeof data?.access_token !== 'string' || typeof data.refresh_token !== 'string') {
      throw expiredError();
    }
    return { access_token: data.access_token, refresh_token: data.refresh_token };
  }

  const refresher = createRefresher({
    getRefreshToken: options.getRefreshToken,
    refresh: options.refresh ?? refreshThroughTransport,
    onTokens: options.onTokens,
    onSessionExpired: options.onSessionExpired,
    expiredError,
  });

  async function attempt(p: TPrepared, token: string | null): Promise<unknown> {
    const raw = await send(
      p.transport,
      {
        url: p.url,
        method: p.method,
        headers: buildHeaders({ locale: getLocale(), token, body: p.body, extra: p.headers }),
        body: encodeBody(p.body),
        onProgress: p.onProgress,
      },
      {
        timeoutMs: p.timeoutMs ?? LIMITS.requestTimeoutMs,
        signal: p.signal,
        wantBlob: p.responseType === 'blob',
        t,
      },
    );
    return interpret(raw, t);
  }

  function attemptWithRetry(p: TPrepared, token: string | null): Promise<unknown> {
    const once = () => queue.run(() => attempt(p, token), p.signal);
    // A POST is sent again only when the server refused it unrun (ADR 0050).
    return withRetry(once, policy, p.signal, cancelled, !isIdempotent(p.method));
  }

  /** A request sent before the token rotated is replayed with the current one, not refreshed again. */
  function tokenAfter401(usedToken: string | null): Promise<string> {
    const current = getToken();
    if (!refresher.isRefreshing && current && current !== usedToken) {
      return Promise.resolve(current);
    }
    return refresher.renew();
  }

  async function attemptWithAuth(p: TPrepared): Promise<unknown> {
    const usedToken = getToken();
    try {
      return await attemptWithRetry(p, usedToken);
    } catch (error) {
      if (!isApiError(error) || error.kind !== 'unauthorized') throw error;
    }
    // SPEC 8 401: refresh the token and replay the request.
    const token = await abortable(tokenAfter401(usedToken), p.signal, cancelled);
    try {
      return await attemptWithRetry(p, token);
    } catch (error) {
      if (!isApiError(error) || error.kind !== 'unauthorized') throw error;
      refresher.expire();
      throw expiredError();
    }
  }

  async function execute(p: TPrepared): Promise<unknown> {
    try {
      const value = await attemptWithAuth(p);
      if (!SAFE_METHODS.has(p.method)) {
        deduper.forgetShared();
        options.onWrite?.();
      }
      return value;
    } catch (caught) {
      const error = isApiError(caught)
        ? caught
        : new ApiError({ kind: 'network', message: t('api.networkError') });
      if (error.kind === 'notFound' && p.redirectOnNotFound !== false) options.onNotFound();
      const suspendedFor = error.kind === 'forbidden' ? suspensionReasonOf(error.data) : null;
      if (suspendedFor !== null) options.onSuspended?.(suspendedFor);
      if (!p.silent && shouldNotify(error)) options.notify('error', error.message);
      throw error;
    }
  }

  /** The request's URL, and its scope: answers differ by language (DESIGN 3: msg is localised) and by login state. */
  function placeOf(config: TRequestConfig) {
    const url = buildUrl(baseUrl, config.path, config.query);
    return { url, scope: `${getLocale()}|${getToken() ? 'user' : 'guest'}` };
  }

  /**
   * The answer a GET has without the network: one the home's HTML brought,
   * taken once (ADR 0030, 0031). Keeping answers is TanStack Query's (ADR 0049).
   */
  function answerAtHand(config: TRequestConfig): unknown {
    if (config.method !== 'GET' || config.responseType === 'blob') return undefined;
    return options.homeAnswers?.take(buildUrl('', config.path, config.query), {
      locale: getLocale(),
      isGuest: getToken() === null,
    });
  }

  function request<R>(config: TRequestConfig, transport = fetchTransport): Promise<R> {
    const method = config.method;
    const { url, scope } = placeOf(config);
    if (config.signal?.aborted) return Promise.reject(cancelled());
    const atHand = answerAtHand(config);
    if (atHand !== undefined) return Promise.resolve(atHand as R);
    const prepared: TPrepared = { ...config, method, url, transport };
    const bodyId = bodyKey(config.body);
    if (bodyId === null) return execute(prepared) as Promise<R>;
    // SPEC 7: identical requests within 500ms (200ms for /comment/, /community/) are de-duplicated.
    const key = `${method} ${scope} ${url} ${config.responseType ?? 'json'} ${bodyId}`;
    const windowMs = dedupeWindowMs(config.path);
    if (method === 'GET') {
      return deduper.share(key, windowMs, config.signal, (signal) =>
        execute({ ...prepared, signal }),
      ) as Promise<R>;
    }
    if (deduper.isDuplicate(key, windowMs)) return Promise.reject(cancelled());
    return execute(prepared) as Promise<R>;
  }

  return {
    request: (config) => request(config),
    get: (path, opts) => request({ ...opts, method: 'GET', path }),
    getBlob: (path, opts) => request({ ...opts, method: 'GET', path, responseType: 'blob' }),
    post: (path, body, opts) => request({ ...opts, method: 'POST', path, body }),
    put: (path, body, opts) => request({ ...opts, method: 'PUT', path, body }),
    del: (path, opts) => request({ ...opts, method: 'DELETE', path }),
    upload: (path, formData, opts) =>
      request({ ...opts, method: 'POST', path, body: formData }, xhrTransport),
    peek: (path, opts) => answerAtHand({ ...opts, method: 'GET', path }) as never,
  };
}
