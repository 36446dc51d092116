import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Compression of text answers (ADR 0018): brotli or gzip as the request's
 * Accept-Encoding allows, on the thread pool (zlib's async calls), except
 * answers of up to SYNC_COMPRESS_MAX_BYTES compressed as they are sent
 * (ADR 0035). Streams (files, the web app's static assets) and hijacked
 * replies (SSE, lib/sse.ts) never reach an onSend hook's string or Buffer
 * case, so they pass untouched; an answer that already names its encoding
 * (the response cache's ready bytes) too.
 */
export type TEncoding = 'br' | 'gzip';

/** Below this, the headers cost about what compression saves. */
export const COMPRESS_MIN_BYTES = 1024;

const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml|[\w.+-]+\+(?:json|xml)))/i;

/**
 * ADR 0035: up to this size an answer compressed as it is sent ('once', 'fast') is
 * compressed at once, on the event loop: brotli 5 of a 13.8 KB page of 50
 * cards takes about 0.09 ms of CPU at once against 0.24 ms through the
 * thread pool, and at most about 0.2 ms for 32 KiB, less than serialising it.
 */
export const SYNC_COMPRESS_MAX_BYTES = 32 * 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * How hard to compress (ADR 0041). 'once', for an answer compressed for the
 * one request that asked (the onSend hook): brotli 3 and gzip 6; brotli 3
 * took 82 µs of a 20 KB page of 50 cards against 209 µs at brotli 5, for 6%
 * more bytes (1,908 against 1,793). 'fast', for bytes kept and sent again
 * (the response cache's entries, compressed on their first ask): brotli 5
 * and gzip 6, close to their best ratio. 'best', for bytes sent many times
 * and compressed once off the request's path (http/web-app.ts): brotli 11
 * and gzip 9, tens of ms for a 56 KB page (the home with its first answers:
 * 13.3 KB against 15.3 KB at brotli 5).
 */
export type TCompressionLevel = 'once' | 'fast' | 'best';

const BROTLI_QUALITY: Record<TCompressionLevel, number> = {
  once: 3,
  fast: 5,
  best: constants.BROTLI_MAX_QUALITY,
};
const GZIP_LEVEL: Record<TCompressionLevel, number> = { once: 6, fast: 6, best: 9 };

export function compress(
  body: Buffer,
  encoding: TEncoding,
  level: TCompressionLevel = 'fast',
): Promise<Buffer> {
  const brotliOptions = {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[level],
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  };
  const gzipOptions = { level: GZIP_LEVEL[level] };
  if (level !== 'best' && body.length <= SYNC_COMPRESS_MAX_BYTES) {
    return Promise.resolve(
      encoding === 'br' ? brotliCompressSync(body, brotliOptions) : gzipSync(body, gzipOptions),
    );
  }
  return encoding === 'br' ? brotli(body, brotliOptions) : gzipAsync(body, gzipOptions);
}

/**
 * The encoding to answer with: brotli before gzip unless the client ranks
 * gzip higher; q=0 refuses one. Identity (undefined) when neither is accepted.
 */
export function negotiateEncoding(header: string | string[] | undefined): TEncoding | undefined {
  if (!header) return undefined;
  const text = Array.isArray(header) ? header.join(',') : header;
  let best: { encoding: TEncoding; q: number } | undefined;
  let star: number | undefined;
  const seen = new Set<string>();
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q)) continue;
    if (name === '*') star = q;
    if (name !== 'br' && name !== 'gzip') continue;
    seen.add(name);
    // Brotli wins a tie: smaller at the same cost.
    if (q > 0 && (!best || q > best.q || (q === best.q && name === 'br'))) {
      best = { encoding: name, q };
    }
  }
  if (best) return best.encoding;
  // `*` covers the encodings not named.
  if (star !== undefined && star > 0) {
    if (!seen.has('br')) return 'br';
    if (!seen.has('gzip')) return 'gzip';
  }
  return undefined;
}

/** Adds a header name to Vary once. */
export function addVary(reply: FastifyReply, name: string): void {
  const current = reply.getHeader('vary');
  const list = current === undefined ? '' : String(current);
  if (list.split(',').some((item) => item.trim().toLowerCase() === name.toLowerCase())) return;
  reply.header('vary', list ? `${list}, ${name}` : name);
}

export function isCompressible(contentType: unknown): boolean {
  // An event stream is never buffered for a compressor, even if one reached this hook.
  return (
    typeof contentType === 'string' &&
    COMPRESSIBLE.test(contentType) &&
    !contentType.startsWith('text/event-stream')
  );
}

/** Every text answer of at least COMPRESS_MIN_BYTES, compressed as the client accepts. */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.statusCode === 204 || reply.statusCode === 304) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    if (!isCompressible(reply.getHeader('content-type'))) return payload;
    addVary(reply, 'Accept-Encoding');
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < COMPRESS_MIN_BYTES) return payload;
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const compressed = await compress(body, encoding, 'once');
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}
