import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { engineContext as context, expectEngineError } from '../../../test/engine-checks';
import { logoArt, maskIoU, photoScene } from '../../../test/engine-images';
import type { TAiEngine } from '../ai-engine';
import { createEnginePool, poolRunner } from './engine-pool';
import { createLocalEngines } from './local-engines';
import { readPngInfo } from './png-codec';

const engines = createLocalEngines();
const engine = (kind: string) => engines.find((candidate) => candidate.kind === kind) as TAiEngine;

describe('local image engines behind the job interface, in worker threads', () => {
  it('registers one engine per local kind (image engines, the local image-to-image styles, relief, lithophane and cookie cutter, then text-to-logo and prompt optimisation)', () => {
    expect(engines.map((candidate) => candidate.kind).sort()).toEqual([
      'cookie_cutter',
      'erase',
      'image_to_image',
      'laser_image',
      'lithophane',
      'prompt_optimize',
      'relief_3d',
      'remove_background',
      'text_to_logo',
      'vectorize',
    ]);
  });

  it('runs the laser engine in a worker and reports SPEC 4 stages, the work as generating', async () => {
    const { ctx, stages } = context({ '/files/a.png': await logoArt(200, 200) });
    const result = await engine('laser_image').run(
      { imageUrl: '/files/a.png', widthMm: 20, dpi: 127 },
      ctx,
    );
    expect(readPngInfo(result.files[0]?.data as Buffer)).toMatchObject({
      bitDepth: 1,
      dpi: 127,
      width: 100,
    });
    expect(stages).toEqual(['loading_components', 'generating_mesh', 'saving']);
  });

  it('runs the ISNet model inside a worker thread', async () => {
    const scene = await photoScene(320, 240);
    const { ctx } = context({ '/files/p.png': scene.png });
    const result = await engine('remove_background').run({ imageUrl: '/files/p.png' }, ctx);
    const alpha = await sharp(result.files[0]?.data).extractChannel(3).raw().toBuffer();
    expect(maskIoU(new Uint8Array(alpha), scene.mask)).toBeGreaterThanOrEqual(0.9);
  }, 60_000);

  it('ends bad input as a failed job with a reason, and the next job still runs', async () => {
    const { ctx } = context({
      '/files/x.png': Buffer.from('not an image at all'),
      '/files/logo.png': await logoArt(100, 100),
    });
    await expectEngineError(
      engine('vectorize').run({ imageUrl: '/files/x.png' }, ctx),
      'badParameters',
      /not a picture/,
    );
    await expectEngineError(
      engine('vectorize').run({ imageUrl: '/files/logo.png', colors: 99, mode: 'color' }, ctx),
      'badParameters',
      /^colors: /,
    );
    await expectEngineError(
      engine('erase').run({ imageUrl: '/files/logo.png', maskUrl: '/files/none.png' }, ctx),
      'badParameters',
      /mask file cannot be read/,
    );
    const ok = await engine('vectorize').run({ imageUrl: '/files/logo.png', widthMm: 10 }, ctx);
    expect(ok.files[0]?.mime).toBe('image/svg+xml');
  });

  it('keeps one warm thread between jobs; a cancel ends a job at once, terminating its thread unless it is inside the ISNet model', async () => {
    const pool = createEnginePool(1);
    const pooled = createLocalEngines(poolRunner(pool));
    const laser = pooled.find((e) => e.kind === 'laser_image') as TAiEngine;
    const removal = pooled.find((e) => e.kind === 'remove_background') as TAiEngine;
    const picture = { '/files/a.png': await logoArt(120, 120) };
    const params = { imageUrl: '/files/a.png', widthMm: 20, dpi: 127 };
    try {
      await laser.run(params, context(picture).ctx);
      await laser.run(params, context(picture).ctx);
      // Both jobs ran on the same thread: nothing was started again.
      expect(pool.stats).toEqual({ threads: 1, running: 0, queued: 0, retiring: 0 });

      const controller = new AbortController();
      const { ctx } = context(
        { '/files/p.png': (await photoScene(200, 200)).png },
        controller.signal,
      );
      const running = removal.run({ imageUrl: '/files/p.png' }, ctx);
      await expect.poll(() => pool.stats.running).toBe(1);
      controller.abort(new Error('cancelled'));
      await expect(running).rejects.toThrow('cancelled');
      // The job is answered at once; the model's thread is out of the pool and is not
      // terminated mid-inference (onnxruntime would abort the process), it finishes first.
      expect(pool.stats).toEqual({ threads: 0, running: 0, queued: 0, retiring: 1 });
      await laser.run(params, context(picture).ctx);
      expect(pool.stats.threads).toBe(1);
      // Once its inference ends the old thread is ended too (the pool already has its one).
      await expect.poll(() => pool.stats.retiring, { timeout: 30_000 }).toBe(0);
      expect(pool.stats.threads).toBe(1);

      // A task without native code is terminated at once (SPEC 4 cancel kills the work).
      const stop = new AbortController();
      const big = { '/files/big.png': (await photoScene(1000, 1000)).png };
      const relief = pooled.find((e) => e.kind === 'relief_3d') as TAiEngine;
      const meshing = relief.run(
        { imageUrl: '/files/big.png', resolution: 1000 },
        context(big, stop.signal).ctx,
      );
      await expect.poll(() => pool.stats.running).toBe(1);
      stop.abort(new Error('cancelled'));
      await expect(meshing).rejects.toThrow('cancelled');
      expect(pool.stats).toEqual({ threads: 0, running: 0, queued: 0, retiring: 0 });
    } finally {
      await pool.close();
    }
    // Loads the segmentation model in a thread (as remove-background.engine.test.ts allows).
  }, 60_000);
});
