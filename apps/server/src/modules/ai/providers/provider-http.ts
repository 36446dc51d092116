import type { z } from 'zod';
import { AiEngineError, type TAiFailureReason } from '../ai-engine';

/** How hard one provider call tries; the job runner's own deadline still applies on top. */
export type TProviderHttpOptions = {
  /** One request (connect, answer and body); generation calls take tens of seconds. */
  timeoutMs: number;
  /** Tries per request, the first included. */
  maxAttempts: number;
  /** First backoff step; doubled per attempt, with jitter. */
  baseDelayMs: number;
  /** Longest wait between tries; a Retry-After asking for more ends the call instead. */
  maxDelayMs: number;
};

export const DEFAULT_PROVIDER_HTTP: TProviderHttpOptions = {
  timeoutMs: 120_000,
  maxAttempts: 3,
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
};

/** Decides a refused answer's reason before the status-based default (content moderation). */
export type TClassify = (
  status: number,
  body: unknown,
  text: string,
) => TAiFailureReason | undefined;

export type TProviderRequest = {
  method?: 'GET' | 'POST' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  json?: unknown;
  form?: FormData;
  /**
   * Whether a request that timed out is sent again. Default: only GETs. A
   * generation POST that timed out may still be running (and billed) at the
   * provider, so sending it again would pay twice for one picture.
   */
  retryOnTimeout?: boolean;
  /** Answers larger than this end the call (a runaway download must not fill memory). */
  maxBytes?: number;
  classify?: TClassify;
};

export type TProviderResponse = { status: number; headers: Headers; body: Buffer };

const MB = 1024 * 1024;

/** Codes and phrases providers use when their moderation refuses a prompt or picture. */
const POLICY_CODES = new Set([
  'content_policy_violation',
  'moderation_blocked',
  'content_filter',
  'content_moderation',
  'data_inspection_failed',
]);
const POLICY_TEXT =
  /content[ _-]?polic|moderation|safety system|inappropriate content|content[ _-]?filter/i;

/** The provider's own words for a refusal, from the shapes the adapters meet. */
export function providerMessage(body: unknown, text: string): string {
  const record = (value: unknown) =>
    value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  const root = record(body);
  const error = root?.error;
  const candidates = [
    record(error)?.message,
    typeof error === 'string' ? error : undefined,
    root?.message,
    Array.isArray(root?.errors) ? root.errors.join('; ') : undefined,
    root?.detail,
  ];
  const found = candidates.find((value) => typeof value === 'string' && value.trim() !== '');
  return (
    String(found ?? text)
      .trim()
      .slice(0, 300) || '(no message)'
  );
}

/** True when an error body says a moderation system refused the input. */
export function isPolicyRefusal(body: unknown, text: string): boolean {
  const root = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const error =
    root.error && typeof root.error === 'object' ? (root.error as Record<string, unknown>) : {};
  const codes = [error.code, error.type, root.code, root.name].filter(
    (value): value is string => typeof value === 'string',
  );
  if (codes.some((code) => POLICY_CODES.has(code))) return true;
  return POLICY_TEXT.test(providerMessage(body, text));
}

function defaultReason(status: number, body: unknown, text: string): TAiFailureReason {
  if ((status === 400 || status === 403 || status === 422) && isPolicyRefusal(body, text)) {
    return 'sensitiveWords';
  }
  if (status === 429) return 'tooManyRequests';
  if (status === 400 || status === 413 || status === 422) return 'badParameters';
  if (status === 408) return 'timeout';
  return 'failed';
}

/** Milliseconds a 429/503 asks us to wait: `retry-after-ms` (OpenAI), then `Retry-After` seconds or date. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.get('retry-after-ms') !== null && Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get('retry-after');
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Exponential backoff with jitter, so many workers hit by one outage do not retry in step. */
export function backoffMs(attempt: number, options: TProviderHttpOptions): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

/** Waits, but gives up at once when the job is cancelled. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

async function readCapped(response: Response, maxBytes: number, provider: string): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  const tooLarge = () =>
    new AiEngineError('failed', `${provider} sent more than ${Math.round(maxBytes / MB)} MB.`);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response.body) {
    total += chunk.byteLength;
    if (total > maxBytes) throw tooLarge();
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks, total);
}

function parseMaybeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * HTTP for one job's calls to one provider: per-request timeout, the job's
 * cancel signal, bounded retries with backoff on 429, 5xx and network errors
 * (honouring Retry-After), and every refusal turned into a SPEC 8 AI reason.
 */
