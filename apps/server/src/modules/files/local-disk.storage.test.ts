import { createHash } from 'node:crypto';
import { access, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './local-disk.storage';
import { safeExtension } from './storage-key';

let root: string;
let storage: LocalDiskStorage;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'layerline-files-'));
  storage = new LocalDiskStorage(root);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe('LocalDiskStorage', () => {
  it('stores bytes content-addressed and answers the SPEC upload fields', async () => {
    const data = Buffer.from('solid 3d benchy');
    const sha256 = createHash('sha256').update(data).digest('hex');
    const stored = await storage.put(data, { filename: 'Benchy.STL', mime: 'model/stl' });
    expect(stored).toEqual({
      key: `${sha256.slice(0, 2)}/${sha256}.stl`,
      url: `/files/${sha256.slice(0, 2)}/${sha256}.stl`,
      size: data.length,
      sha256,
      mime: 'model/stl',
      filename: 'Benchy.STL',
    });
    expect(await storage.exists(stored.key)).toBe(true);
    expect(await storage.read(stored.key)).toEqual(data);
    expect(storage.urlFor(stored.key)).toBe(stored.url);
  });

  it('stores the same bytes once', async () => {
    const data = Buffer.from('same bytes, twice');
    const a = await storage.put(data, { filename: 'a.png', mime: 'image/png' });
    const b = await storage.put(data, { filename: 'b.png', mime: 'image/png' });
    expect(b.key).toBe(a.key);
    const matching = (await filesUnder(root)).filter((f) => f.includes(a.sha256));
    expect(matching).toHaveLength(1);
  });

  it('moves a received file into place and streams it back', async () => {
    const data = Buffer.from('G28\nG1 X1\n');
    const sha256 = createHash('sha256').update(data).digest('hex');
    const source = path.join(root, 'incoming.upload');
    await writeFile(source, data);
    const stored = await storage.putFile(source, {
      filename: 'plate.gcode',
      mime: 'text/x-gcode',
      sha256,
      size: data.length,
    });
    expect(stored.key).toBe(`${sha256.slice(0, 2)}/${sha256}.gcode`);
    expect(await storage.read(stored.key)).toEqual(data);
    await expect(access(source)).rejects.toThrow();
    const chunks: Buffer[] = [];
    for await (const chunk of storage.createReadStream(stored.key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(data);
    // The same bytes again: nothing is written, the source is still consumed.
    await writeFile(source, data);
    expect((await storage.putFile(source, { ...stored, filename: 'again.gcode' })).key).toBe(
      stored.key,
    );
    await expect(access(source)).rejects.toThrow();
  });

  it('leaves no temporary files behind', async () => {
    await storage.put(Buffer.from('tmp check'), { filename: 'x.txt', mime: 'text/plain' });
    const leftovers = (await filesUnder(root)).filter((f) => f.endsWith('.part'));
    expect(leftovers).toEqual([]);
  });

  it('keeps only a safe, lowercased extension', () => {
    expect(safeExtension('photo.JPEG')).toBe('.jpeg');
    expect(safeExtension('evil.p$h%p')).toBe('.php');
    expect(safeExtension('no-extension')).toBe('');
    expect(safeExtension('dots.../')).toBe('');
    expect(safeExtension('x.aaaaaaaaaaaaaaaaaaaaaaaa')).toBe('.aaaaaaaaaaaaaaaa');
  });

  it('refuses keys that are not its own shape (no traversal)', async () => {
    for (const key of ['../etc/passwd', 'ab/../../etc/passwd', '/etc/passwd', 'ab', '']) {
      expect(await storage.exists(key)).toBe(false);
      await expect(storage.read(key)).rejects.toThrow(/Invalid storage key/);
    }
    const wrongPrefix = `00/${'f'.repeat(64)}.png`;
    expect(await storage.exists(wrongPrefix)).toBe(false);
  });
});
