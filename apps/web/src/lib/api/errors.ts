import type { TTranslate } from './types';

/**
 * Why a call failed. Transport kinds follow the rows of SPEC 8 'Transport
 * level'; `business` is any other envelope code (1001-1008, 400, 429, ...),
 * which the caller handles with the server's localised msg.
 */
export type TApiErrorKind =
  | 'cancel'
  | 'network'
  | 'timeout'
  | 'cors'
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'sensitive'
  | 'server'
  | 'http'
  | 'business';

type TApiErrorInit = {
  kind: TApiErrorKind;
  message: string;
  /** Envelope code when the server sent one, else the HTTP status, else 0. */
  code?: number;
  /** HTTP status, 0 when no response arrived. */
  status?: number;
  data?: unknown;
};

export class ApiError extends Error {
  readonly kind: TApiErrorKind;
  readonly code: number;
  readonly status: number;
  readonly data: unknown;
  readonly isCancel: boolean;

  constructor(init: TApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status ?? 0;
    this.code = init.code ?? this.status;
    this.data = init.data ?? null;
    this.isCancel = init.kind === 'cancel';
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** SPEC 8: duplicate or cancelled requests are silently swallowed; callers skip these. */
export function isCancel(value: unknown): value is ApiError {
  return isApiError(value) && value.isCancel;
}

export function cancelError(t: TTranslate): ApiError {
  return new ApiError({ kind: 'cancel', message: t('api.cancelled') });
}

/**
 * SPEC 8 transport rows that the client itself reports with a toast. Cancelled
 * and duplicate requests are swallowed, 401 ends in the session dialog, 404 in
 * a navigation, and business codes are left to the caller (SPEC 8 Auth shows
 * the server msg).
 */
const NOTIFIED: ReadonlySet<TApiErrorKind> = new Set([
  'network',
  'timeout',
  'cors',
  'forbidden',
  'sensitive',
  'server',
  'http',
]);

export function shouldNotify(error: ApiError): boolean {
  return NOTIFIED.has(error.kind);
}

/**
 * ADR 0050: a 503 whose envelope says when to come back (`data.retryAfter`,
 * seconds; the Retry-After header carries the same) was refused at the
 * server's door before anything of it ran. The wait in ms, else null.
 */
export function retryAfterMs(error: unknown): number | null {
  if (!isApiError(error) || error.status !== 503) return null;
  const data = error.data;
  const seconds =
    typeof data === 'object' && data !== null
      ? (data as { retryAfter?: unknown }).retryAfter
      : undefined;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0
    ? seconds * 1000
    : null;
}

/** SPEC 7: network, timeout or 5xx failures are retried. */
export function isRetryable(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'server')
  );
}
