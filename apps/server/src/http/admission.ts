import { Code } from '@layerline/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TConfig } from '../config';
import { defaultPoolSize } from '../db/client';
import { AdmissionGate, AdmissionRefused, type TAdmissionSettings } from '../lib/admission-gate';
import { AppError } from './app-error';
import { isApiPath } from './error-handler';

declare module 'fastify' {
  interface FastifyRequest {
    /** Frees the request's place at the admission gate (ADR 0050); set while it holds one. */
    admissionRelease: (() => void) | null;
  }
}

/** Waiting places per place let in, and the longest wait (ADR 0050). */
export const ADMISSION_QUEUE_PER_PLACE = 8;
export const ADMISSION_WAIT_MS = 500;

/**
 * The gate's settings (ADR 0050): what ADMISSION_* say, else twice the pool's
 * connections let in at once (a write holds a connection for part of its
 * time only), eight waiting per place, and half a second of waiting.
 */
export function admissionSettings(
  config: Pick<TConfig, 'admission' | 'databasePoolSize'>,
): TAdmissionSettings {
  const concurrency =
    config.admission.concurrency ?? 2 * (config.databasePoolSize ?? defaultPoolSize());
  return {
    concurrency,
    queue: config.admission.queue ?? concurrency * ADMISSION_QUEUE_PER_PLACE,
    waitMs: config.admission.waitMs ?? ADMISSION_WAIT_MS,
  };
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The requests that pass the gate: API writes. Reads are answered from
 * memory for the most part (ADR 0018) and are not what bursts are made of;
 * uploads (multipart) wait in the upload workers' own bounded queue (ADR
 * 0008) and would hold a place for as long as their body takes to arrive.
 */
export function isGated(request: FastifyRequest): boolean {
  if (READS.has(request.method)) return false;
  if (!isApiPath(request.url.split('?')[0] ?? '')) return false;
  const type = request.headers['content-type'];
  return !(typeof type === 'string' && type.startsWith('multipart/'));
}

/** 503 with the seconds to wait in `data.retryAfter` and Retry-After (the error handler). */
export function overloaded(retryAfterS: number, cause?: unknown): AppError {
  return new AppError(
    Code.SERVICE_UNAVAILABLE,
    'serverBusy',
    {},
    { retryAfter: retryAfterS },
    { cause },
  );
}

/**
 * ADR 0050: an API write that arrives while every place and the queue are
 * taken is refused at once (onRequest, before the caller is checked); any
 * other waits for a place once its caller is known and its input is valid
 * (preHandler), and
 * gives it back when its answer has gone (or the connection closed). A
 * write that finds the queue full, or finds no place within the deadline
 * counted from its arrival, is answered 503 `serverBusy` with Retry-After;
 * nothing of it has run.
 */
export function registerAdmission(
  app: FastifyInstance,
  settings: TAdmissionSettings,
): AdmissionGate {
  const gate = new AdmissionGate(settings);
  const refusals = refusalLog(gate);
  app.decorateRequest('admissionRelease', null);
  // A write that arrives while every place and the queue are taken is refused
  // before its caller is checked or its body read: in a burst most refusals
  // are of this kind, and their cost is what delays the rest.
  app.addHook('onRequest', async (request) => {
    if (!isGated(request)) return;
    const refusal = gate.refuseIfFull();
    if (refusal) {
      refusals.note(request, refusal);
      throw overloaded(refusal.retryAfterS);
    }
  });
  app.addHook('preHandler', async (request, reply) => {
    if (!isGated(request)) return;
    try {
      // The deadline counts from the request's arrival: time spent before the
      // gate (the session check, a busy event loop) is time waited too.
      const release = await gate.enter(settings.waitMs - reply.elapsedTime);
      request.admissionRelease = release;
      reply.raw.once('close', release);
    } catch (error) {
      if (error instanceof AdmissionRefused) {
        refusals.note(request, error);
        throw overloaded(error.retryAfterS);
      }
      throw error;
    }
  });
  app.addHook('onResponse', async (request) => {
    request.admissionRelease?.();
  });
  return gate;
}

/** Refusals are logged once a second at most, with how many there were: a burst is not a flood of lines. */
const REFUSAL_LOG_EVERY_MS = 1000;

function refusalLog(gate: AdmissionGate) {
  let lastAt = Number.NEGATIVE_INFINITY;
  let since = 0;
  return {
    note(request: FastifyRequest, refusal: AdmissionRefused): void {
      since += 1;
      const now = performance.now();
      if (now - lastAt < REFUSAL_LOG_EVERY_MS) return;
      request.log.warn(
        { reason: refusal.reason, refused: since, ...gate.stats },
        'writes refused: server busy',
      );
      lastAt = now;
      since = 0;
    },
  };
}