export class ProviderHttp {
  constructor(
    readonly provider: string,
    private readonly options: TProviderHttpOptions,
    private readonly signal: AbortSignal,
  ) {}

  async send(request: TProviderRequest): Promise<TProviderResponse> {
    const method = request.method ?? (request.json !== undefined || request.form ? 'POST' : 'GET');
    const retryOnTimeout = request.retryOnTimeout ?? method === 'GET';
    const maxBytes = request.maxBytes ?? 20 * MB;
    const { provider, options, signal } = this;
    let last: AiEngineError | undefined;
    for (let attempt = 1; attempt <= options.maxAttempts; attempt++) {
      if (signal.aborted) throw signal.reason;
      if (last) await sleep(backoffMs(attempt - 1, options), signal);
      const timeout = AbortSignal.timeout(options.timeoutMs);
      const headers: Record<string, string> = { ...request.headers };
      if (request.json !== undefined) headers['content-type'] = 'application/json';
      let response: Response;
      let body: Buffer;
      try {
        response = await fetch(request.url, {
          method,
          headers,
          body:
            request.form ?? (request.json === undefined ? undefined : JSON.stringify(request.json)),
          signal: AbortSignal.any([signal, timeout]),
        });
        body = await readCapped(response, maxBytes, provider);
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        if (error instanceof AiEngineError) throw error;
        if (timeout.aborted) {
          last = new AiEngineError(
            'timeout',
            `${provider} did not answer within ${Math.round(options.timeoutMs / 1000)} s.`,
            { cause: error },
          );
          if (!retryOnTimeout) throw last;
          continue;
        }
        const detail =
          error instanceof Error ? ((error.cause as Error)?.message ?? error.message) : '';
        last = new AiEngineError('failed', `${provider} could not be reached: ${detail}`, {
          cause: error,
        });
        continue;
      }
      if (response.ok) return { status: response.status, headers: response.headers, body };
      const text = body.toString('utf8');
      const json = parseMaybeJson(text);
      const reason =
        request.classify?.(response.status, json, text) ??
        defaultReason(response.status, json, text);
      last = new AiEngineError(
        reason,
        `${provider} answered ${response.status}: ${providerMessage(json, text)}`,
      );
      const transient =
        (response.status === 429 && reason === 'tooManyRequests') ||
        (response.status >= 500 && reason === 'failed');
      if (!transient || attempt === options.maxAttempts) throw last;
      const asked = retryAfterMs(response.headers);
      // A provider asking for a longer pause than we hold a worker for: give up now.
      if (asked !== undefined && asked > options.maxDelayMs) throw last;
      if (asked !== undefined) await sleep(asked, signal);
      else await sleep(backoffMs(attempt, options), signal);
      last = undefined;
    }
    throw last ?? new AiEngineError('failed', `${provider} could not be reached.`);
  }

  /** A JSON answer checked against the shape the provider documents. */
  async json<T>(request: TProviderRequest, schema: z.ZodType<T>): Promise<T> {
    const response = await this.send({
      ...request,
      headers: { accept: 'application/json', ...request.headers },
    });
    return parseAnswer(this.provider, response.body, schema);
  }

  /** Result files at a URL the provider gave; no credentials go to its storage host. */
  async download(url: string, maxBytes: number): Promise<Buffer> {
    return (await this.send({ url, maxBytes })).body;
  }
}

/** Parses and checks a provider's JSON; whatever does not fit ends 'failed' saying what was wrong. */
export function parseAnswer<T>(provider: string, body: Buffer, schema: z.ZodType<T>): T {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    throw new AiEngineError(
      'failed',
      `${provider} answered with something that is not JSON: ${body.toString('utf8').slice(0, 80)}`,
    );
  }
  return checkShape(provider, value, schema);
}

/** Checks a value from a provider's answer against the documented shape. */
export function checkShape<T>(provider: string, value: unknown, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new AiEngineError(
    'failed',
    `${provider} answered in an unexpected shape (${issue?.path.join('.') || 'answer'}: ${issue?.message}).`,
  );
}
