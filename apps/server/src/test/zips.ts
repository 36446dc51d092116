import { Readable } from 'node:stream';
import yauzl from 'yauzl';
import yazl from 'yazl';

export type TZipEntry = {
  name: string;
  data?: Buffer;
  stream?: () => Readable;
  compress?: boolean;
};

/** A ZIP built with yazl, streamed: a huge entry never sits in memory, only the packed result. */
export function buildZip(entries: TZipEntry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    const options = { compress: entry.compress ?? true, mtime: new Date(Date.UTC(2025, 0, 1)) };
    if (entry.stream) zip.addReadStream(entry.stream(), entry.name, options);
    else zip.addBuffer(entry.data ?? Buffer.alloc(0), entry.name, options);
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** `bytes` zero bytes, produced 1 MB at a time. */
export function zeros(bytes: number): Readable {
  const chunk = Buffer.alloc(1024 * 1024);
  let left = bytes;
  return new Readable({
    read() {
      if (left <= 0) {
        this.push(null);
        return;
      }
      const size = Math.min(left, chunk.length);
      left -= size;
      this.push(size === chunk.length ? chunk : chunk.subarray(0, size));
    },
  });
}

/**
 * Renames an entry in place (local header and central directory), for names
 * yazl refuses to write such as '../evil'. Both names must be as long.
 */
export function renameEntry(zip: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error('names must have the same length');
  const out = Buffer.from(zip);
  const needle = Buffer.from(from);
  for (let at = out.indexOf(needle); at !== -1; at = out.indexOf(needle, at + 1)) {
    out.write(to, at, 'latin1');
  }
  return out;
}

/** Every entry of a ZIP (a 3MF, a download bundle) by name. */
export function readZip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}
