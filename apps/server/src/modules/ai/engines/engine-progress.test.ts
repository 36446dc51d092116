import {
  ZEraseOptions,
  ZLaserImageOptions,
  ZRelief3dOptions,
  ZRemoveBackgroundOptions,
  ZTextToLogoParams,
  ZVectorizeOptions,
} from '@layerline/contract';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TClock } from '../../../lib/clock';
import { engineContext } from '../../../test/engine-checks';
import { logoArt, photoScene } from '../../../test/engine-images';
import type { TAiEngine } from '../ai-engine';
import {
  createEnginePool,
  poolRunner,
  runTimeKey,
  type TEnginePool,
  WORK_FROM,
  WORK_TO,
} from './engine-pool';
import type { TEngineTaskOutput } from './image-engine.tasks';
import { createLocalEngines } from './local-engines';
import { PACE_CAP, ProgressPace, RunTimes } from './progress-pace';

/** A clock the test moves by hand. */
function manualClock(): TClock & { advance: (ms: number) => void } {
  let now = Date.UTC(2026, 10, 28, 12);
  const clock = () => new Date(now);
  const advance = (ms: number) => {
    now += ms;
  };
  return Object.assign(clock, { advance });
}

/** The percent a job shows for a share of the work (SPEC 4 stage "generating"). */
const percentOf = (fraction: number) => Math.round(WORK_FROM + (WORK_TO - WORK_FROM) * fraction);

