import { Code, LEGACY_NOT_LOGGED_IN_MSG } from '@layerline/contract';
import { ApiError } from './errors';
import type { TRawBody } from './transport';
import type { TTranslate } from './types';

type TWireEnvelope = { code: number; msg?: unknown; data?: unknown };

function isEnvelope(value: unknown): value is TWireEnvelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'number'
  );
}

/** SPEC 8 406: the words come back in `data`, as a list, `{words}` or text. */
function sensitiveWordsOf(data: unknown): string {
  const list =
    typeof data === 'object' && data !== null && 'words' in data
      ? (data as { words: unknown }).words
      : data;
  if (Array.isArray(list)) return list.filter((word) => typeof word === 'string').join(', ');
  return typeof list === 'string' ? list : '';
}

function statusError(status: number, t: TTranslate, code = status, data?: unknown) {
  // SPEC 8: 'System interface' + status + 'exception'; 5xx are retried first.
  const kind = status >= 500 ? 'server' : 'http';
  return new ApiError({ kind, code, status, data, message: t('api.statusError', { status }) });
}

/**
 * ADR 0014: a suspended account's write is refused with 403 and the reason in
 * `data.reason`; the server's msg names it, which says more than SPEC 6's
 * 'no permission'.
 */
export function suspensionReasonOf(data: unknown): string | null {
  const reason =
    typeof data === 'object' && data !== null ? (data as { reason?: unknown }).reason : undefined;
  return typeof reason === 'string' ? reason : null;
}

/** The SPEC 8 rows keyed by code, shared by envelope codes and bare HTTP statuses. */
function byCode(
  code: number,
  status: number,
  t: TTranslate,
  data: unknown,
  msg = '',
): ApiError | null {
  switch (code) {
    case Code.UNAUTHORIZED:
      return new ApiError({
        kind: 'unauthorized',
        code,
        status,
        data,
        message: t('api.sessionExpired'),
      });
    case Code.FORBIDDEN:
      return new ApiError({
        kind: 'forbidden',
        code,
        status,
        data,
        message: msg && suspensionReasonOf(data) !== null ? msg : t('api.forbidden'),
      });
    case Code.NOT_FOUND:
      return new ApiError({ kind: 'notFound', code, status, data, message: t('api.notFound') });
    default:
      return null;
  }
}

/**
 * Turns a read body into the call's result, or throws the ApiError of its SPEC
 * 8 row. DESIGN 3: the HTTP status mirrors the code and the client reads
 * `code` on both paths; the bare status only decides when there is no envelope.
 */
export function interpret(raw: TRawBody, t: TTranslate): unknown {
  const { status } = raw;
  const isSuccess = status >= 200 && status < 300;
  if (raw.kind === 'blob') return raw.blob;
  const body = raw.json;
  if (!isEnvelope(body)) {
    if (isSuccess) return body;
    throw byCode(status, status, t, null) ?? statusError(status, t);
  }
  const { code } = body;
  const msg = typeof body.msg === 'string' ? body.msg : '';
  const data = body.data ?? null;
  if (code === Code.OK) return body;
  // SPEC 8: a 500 whose msg is exactly this (as spelled) is treated as 401.
  const effective = code === Code.INTERNAL && msg === LEGACY_NOT_LOGGED_IN_MSG ? 401 : code;
  const known = byCode(effective, status, t, data, msg);
  if (known) throw known;
  if (code === Code.SENSITIVE_WORDS) {
    const words = sensitiveWordsOf(data);
    const message = words ? t('api.sensitiveWords', { words }) : t('api.sensitiveContent');
    throw new ApiError({ kind: 'sensitive', code, status, data, message });
  }
  if (code === Code.INTERNAL) {
    throw new ApiError({ kind: 'server', code, status, data, message: t('api.operationFailed') });
  }
  // ADR 0050: a busy server's 503 carries its own localised words.
  if (code === Code.SERVICE_UNAVAILABLE && msg) {
    throw new ApiError({ kind: 'server', code, status, data, message: msg });
  }
  if (status >= 500) throw statusError(status, t, code, data);
  // Business codes (1001-1008, 400, 429, ...): the caller shows the server's
  // localised msg where SPEC 8 says so.
  throw new ApiError({
    kind: 'business',
    code,
    status,
    data,
    message: msg || t('api.operationFailed'),
  });
}
