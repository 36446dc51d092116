import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { filenameFromDisposition } from './content-disposition';
import { setup } from './test-fakes';
import { blobFilename } from './transport';

describe('filenameFromDisposition (RFC 6266 / 5987)', () => {
  it("prefers filename*=UTF-8'' over the ASCII fallback, so Chinese names survive", () => {
    const header =
      'attachment; filename="____.stl"; filename*=UTF-8\'\'%E9%BE%99%E7%8C%AB%20v2.stl';
    expect(filenameFromDisposition(header)).toBe('龙猫 v2.stl');
  });

  it('reads a quoted filename with escapes, and a bare token', () => {
    expect(filenameFromDisposition('attachment; filename="a \\"b\\".zip"')).toBe('a "b".zip');
    expect(filenameFromDisposition('attachment; filename=plain.3mf')).toBe('plain.3mf');
  });

  it('falls back to filename= when filename* is malformed', () => {
    const header = 'attachment; filename="keep.zip"; filename*=UTF-8\'\'%E9%ZZ.zip';
    expect(filenameFromDisposition(header)).toBe('keep.zip');
  });

  it('keeps only the last path segment and drops control characters', () => {
    expect(filenameFromDisposition("attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd")).toBe(
      'passwd',
    );
    expect(filenameFromDisposition('attachment; filename="a\u0007b.txt"')).toBe('ab.txt');
  });

  it('answers null without a file name', () => {
    expect(filenameFromDisposition(null)).toBeNull();
    expect(filenameFromDisposition('')).toBeNull();
    expect(filenameFromDisposition('inline')).toBeNull();
    expect(filenameFromDisposition('attachment; filename=".."')).toBeNull();
  });
});

describe('blob answers keep the name the server sent', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('names a downloaded Blob after its Content-Disposition', async () => {
    const { client } = setup(
      () =>
        new Response(new Uint8Array([80, 75, 3, 4]), {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="_.zip"; filename*=UTF-8\'\'%E6%A8%A1.zip',
          },
        }),
    );
    const blob = await client.getBlob('/api/v1/works/download/5');
    expect(blobFilename(blob)).toBe('模.zip');
    expect(blob.size).toBe(4);
  });

  it('has no name when the server sent none', async () => {
    const { client } = setup(
      () => new Response('x', { headers: { 'content-type': 'text/plain' } }),
    );
    expect(blobFilename(await client.getBlob('/api/v1/works/download/6'))).toBeNull();
  });
});