/** The longest run of ticks (1 s each) in which the shown percent did not change. */
function longestStill(percents: number[]): number {
  let longest = 0;
  let run = 0;
  for (let k = 1; k < percents.length; k++) {
    run = percents[k] === percents[k - 1] ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}

describe('progress estimate from recent run times (SPEC 4 progress)', () => {
  it('moves at least one point every 2 s and never reaches the end, even at 6 times the expected time', () => {
    const clock = manualClock();
    const pace = new ProgressPace(5_000, clock);
    const shown: number[] = [];
    for (let second = 1; second <= 30; second++) {
      clock.advance(1_000);
      shown.push(pace.tick());
    }
    const percents = shown.map(percentOf);
    // Never back, never the end while the work goes on.
    for (let k = 1; k < shown.length; k++) {
      expect(shown[k]).toBeGreaterThanOrEqual(shown[k - 1] as number);
    }
    expect(Math.max(...shown)).toBeLessThanOrEqual(PACE_CAP);
    expect(Math.max(...percents)).toBeLessThan(WORK_TO);
    // At the expected time it is most of the way, not all of it.
    expect(shown[4]).toBeGreaterThan(0.6);
    expect(shown[4]).toBeLessThan(0.85);
    // One second without a change in the percent at most: it moves every 2 s.
    expect(longestStill(percents)).toBeLessThanOrEqual(1);
  });

  it("follows the engine's own reports and estimates the rest from there", () => {
    const clock = manualClock();
    const pace = new ProgressPace(10_000, clock);
    clock.advance(200);
    expect(pace.report(0.5)).toBe(0.5);
    // A report below what is shown never takes the bar back.
    expect(pace.report(0.3)).toBe(0.5);
    clock.advance(1_000);
    const next = pace.tick();
    expect(next).toBeGreaterThan(0.5);
    // The rest (half) is expected to take 5 s: after 1 s it is a fraction of it.
    expect(next).toBeLessThan(0.75);
    // A report of everything done still leaves the end to the result.
    expect(pace.report(1)).toBe(PACE_CAP);
  });

  it('expects the median of the last runs of a kind, else its default', () => {
    const times = new RunTimes({ relief_3d: 4_000, remove_background: 8_000 }, 3_000, 3);
    expect(times.expectedMs('relief_3d')).toBe(4_000);
    expect(times.expectedMs('remove_background')).toBe(8_000);
    expect(times.expectedMs('erase')).toBe(3_000);
    for (const ms of [2_000, 9_000, 3_000, 1_000]) times.record('relief_3d', ms);
    // The last three: 9, 3 and 1 s.
    expect(times.expectedMs('relief_3d')).toBe(3_000);
    const picture = new Uint8Array();
    // Both qualities run the same model: their runs teach one estimate.
    for (const quality of ['best', 'fast'] as const) {
      const options = ZRemoveBackgroundOptions.parse({ quality });
      expect(runTimeKey({ task: 'remove_background', image: picture, options })).toBe(
        'remove_background',
      );
    }
    const cutOut = ZRelief3dOptions.parse({ widthMm: 50, removeBackground: true });
    expect(runTimeKey({ task: 'relief_3d', image: picture, options: cutOut })).toBe(
      'relief_3d:removeBackground',
    );
  });
});

/** A pool whose one task ends when the test says, reporting what the test sends. */
function fakePool() {
  let finish: (output: TEngineTaskOutput) => void = () => {};
  let report: (progress: unknown) => void = () => {};
  const pool: Pick<TEnginePool, 'run'> = {
    run: (_input, options) =>
      new Promise<TEngineTaskOutput>((resolve) => {
        finish = resolve;
        report = options?.onProgress ?? (() => {});
      }),
  };
  return {
    pool,
    finish: () =>
      finish({ files: [{ filename: 'a.png', mime: 'image/png', data: new Uint8Array(4) }] }),
    report: (fraction: number) => report(fraction),
  };
}

describe('engine pool runner: progress while a task runs', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports the stages with a percent that never sits still for 2 s, real reports included, and learns the run time', async () => {
    vi.useFakeTimers();
    const clock = manualClock();
    const runTimes = new RunTimes({ laser_image: 6_000 });
    const fake = fakePool();
    const engines = createLocalEngines(poolRunner(fake.pool, { runTimes, clock }));
    const laser = engines.find((engine) => engine.kind === 'laser_image') as TAiEngine;
    const { ctx, stages, reports } = engineContext({ '/files/a.png': Buffer.from('picture') });
    const running = laser.run({ imageUrl: '/files/a.png', widthMm: 20 }, ctx);
    await vi.waitFor(() => expect(stages).toContain('generating_mesh'));
    const percents: number[] = [];
    const second = async () => {
      clock.advance(1_000);
      await vi.advanceTimersByTimeAsync(1_000);
      percents.push(Math.round(reports.at(-1)?.percent ?? 0));
    };
    for (let k = 0; k < 3; k++) await second();
    // The engine says it is 60 % done: the bar is there at once, and goes on from there.
    fake.report(0.6);
    // 60 % of the work, which runs from 10 % to 90 % of the bar: 58 %.
    expect(reports.at(-1)?.percent).toBeCloseTo(58, 5);
    for (let k = 0; k < 12; k++) await second();
    fake.finish();
    const result = await running;
    expect(result.files).toHaveLength(1);
    expect(stages).toEqual(['loading_components', 'generating_mesh', 'saving']);
    expect(longestStill(percents)).toBeLessThanOrEqual(1);
    const working = reports.filter((r) => r.stage === 'generating_mesh').map((r) => r.percent);
    for (let k = 1; k < working.length; k++) {
      expect(working[k]).toBeGreaterThan(working[k - 1] as number);
    }
    expect(Math.max(...working)).toBeLessThan(90);
    expect(reports.at(-1)).toEqual({ stage: 'saving', percent: 90 });
    // Nothing more once the task has ended.
    const count = reports.length;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(reports).toHaveLength(count);
    // The run took 15 s by the clock: the next laser job expects that.
    expect(runTimes.expectedMs('laser_image')).toBe(15_000);
  });
});

