import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Text formats worth compressing; images and fonts are compressed already.
 * index.html is not: the server fills in the product title at start and
 * compresses that page itself.
 */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/i;
/** Below this a compressed copy saves less than a packet's headers cost. */
const MIN_BYTES = 1024;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside each text
 * file of the build, so the server sends them by Accept-Encoding without
 * compressing per request. A copy that is not smaller is not written.
 */
export async function compressDir(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for await (const file of walk(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    const body = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      gzipAsync(body, { level: 9 }),
    ]);
    if (br.length < body.length) await writeFile(`${file}.br`, br);
    if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
    files += 1;
    bytes += body.length;
  }
  return { files, bytes };
}

/** Vite plugin: compress the finished build (see compressDir). */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'layerline:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { files } = await compressDir(outDir);
      this.info(`brotli and gzip copies of ${files} files`);
    },
  };
}
