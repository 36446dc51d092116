import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compressDir } from './compress';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'layerline-compress-'));
  await mkdir(path.join(dir, 'assets'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('compressDir', () => {
  it('writes brotli and gzip copies beside each text file that decode to the original', async () => {
    const js = `export const a = ${JSON.stringify('x'.repeat(4000))};`;
    await writeFile(path.join(dir, 'assets', 'app-1.js'), js);
    await writeFile(path.join(dir, 'assets', 'app-1.css'), `body{color:red}${' '.repeat(3000)}`);
    const result = await compressDir(dir);
    expect(result.files).toBe(2);
    const br = await readFile(path.join(dir, 'assets', 'app-1.js.br'));
    const gz = await readFile(path.join(dir, 'assets', 'app-1.js.gz'));
    expect(br.length).toBeLessThan(js.length);
    expect(brotliDecompressSync(br).toString()).toBe(js);
    expect(gunzipSync(gz).toString()).toBe(js);
    expect(existsSync(path.join(dir, 'assets', 'app-1.css.br'))).toBe(true);
  });

  it('leaves small files, images and index.html alone', async () => {
    await writeFile(path.join(dir, 'assets', 'tiny.js'), 'export {}');
    await writeFile(path.join(dir, 'og-image.png'), Buffer.alloc(5000));
    await writeFile(path.join(dir, 'index.html'), `<!doctype html>${' '.repeat(5000)}`);
    expect((await compressDir(dir)).files).toBe(0);
    for (const name of ['assets/tiny.js', 'og-image.png', 'index.html']) {
      expect(existsSync(path.join(dir, `${name}.br`))).toBe(false);
      expect(existsSync(path.join(dir, `${name}.gz`))).toBe(false);
    }
  });
});
