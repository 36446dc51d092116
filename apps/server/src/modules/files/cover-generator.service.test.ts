import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { binaryStlOf, cubeMesh } from '../../test/mesh-files';
import { CoverGenerator, renderableFormat } from './cover-generator.service';
import type { FilesRepository } from './files.repository';
import { LocalDiskStorage } from './local-disk.storage';

let dir: string;
let storage: LocalDiskStorage;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'cover-generator-'));
  storage = new LocalDiskStorage(dir);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function generator(timeoutMs?: number) {
  const record = vi.fn(async () => {});
  const warn = vi.fn();
  const covers = new CoverGenerator({
    storage,
    files: { record } as unknown as FilesRepository,
    clock: () => new Date('2025-01-01T00:00:00Z'),
    log: { warn } as never,
    timeoutMs,
  });
  return { covers, record, warn };
}

describe('CoverGenerator', () => {
  it('knows drawable files by extension or type', () => {
    const file = (filename: string, mime?: string) => ({
      url: '/files/x',
      filename,
      size: 1,
      mime,
    });
    expect(renderableFormat(file('Part.STL'))).toBe('stl');
    expect(renderableFormat(file('part', 'model/obj'))).toBe('obj');
    expect(renderableFormat(file('logo.svg'))).toBe('svg');
    expect(renderableFormat(file('box.3mf', 'model/3mf'))).toBeUndefined();
  });

  it('stores a cover and its thumbnail and records them for the author', async () => {
    const stl = await storage.put(binaryStlOf(cubeMesh()), {
      filename: 'c.stl',
      mime: 'model/stl',
    });
    const { covers, record } = generator();
    const url = await covers.generate(7, [stl]);
    expect(url).toMatch(/\.webp$/);
    expect(record).toHaveBeenCalledWith([
      expect.objectContaining({ userId: 7, kind: 'cover', url, thumbnail: expect.any(String) }),
    ]);
  });

  it('gives up past its time budget, logs it and stores nothing', async () => {
    const stl = await storage.put(binaryStlOf(cubeMesh(40)), {
      filename: 'd.stl',
      mime: 'model/stl',
    });
    const { covers, record, warn } = generator(1);
    expect(await covers.generate(7, [stl])).toBeUndefined();
    expect(record).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledOnce();
  });

  it('skips files too large to draw, and works without a drawable file', async () => {
    const { covers, warn } = generator();
    const huge = { url: '/files/aa/none.stl', filename: 'huge.stl', size: 500 * 1024 * 1024 };
    expect(await covers.generate(7, [huge])).toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
    expect(await covers.generate(7, [{ url: '/files/x', filename: 'a.step', size: 9 }])).toBe(
      undefined,
    );
  });
});
