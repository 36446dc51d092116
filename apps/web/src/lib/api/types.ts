import type { TEnvelope, TLocale } from '@layerline/contract';
import type { api as apiCatalog } from '../../i18n/locales/en/api';
import type { THomeAnswerStore } from './home-answers';

/** Keys of the `api` catalog namespace, as the app's translator sees them. */
export type TApiMessageKey = `api.${keyof typeof apiCatalog}`;

export type TTranslate = (key: TApiMessageKey, params?: Record<string, string | number>) => string;

export type TNotifyKind = 'error' | 'warning' | 'info' | 'success';

/** SPEC 3: token refresh response data. */
export type TTokens = { access_token: string; refresh_token: string };

export type THttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type TRetryVariant = 'default' | 'alt';

/** DESIGN 3: lists add `total` (comments `comment_total`), the captcha `id`. */
export type TEnvelopeExtras = { total?: number; comment_total?: number; id?: string };

/** What a successful JSON call resolves with: the whole envelope. */
export type TApiEnvelope<T, TExtra extends object = TEnvelopeExtras> = TEnvelope<T> & TExtra;

export type TQueryValue = string | number | boolean | null | undefined;
export type TQuery = Record<string, TQueryValue | readonly TQueryValue[]>;

export type TUploadProgress = { loaded: number; total: number; percent: number };

export type TRequestOptions = {
  query?: TQuery;
  headers?: Record<string, string>;
  /** `true` suppresses the error toast; the promise still rejects. */
  silent?: boolean;
  /** Aborting rejects with a cancellation error ('Request cancelled'). */
  signal?: AbortSignal;
  /** 'blob' returns the body as a Blob whatever its content type (its name: `blobFilename`). */
  responseType?: 'json' | 'blob';
  timeoutMs?: number;
  /** `false` keeps the current screen on a 404 instead of going to /404. */
  redirectOnNotFound?: boolean;
};

export type TRequestConfig = TRequestOptions & {
  method: THttpMethod;
  path: string;
  body?: unknown;
  onProgress?: (progress: TUploadProgress) => void;
};

export type TUploadOptions = Omit<TRequestOptions, 'responseType'> & {
  onProgress?: (progress: TUploadProgress) => void;
};

export type TApiClientOptions = {
  /** '' keeps calls on the page's origin (SPEC 7: one backend host). */
  baseUrl?: string;
  getLocale: () => TLocale;
  getToken: () => string | null;
  getRefreshToken: () => string | null;
  /** Defaults to POST /api/v1/user/refresh_token through the raw transport. */
  refresh?: (refreshToken: string) => Promise<TTokens>;
  onTokens: (tokens: TTokens) => void;
  /** Shows the 'Login has expired' dialog, clears the session and redirects. */
  onSessionExpired: () => void;
  onNotFound: () => void;
  /** ADR 0014: a write refused because the account is suspended, with the moderator's reason. */
  onSuspended?: (reason: string) => void;
  notify: (kind: TNotifyKind, message: string) => void;
  t: TTranslate;
  fetch?: typeof fetch;
  /** Only used by `upload`, which needs upload progress events. */
  createXhr?: () => XMLHttpRequest;
  variant?: TRetryVariant;
  /** The answers the home's HTML brought, taken instead of their first GET (home-answers.ts). */
  homeAnswers?: THomeAnswerStore;
  /** After every successful call that is not a GET, HEAD or OPTIONS: what was read before may be old. */
  onWrite?: () => void;
};

export type TApiClient = {
  request: <R>(config: TRequestConfig) => Promise<R>;
  get: <T>(path: string, options?: TRequestOptions) => Promise<TApiEnvelope<T>>;
  getBlob: (path: string, options?: Omit<TRequestOptions, 'responseType'>) => Promise<Blob>;
  post: <T>(path: string, body?: unknown, options?: TRequestOptions) => Promise<TApiEnvelope<T>>;
  put: <T>(path: string, body?: unknown, options?: TRequestOptions) => Promise<TApiEnvelope<T>>;
  del: <T>(
    path: string,
    options?: TRequestOptions & { body?: unknown },
  ) => Promise<TApiEnvelope<T>>;
  upload: <T>(
    path: string,
    formData: FormData,
    options?: TUploadOptions,
  ) => Promise<TApiEnvelope<T>>;
  /**
   * The answer a GET has at once, without the network (an answer the home's
   * HTML brought, taken once), or undefined. A screen's first render starts
   * from it instead of waiting a turn for the same answer; the caller keeps it
   * (TanStack Query's initialData, the feed's pages).
   */
  peek: <T>(path: string, options?: TRequestOptions) => TApiEnvelope<T> | undefined;
};
