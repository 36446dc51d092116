import { describe, expect, it } from 'vitest';
import { isCompressible, negotiateEncoding } from './compression';

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
