import { describe, expect, it } from 'vitest';
import { createRecordingContext, installRecordingCanvas, pathPoints } from './mask-canvas.fakes';
import type { TStroke } from './mask-history';
import {
  exportMaskPng,
  hasInk,
  inkShare,
  MASK_BACKGROUND,
  MASK_PAINT,
  maskCoverage,
  OVERLAY_COLOR,
  renderMask,
  renderOverlay,
  type TStrokeContext,
  traceStroke,
} from './mask-render';

const asContext = (ctx: ReturnType<typeof createRecordingContext>) =>
  ctx as unknown as TStrokeContext;

const NATURAL = { width: 1000, height: 500 };
const line: TStroke = {
  mode: 'paint',
  size: 30,
  points: [
    { x: 10, y: 20 },
    { x: 200, y: 20 },
    { x: 200, y: 300 },
  ],
};
const dot: TStroke = { mode: 'paint', size: 50, points: [{ x: 600, y: 250 }] };
const unpaint: TStroke = {
  mode: 'unpaint',
  size: 10,
  points: [
    { x: 100, y: 20 },
    { x: 150, y: 20 },
  ],
};

describe('tracing a stroke', () => {
  it('joins consecutive pointer positions with round-capped, round-joined segments', () => {
    const ctx = createRecordingContext();
    traceStroke(asContext(ctx), line.points, 30);
    expect(ctx.calls.map((call) => call.op)).toEqual([
      'beginPath',
      'moveTo',
      'lineTo',
      'lineTo',
      'stroke',
    ]);
    expect(pathPoints(ctx.calls)).toEqual([
      [10, 20],
      [200, 20],
      [200, 300],
    ]);
    expect(ctx.lineCap).toBe('round');
    expect(ctx.lineJoin).toBe('round');
    expect(ctx.calls.at(-1)?.style.width).toBe(30);
  });

  it('draws a single tap as a dot as wide as the brush', () => {
    const ctx = createRecordingContext();
    traceStroke(asContext(ctx), dot.points, 50);
    const arc = ctx.calls.find((call) => call.op === 'arc');
    expect(arc?.args).toEqual([600, 250, 25, 0, Math.PI * 2]);
    expect(ctx.calls.at(-1)?.op).toBe('fill');
  });

  it('draws nothing for an empty stroke', () => {
    const ctx = createRecordingContext();
    traceStroke(asContext(ctx), [], 50);
    expect(ctx.calls).toEqual([]);
  });
});

describe('the overlay', () => {
  it('clears, scales picture pixels to the canvas and paints red; unpaint cuts out', () => {
    const ctx = createRecordingContext();
    renderOverlay(asContext(ctx), [line, unpaint], { width: 250, height: 125 }, NATURAL);
    expect(ctx.calls[0]).toMatchObject({ op: 'setTransform', args: [1, 0, 0, 1, 0, 0] });
    expect(ctx.calls.find((call) => call.op === 'clearRect')?.args).toEqual([0, 0, 250, 125]);
    const transforms = ctx.calls.filter((call) => call.op === 'setTransform');
    expect(transforms.at(-1)?.args).toEqual([0.25, 0, 0, 0.25, 0, 0]);
    const strokes = ctx.calls.filter((call) => call.op === 'stroke');
    expect(strokes.map((call) => call.style.composite)).toEqual(['source-over', 'destination-out']);
    expect(strokes[0]?.style.stroke).toBe(OVERLAY_COLOR);
    expect(ctx.globalCompositeOperation).toBe('source-over');
  });
});

