import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  compress,
  isCompressible,
  negotiateEncoding,
  registerCompression,
  SYNC_COMPRESS_MAX_BYTES,
} from './compression';

describe('Accept-Encoding negotiation (ADR 0018)', () => {
  it('prefers brotli, honours q-values and refusals', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(negotiateEncoding('identity')).toBeUndefined();
    expect(negotiateEncoding(undefined)).toBeUndefined();
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('br;q=0, *')).toBe('gzip');
  });

  it('compresses text types only', () => {
    expect(isCompressible('application/json; charset=utf-8')).toBe(true);
    expect(isCompressible('text/html')).toBe(true);
    expect(isCompressible('application/problem+json')).toBe(true);
    expect(isCompressible('image/webp')).toBe(false);
    expect(isCompressible('text/event-stream; charset=utf-8')).toBe(false);
    expect(isCompressible(undefined)).toBe(false);
  });
});

describe('compress (ADR 0018, ADR 0035, ADR 0041)', () => {
  const text = (bytes: number) => {
    let json = '';
    for (let i = 0; json.length < bytes; i += 1) json += `{"id":${i},"title":"Work ${i}"},`;
    return Buffer.from(json.slice(0, bytes));
  };

  it('gives bytes that decode to the answer, small or large, brotli or gzip, once, fast or best', async () => {
    for (const size of [2_000, SYNC_COMPRESS_MAX_BYTES, SYNC_COMPRESS_MAX_BYTES + 1, 200_000]) {
      const body = text(size);
      expect(body.length).toBe(size);
      for (const level of ['once', 'fast', 'best'] as const) {
        const br = await compress(body, 'br', level);
        expect(brotliDecompressSync(br).equals(body), `br ${size} ${level}`).toBe(true);
        expect(br.length).toBeLessThan(body.length / 4);
        const gz = await compress(body, 'gzip', level);
        expect(gunzipSync(gz).equals(body), `gzip ${size} ${level}`).toBe(true);
      }
    }
  });

  it('compresses an answer sent once at brotli 3 and bytes kept at brotli 5', async () => {
    const body = text(14_000);
    const at = (quality: number) =>
      brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      });
    expect(at(3).equals(at(5))).toBe(false);
    expect((await compress(body, 'br', 'once')).equals(at(3))).toBe(true);
    expect((await compress(body, 'br')).equals(at(5))).toBe(true);
    // The onSend hook compresses what it sends once.
    const app = Fastify();
    registerCompression(app);
    app.get('/page', (_request, reply) => reply.type('application/json').send(body));
    const answer = await app.inject({ url: '/page', headers: { 'accept-encoding': 'br' } });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.rawPayload.equals(at(3))).toBe(true);
    await app.close();
  });

  it('compresses a small answer at once and a large one on the thread pool', async () => {
    // Done at once, its promise settles within the same turn (microtasks only);
    // the thread pool's answer can only come back on a later turn of the event loop.
    const settledThisTurn = async (body: Buffer) => {
      let settled = false;
      const done = compress(body, 'br').then(() => {
        settled = true;
      });
      for (let i = 0; i < 5; i += 1) await Promise.resolve();
      const early = settled;
      await done;
      return early;
    };
    expect(await settledThisTurn(text(14_000))).toBe(true);
    expect(await settledThisTurn(text(SYNC_COMPRESS_MAX_BYTES))).toBe(true);
    expect(await settledThisTurn(text(SYNC_COMPRESS_MAX_BYTES + 1))).toBe(false);
  });
});
