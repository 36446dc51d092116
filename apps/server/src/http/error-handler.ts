import { Code, httpStatusFor, isMessageKey, message, type TMessageKey } from '@layerline/contract';
import type { FastifyError, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { isDatabaseBusy } from '../db/busy';
import { AppError, type TMessageParams } from './app-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Message used instead of the generic `validationFailed` when this route's
     * input fails validation (e.g. the banner list's `invalidBannerType`).
     */
    validationMessageKey?: TMessageKey;
  }
}

export type TErrorEnvelope = { code: number; msg: string; data: unknown };

type TFailure = { code: number; key: TMessageKey; params?: TMessageParams; data?: unknown };

/** DESIGN 3: the HTTP status mirrors the class; these statuses have their own message. */
const STATUS_FAILURES: Record<number, TFailure> = {
  400: { code: Code.BAD_REQUEST, key: 'badRequest' },
  401: { code: Code.UNAUTHORIZED, key: 'unauthorized' },
  403: { code: Code.FORBIDDEN, key: 'forbidden' },
  404: { code: Code.NOT_FOUND, key: 'notFound' },
  405: { code: Code.METHOD_NOT_ALLOWED, key: 'methodNotAllowed' },
  413: { code: Code.PAYLOAD_TOO_LARGE, key: 'payloadTooLarge' },
  415: { code: Code.UNSUPPORTED_MEDIA_TYPE, key: 'unsupportedMediaType' },
  429: { code: Code.TOO_MANY_REQUESTS, key: 'tooManyRequests' },
};

const FASTIFY_CODE_FAILURES: Record<string, TFailure> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: Code.BAD_REQUEST, key: 'malformedJson' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: Code.BAD_REQUEST, key: 'malformedJson' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: Code.PAYLOAD_TOO_LARGE, key: 'payloadTooLarge' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: Code.UNSUPPORTED_MEDIA_TYPE,
    key: 'unsupportedMediaType',
  },
};

const INTERNAL: TFailure = { code: Code.INTERNAL, key: 'internal' };

/**
 * ADR 0050: no connection to be had in time is overload, not a fault: 503
 * with Retry-After, as the admission gate answers; the write did not run.
 */
const DATABASE_BUSY: TFailure = {
  code: Code.SERVICE_UNAVAILABLE,
  key: 'serverBusy',
  data: { retryAfter: 1 },
};

/** Answers whose `data.retryAfter` is also sent as Retry-After (ADR 0046, 0050). */
const RETRY_AFTER_CODES = new Set<number>([Code.TOO_MANY_REQUESTS, Code.SERVICE_UNAVAILABLE]);

export function sendFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  failure: TFailure,
  status: number = httpStatusFor(failure.code),
): FastifyReply {
  const body: TErrorEnvelope = {
    code: failure.code,
    msg: message(request.locale, failure.key, failure.params),
    data: failure.data ?? null,
  };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

type TValidationItem = { instancePath?: string; message?: string };

/** Field paths of a validation error, e.g. `type` or `items.0.name` (body root: `body`). */
function validationFields(error: FastifyError) {
  const context = error.validationContext ?? 'request';
  return (error.validation as TValidationItem[]).map((item) => {
    const path = (item.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    return { field: path || context, message: item.message ?? '' };
  });
}

function classify(error: FastifyError, request: FastifyRequest): TFailure | undefined {
  if (error instanceof AppError) {
    return { code: error.code, key: error.messageKey, params: error.params, data: error.data };
  }
  if (Array.isArray(error.validation) && error.validation.length > 0) {
    const fields = validationFields(error).map((field) =>
      isMessageKey(field.message)
        ? { ...field, message: message(request.locale, field.message) }
        : field,
    );
    // The contract's schemas carry message keys (e.g. SPEC 5 'emailFormat'):
    // the first one becomes msg, so the client can show it as it is.
    const issueKey = validationFields(error)
      .map((field) => field.message)
      .find(isMessageKey);
    const key = request.routeOptions.config?.validationMessageKey ?? issueKey ?? 'validationFailed';
    const details = [...new Set(fields.map((field) => field.field))].join(', ');
    return { code: Code.BAD_REQUEST, key, params: { details }, data: fields };
  }
  const byCode = error.code ? FASTIFY_CODE_FAILURES[error.code] : undefined;
  if (byCode) return byCode;
  const status = error.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return STATUS_FAILURES[status] ?? { code: Code.BAD_REQUEST, key: 'badRequest' };
  }
  return undefined;
}

/** The envelope of a known failure, with Retry-After when it says how long to wait. */
function sendKnown(request: FastifyRequest, reply: FastifyReply, failure: TFailure) {
  const retryAfter = (failure.data as { retryAfter?: unknown } | null | undefined)?.retryAfter;
  if (RETRY_AFTER_CODES.has(failure.code) && typeof retryAfter === 'number') {
    reply.header('retry-after', String(retryAfter));
  }
  return sendFailure(request, reply, failure);
}

/**
 * Global error handler (SPEC 8, DESIGN 3): every failure leaves as the
 * envelope with a localised `msg`. A database too busy to give a connection
 * in time is 503 `serverBusy` with Retry-After (ADR 0050). Anything
 * unexpected becomes 500 `internal`; its message, stack and any SQL stay in
 * the log, never in the response.
 */
export function errorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply | undefined {
  const failure = classify(error, request);
  if (failure) {
    // An AppError with a cause is our failure shown as a SPEC code (e.g. 1001, 1002).
    if (error instanceof AppError && error.cause !== undefined) {
      request.log.warn({ err: error.cause, code: error.code }, 'request failed on our side');
    } else {
      request.log.debug({ err: error }, 'request rejected');
    }
    return sendKnown(request, reply, failure);
  }
  if (isDatabaseBusy(error)) {
    request.log.warn({ err: error }, 'request refused: database busy');
    if (reply.sent) return undefined;
    return sendKnown(request, reply, DATABASE_BUSY);
  }
  request.log.error({ err: error }, 'request failed');
  if (reply.sent) return undefined;
  return sendFailure(request, reply, INTERNAL);
}

const PROBED_METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** Methods routed for this concrete path; empty when the path is unknown. */
export function allowedMethods(request: FastifyRequest, pathname: string): HTTPMethods[] {
  return PROBED_METHODS.filter((method) => request.server.findRoute({ method, url: pathname }));
}

export type TFallbackHandler = (request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * Not-found handler: under /api an envelope, 405 (with Allow) when the path
 * exists for other methods and 404 otherwise; every other path goes to the
 * fallback (DESIGN 1: the server also serves the built web app).
 */
export function createNotFoundHandler(fallback?: TFallbackHandler) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (!isApiPath(pathname) && fallback) return fallback(request, reply);
    const shownUrl = pathname.length > 200 ? `${pathname.slice(0, 200)}...` : pathname;
    if (isApiPath(pathname)) {
      const allowed = allowedMethods(request, pathname);
      if (allowed.length > 0) {
        reply.header('allow', allowed.join(', '));
        return sendFailure(request, reply, {
          code: Code.METHOD_NOT_ALLOWED,
          key: 'methodNotAllowed',
          params: { method: request.method },
        });
      }
    }
    return sendFailure(request, reply, {
      code: Code.NOT_FOUND,
      key: 'routeNotFound',
      params: { method: request.method, url: shownUrl },
    });
  };
}
