import { once } from 'node:events';
import type { Writable } from 'node:stream';

/**
 * The few parts of POSIX ustar that a backup needs (ADR 0056): regular files
 * with names up to 255 characters, written one after another and read back
 * in order. `tar -tzf` and `tar -xzf` read what this writes.
 */
const BLOCK = 512;
const END_OF_ARCHIVE = Buffer.alloc(BLOCK * 2);

function field(header: Buffer, offset: number, length: number, value: string): void {
  header.write(value, offset, length, 'utf8');
}

/** A name split into ustar's prefix (155) and name (100) at a slash. */
function splitName(name: string): { prefix: string; name: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', name };
  for (let cut = name.indexOf('/'); cut > 0; cut = name.indexOf('/', cut + 1)) {
    const prefix = name.slice(0, cut);
    const rest = name.slice(cut + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) {
      return { prefix, name: rest };
    }
  }
  throw new Error(`tar: the name is too long: ${name}`);
}

function octal(value: number, length: number): string {
  return `${value.toString(8).padStart(length - 1, '0')}\0`;
}

export function tarHeader(name: string, size: number, mtime: Date): Buffer {
  const header = Buffer.alloc(BLOCK);
  const split = splitName(name);
  field(header, 0, 100, split.name);
  field(header, 100, 8, octal(0o644, 8));
  field(header, 108, 8, octal(0, 8));
  field(header, 116, 8, octal(0, 8));
  field(header, 124, 12, octal(size, 12));
  field(header, 136, 12, octal(Math.floor(mtime.getTime() / 1000), 12));
  field(header, 148, 8, '        ');
  field(header, 156, 1, '0');
  field(header, 257, 6, 'ustar\0');
  field(header, 263, 2, '00');
  field(header, 345, 155, split.prefix);
  let sum = 0;
  for (const byte of header) sum += byte;
  field(header, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return header;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** Writes entries into `out` (a gzip stream, for instance), minding its back-pressure. */
export class TarWriter {
  constructor(private readonly out: Writable) {}

  private async write(chunk: Buffer): Promise<void> {
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }

  async add(name: string, data: Buffer, mtime = new Date()): Promise<void> {
    await this.write(tarHeader(name, data.length, mtime));
    await this.write(data);
    await this.write(padding(data.length));
  }

  /** An entry read from a stream that must yield exactly `size` bytes. */
  async addStream(
    name: string,
    size: number,
    source: AsyncIterable<Buffer>,
    mtime: Date,
  ): Promise<void> {
    await this.write(tarHeader(name, size, mtime));
    let written = 0;
    for await (const chunk of source) {
      written += chunk.length;
      if (written > size) throw new Error(`tar: ${name} grew while it was written`);
      await this.write(chunk);
    }
    if (written !== size) throw new Error(`tar: ${name} shrank while it was written`);
    await this.write(padding(size));
  }

  async finish(): Promise<void> {
    await this.write(END_OF_ARCHIVE);
    this.out.end();
  }
}

export type TTarEntryReader = {
  /** Called with each piece of the entry's bytes in order, then `end`. */
  data(chunk: Buffer): Promise<void> | void;
  end(): Promise<void> | void;
};

function text(header: Buffer, offset: number, length: number): string {
  const raw = header.subarray(offset, offset + length);
  const zero = raw.indexOf(0);
  return raw.subarray(0, zero === -1 ? length : zero).toString('utf8');
}

function parseHeader(header: Buffer): { name: string; size: number; type: string } {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (header[i] ?? 0);
  if (Number.parseInt(text(header, 148, 8).trim(), 8) !== sum) {
    throw new Error('tar: a header is damaged (checksum)');
  }
  const prefix = text(header, 345, 155);
  const name = text(header, 0, 100);
  return {
    name: prefix ? `${prefix}/${name}` : name,
    size: Number.parseInt(text(header, 124, 12).trim() || '0', 8),
    type: text(header, 156, 1) || '0',
  };
}

/**
 * Reads entries in order from a tar stream; `open` says what to do with each
 * regular file's bytes. Anything else than regular files is refused.
 */
export async function readTar(
  source: AsyncIterable<Buffer>,
  open: (name: string, size: number) => Promise<TTarEntryReader> | TTarEntryReader,
): Promise<void> {
  let pending: Buffer = Buffer.alloc(0);
  let entry: { reader: TTarEntryReader; left: number; pad: number } | undefined;
  let ended = false;
  for await (const chunk of source) {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    for (;;) {
      if (ended) break;
      if (entry) {
        if (entry.left > 0) {
          if (pending.length === 0) break;
          const piece = pending.subarray(0, entry.left);
          pending = pending.subarray(piece.length);
          entry.left -= piece.length;
          await entry.reader.data(piece);
          if (entry.left > 0) break;
          await entry.reader.end();
        }
        if (pending.length < entry.pad) break;
        pending = pending.subarray(entry.pad);
        entry = undefined;
      }
      if (pending.length < BLOCK) break;
      const header = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (header.every((byte) => byte === 0)) {
        ended = true;
        break;
      }
      const { name, size, type } = parseHeader(header);
      if (type !== '0') throw new Error(`tar: ${name} is not a regular file`);
      entry = { reader: await open(name, size), left: size, pad: padding(size).length };
      if (size === 0) {
        await entry.reader.end();
      }
    }
  }
  if (!ended || entry) throw new Error('tar: the archive ends early');
}
