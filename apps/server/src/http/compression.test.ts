import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  compress,
  isCompressible,
  negotiateEncoding,
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

describe('compress (ADR 0018, ADR 0035)', () => {
  const text = (bytes: number) => {
    let json = '';
    for (let i = 0; json.length < bytes; i += 1) json += `{"id":${i},"title":"Work ${i}"},`;
    return Buffer.from(json.slice(0, bytes));
  };

  it('gives bytes that decode to the answer, small or large, brotli or gzip, fast or best', async () => {
    for (const size of [2_000, SYNC_COMPRESS_MAX_BYTES, SYNC_COMPRESS_MAX_BYTES + 1, 200_000]) {
      const body = text(size);
      expect(body.length).toBe(size);
      for (const level of ['fast', 'best'] as const) {
        const br = await compress(body, 'br', level);
        expect(brotliDecompressSync(br).equals(body), `br ${size} ${level}`).toBe(true);
        expect(br.length).toBeLessThan(body.length / 4);
        const gz = await compress(body, 'gzip', level);
        expect(gunzipSync(gz).equals(body), `gzip ${size} ${level}`).toBe(true);
      }
    }
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