describe('the exported mask', () => {
  it('is black at the natural size, white where painted, black again where unpainted', () => {
    const ctx = createRecordingContext();
    renderMask(asContext(ctx), [line, dot, unpaint], NATURAL);
    const background = ctx.calls.find((call) => call.op === 'fillRect');
    expect(background?.args).toEqual([0, 0, 1000, 500]);
    expect(background?.style.fill).toBe(MASK_BACKGROUND);
    const marks = ctx.calls.filter((call) => call.op === 'stroke' || call.op === 'fill');
    expect(marks.map((call) => [call.op, call.style.stroke, call.style.fill])).toEqual([
      ['stroke', MASK_PAINT, MASK_PAINT],
      ['fill', MASK_PAINT, MASK_PAINT],
      ['stroke', MASK_BACKGROUND, MASK_BACKGROUND],
    ]);
    // No scaling: the points are the picture's pixels.
    expect(ctx.calls.filter((call) => call.op === 'setTransform').map((call) => call.args)).toEqual(
      [[1, 0, 0, 1, 0, 0]],
    );
    expect(pathPoints(ctx.calls)[0]).toEqual([10, 20]);
  });

  it('encodes a PNG at the natural size', async () => {
    const contexts = installRecordingCanvas();
    const blob = await exportMaskPng([line], NATURAL);
    expect(blob?.type).toBe('image/png');
    const [canvas] = contexts.keys();
    expect(canvas?.width).toBe(1000);
    expect(canvas?.height).toBe(500);
  });

  it('is null when no stroke paints, or when unpaint took all paint away', async () => {
    const contexts = installRecordingCanvas();
    expect(await exportMaskPng([], NATURAL)).toBeNull();
    expect(await exportMaskPng([unpaint], NATURAL)).toBeNull();
    expect(contexts.size).toBe(0);
    const canvas = document.createElement('canvas');
    const ctx = createRecordingContext();
    ctx.hasInk = false;
    canvas.getContext = (() => ctx) as never;
    expect(await exportMaskPng([line, unpaint], NATURAL, () => canvas)).toBeNull();
    ctx.hasInk = true;
    expect(await exportMaskPng([line, unpaint], NATURAL, () => canvas)).not.toBeNull();
  });

  it('fails loudly when the browser gives no 2D canvas', async () => {
    const canvas = document.createElement('canvas');
    canvas.getContext = (() => null) as never;
    await expect(exportMaskPng([line], NATURAL, () => canvas)).rejects.toThrow('2D canvas');
  });

  it('fails loudly when the PNG cannot be encoded', async () => {
    const canvas = document.createElement('canvas');
    canvas.getContext = (() => createRecordingContext()) as never;
    canvas.toBlob = (callback: BlobCallback) => callback(null);
    await expect(exportMaskPng([line], NATURAL, () => canvas)).rejects.toThrow('PNG');
  });
});

describe('finding ink in pixels', () => {
  it('reads the chosen channel of every pixel', () => {
    expect(hasInk([0, 0, 0, 0, 0, 0, 0, 0], 3)).toBe(false);
    expect(hasInk([0, 0, 0, 0, 0, 0, 0, 9], 3)).toBe(true);
    expect(hasInk([0, 0, 0, 255, 0, 0, 0, 255], 0)).toBe(false);
    expect(hasInk([0, 0, 0, 255, 255, 255, 255, 255], 0)).toBe(true);
  });
});

describe('how much of the picture a mask covers (the eraser takes small blemishes only)', () => {
  it('counts the painted share of the pixels in the red channel', () => {
    // Four pixels, one white: a quarter; half-grey counts as painted.
    expect(inkShare([0, 0, 0, 255, 255, 255, 255, 255, 0, 0, 0, 255, 0, 0, 0, 255], 0)).toBe(0.25);
    expect(inkShare([128, 0, 0, 255, 127, 0, 0, 255], 0)).toBe(0.5);
    expect(inkShare([], 0)).toBe(0);
  });

  it('draws the mask small, in picture coordinates, and reads its share', () => {
    const canvas = document.createElement('canvas');
    const ctx = createRecordingContext();
    // The fake's pixels read as all painted.
    canvas.getContext = (() => ctx) as never;
    expect(maskCoverage([dot], NATURAL, () => canvas)).toBe(1);
    // 1000 × 500 is drawn at about 250 000 pixels, scaled from picture coordinates.
    expect([canvas.width, canvas.height]).toEqual([707, 354]);
    const scale = Math.sqrt(250_000 / 500_000);
    expect(ctx.calls.find((call) => call.op === 'setTransform')?.args).toEqual([
      scale,
      0,
      0,
      scale,
      0,
      0,
    ]);
    expect(maskCoverage([], NATURAL, () => canvas)).toBe(0);
  });
});
