import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { READER_VARIANTS_MAX, readerBytes } from './reader-bytes';

/** ADR 0065: a reader's bytes are a function of the kept entry and their flags. */
describe('readers’ bytes kept with the entry', () => {
  const raw = Buffer.from(JSON.stringify({ data: 'x'.repeat(2000), is_like: false }));
  const liked = JSON.stringify({ data: 'x'.repeat(2000), is_like: true });

  it('gives a reader without flags the visitor’s bytes', async () => {
    const entry = { raw };
    const text = () => {
      throw new Error('not built');
    };
    const plain = await readerBytes(entry, { flags: '', text }, undefined);
    expect(plain).toEqual({ bytes: raw, encoding: undefined });
    const br = await readerBytes(entry, { flags: '', text }, 'br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.bytes)).toEqual(raw);
    expect(entry).not.toHaveProperty('readers');
  });

  it('builds a reader’s text once per flags and encoding, at most READER_VARIANTS_MAX kept', async () => {
    const entry = { raw };
    let built = 0;
    const reader = (flags: string) => ({
      flags,
      text: () => {
        built += 1;
        return liked;
      },
    });
    const first = await readerBytes(entry, reader('1'), 'br');
    expect(brotliDecompressSync(first.bytes).toString()).toBe(liked);
    expect((await readerBytes(entry, reader('1'), 'br')).bytes).toBe(first.bytes);
    expect(built).toBe(1);
    expect((await readerBytes(entry, reader('1'), undefined)).bytes.toString()).toBe(liked);
    expect(built).toBe(2);
    for (let i = 2; i <= READER_VARIANTS_MAX + 1; i += 1)
      await readerBytes(entry, reader(`${i}`), 'br');
    expect(entry).toHaveProperty('readers.size', READER_VARIANTS_MAX);
    // The oldest made room: flags '1' in brotli are built again.
    const before = built;
    await readerBytes(entry, reader('1'), 'br');
    expect(built).toBe(before + 1);
  });

  it('sends small answers as they are', async () => {
    const small = { raw: Buffer.from('{"is_like":false}') };
    const answer = await readerBytes(small, { flags: '1', text: () => '{"is_like":true}' }, 'br');
    expect(answer).toEqual({ bytes: Buffer.from('{"is_like":true}'), encoding: undefined });
  });
});
