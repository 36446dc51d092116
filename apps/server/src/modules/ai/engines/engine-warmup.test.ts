import { ZRemoveBackgroundOptions } from '@layerline/contract';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { photoScene } from '../../../test/engine-images';
import { createEnginePool, poolRunner, warmUpEngines } from './engine-pool';
import { readPngInfo } from './png-codec';

const pool = createEnginePool(1);

afterAll(async () => {
  await pool.close();
});

describe('engine warm-up at start (the first job does not load the model)', () => {
  it('loads the model in the pool thread, which stays alive for the first job', async () => {
    const lines: string[] = [];
    await warmUpEngines(pool, {
      info: (line) => lines.push(`info ${line}`),
      warn: (line) => lines.push(`warn ${line}`),
    });
    expect(lines).toEqual([expect.stringMatching(/^info AI engines warmed up in \d+ ms$/)]);
    // The thread that holds the model is still there, not retired or replaced.
    expect(pool.stats).toEqual({ threads: 1, running: 0, queued: 0, retiring: 0 });
    const scene = await photoScene(200, 150);
    const result = await poolRunner(pool)(
      { task: 'remove_background', image: scene.png, options: ZRemoveBackgroundOptions.parse({}) },
      new AbortController().signal,
    );
    const png = (result.files[0] as { data: Buffer }).data;
    expect((await sharp(png).metadata()).width).toBe(200);
    expect(readPngInfo(png).dpi).toBeGreaterThan(26);
    expect(pool.stats.threads).toBe(1);
  }, 120_000);

  it('never throws, and says so without a warning when the process closed the pool first (ADR 0054)', async () => {
    const closed = createEnginePool(1);
    await closed.close();
    const lines: string[] = [];
    await warmUpEngines(closed, {
      info: (line) => lines.push(`info ${line}`),
      warn: (line) => lines.push(`warn ${line}`),
    });
    expect(lines).toEqual(['info AI engines closed before they warmed up']);
  });
});
