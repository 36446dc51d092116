import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TMesh } from '../../lib/render/mesh.types';
import { expectLoopKeptTurning, watchEventLoop } from '../../test/event-loop';
import { binaryStlOf, cubeMesh } from '../../test/mesh-files';
import { CoverGenerator, renderableFormat } from './cover-generator.service';
import { COVER_MESH_MAX_TRIANGLES } from './cover-render';
import type { FilesRepository } from './files.repository';
import { LocalDiskStorage } from './local-disk.storage';
import { createUploadWorkers, type TUploadWorkers } from './upload-workers';

let dir: string;
let storage: LocalDiskStorage;
let workers: TUploadWorkers;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'cover-generator-'));
  storage = new LocalDiskStorage(dir);
  workers = createUploadWorkers({ threads: 1 });
});

afterAll(async () => {
  await workers.close();
  await rm(dir, { recursive: true, force: true });
});

/**
 * A budget no draw here comes near, for the tests that expect a cover: the
 * production budget (COVER_RENDER_MS, 2 s) includes starting a cold thread,
 * which alone can take longer than that on a loaded 2-core machine.
 */
const ROOMY_MS = 60_000;

function generator(timeoutMs = ROOMY_MS) {
  const record = vi.fn(async () => {});
  const warn = vi.fn();
  const covers = new CoverGenerator({
    storage,
    files: { record } as unknown as FilesRepository,
    clock: () => new Date('2025-01-01T00:00:00Z'),
    log: { warn } as never,
    workers,
    timeoutMs,
  });
  return { covers, record, warn };
}

/** A wavy height field of `n` x `n` squares: 2n² triangles, drawable from any side. */
function terrain(n: number): TMesh {
  const positions: number[] = [];
  const triangles: number[] = [];
  for (let y = 0; y <= n; y++) {
    for (let x = 0; x <= n; x++) positions.push(x, y, 10 + 5 * Math.sin(x / 9) * Math.cos(y / 7));
  }
  const at = (x: number, y: number) => y * (n + 1) + x;
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      triangles.push(
        at(x, y),
        at(x + 1, y),
        at(x + 1, y + 1),
        at(x, y),
        at(x + 1, y + 1),
        at(x, y + 1),
      );
    }
  }
  return { positions, triangles };
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

  it('parses and draws in the upload pool: the event loop keeps turning (ADR 0008)', async () => {
    const side = Math.floor(Math.sqrt(COVER_MESH_MAX_TRIANGLES / 2)) - 5;
    const stl = await storage.put(binaryStlOf(terrain(side)), {
      filename: 'terrain.stl',
      mime: 'model/stl',
    });
    const { covers, record } = generator();
    const watched = await watchEventLoop(() => covers.generate(7, [stl]));
    expect(watched.result).toMatch(/\.webp$/);
    expect(record).toHaveBeenCalledOnce();
    // Parsing 290,000 triangles on the event loop would stall it for most of the run.
    expectLoopKeptTurning(watched);
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
    // The thread that was drawing was ended; the pool takes the next cover.
    expect(await generator().covers.generate(7, [stl])).toMatch(/\.webp$/);
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