describe('engines report their own progress from their thread', () => {
  it('the laser engine reports rows dithered, the others their steps, in order and below the end', async () => {
    const pool = createEnginePool(1);
    // No estimate ticks: only what the thread reports.
    const run = poolRunner(pool, { runTimes: new RunTimes({}), tickMs: 3_600_000 });
    try {
      const laser: number[] = [];
      const scene = await photoScene(600, 600);
      await run(
        {
          task: 'laser_image',
          image: scene.png,
          options: ZLaserImageOptions.parse({ widthMm: 60, dpi: 254, dither: 'floyd-steinberg' }),
        },
        new AbortController().signal,
        (fraction) => laser.push(fraction),
      );
      // 600 rows reported at every whole point between 20 % and 90 % of the task.
      expect(laser.length).toBeGreaterThan(50);
      for (let k = 1; k < laser.length; k++) {
        expect(laser[k]).toBeGreaterThan(laser[k - 1] as number);
      }
      expect(Math.max(...laser)).toBeLessThanOrEqual(PACE_CAP);

      const relief: number[] = [];
      await run(
        {
          task: 'relief_3d',
          image: await logoArt(200, 100),
          options: ZRelief3dOptions.parse({ widthMm: 70, resolution: 120 }),
        },
        new AbortController().signal,
        (fraction) => relief.push(fraction),
      );
      // Height map, smoothing, solid, then each of the three files.
      expect(relief.length).toBeGreaterThanOrEqual(5);
      expect(relief[0]).toBeLessThan(0.3);
      expect(relief.at(-1)).toBe(PACE_CAP);

      // One report per logo variant drawn.
      const logo: number[] = [];
      await run(
        { task: 'text_to_logo', options: ZTextToLogoParams.parse({ text: 'Maker', count: 4 }) },
        new AbortController().signal,
        (fraction) => logo.push(fraction),
      );
      expect(logo).toEqual([0.25, 0.5, 0.75, PACE_CAP]);

      // Vectorise: decoded, then traced (one library call), then the SVG written.
      const vector: number[] = [];
      await run(
        {
          task: 'vectorize',
          image: await logoArt(200, 100),
          options: ZVectorizeOptions.parse({ widthMm: 50 }),
        },
        new AbortController().signal,
        (fraction) => vector.push(fraction),
      );
      expect(vector).toEqual([0.1, 0.85]);

      // Erase: decoded, OpenCV loaded, inpainted (one call), then the PNG written.
      const erased: number[] = [];
      const mask = await sharp({
        create: { width: 200, height: 200, channels: 3, background: '#000' },
      })
        .composite([
          {
            input: { create: { width: 20, height: 20, channels: 3, background: '#fff' } },
            left: 90,
            top: 90,
          },
        ])
        .png()
        .toBuffer();
      await run(
        {
          task: 'erase',
          image: (await photoScene(200, 200)).png,
          mask,
          options: ZEraseOptions.parse({}),
        },
        new AbortController().signal,
        (fraction) => erased.push(fraction),
      );
      expect(erased).toEqual([0.1, 0.3, 0.9]);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('background removal reports before and after the model, whose one call the estimate covers', async () => {
    const pool = createEnginePool(1);
    const runTimes = new RunTimes({ remove_background: 8_000 });
    const reported: number[] = [];
    const picture = (await photoScene(240, 180)).png;
    const task = {
      task: 'remove_background' as const,
      image: picture,
      options: ZRemoveBackgroundOptions.parse({}),
    };
    try {
      const before = Date.now();
      // Only what the thread reports first.
      await poolRunner(pool, { runTimes, tickMs: 3_600_000 })(
        task,
        new AbortController().signal,
        (fraction) => reported.push(fraction),
      );
      const wallMs = Date.now() - before;
      expect(reported).toEqual([0.05, 0.1, 0.85]);
      // The run's own time, in ms, replaced the default for the next job of this kind.
      const learned = runTimes.expectedMs('remove_background');
      expect(learned).toBeLessThanOrEqual(wallMs);
      expect(learned).toBeGreaterThanOrEqual(wallMs / 2);
    } finally {
      await pool.close();
    }
    // Loads the segmentation model in a thread (as remove-background.engine.test.ts allows).
  }, 90_000);
});
