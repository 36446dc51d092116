import { vi } from 'vitest';

/** One drawing call, with the brush state it was made with. */
export type TCanvasCall = {
  op: string;
  args: number[];
  style: { fill: string; stroke: string; composite: string; width: number; cap: string };
};

/**
 * A 2D context that records what is drawn (jsdom has no canvas). `hasInk`
 * is what its pixels report: set it to false to act as if unpaint strokes
 * took every painted pixel away.
 */
export function createRecordingContext() {
  const calls: TCanvasCall[] = [];
  const ctx = {
    calls,
    hasInk: true,
    fillStyle: '#000000',
    strokeStyle: '#000000',
    globalCompositeOperation: 'source-over',
    lineCap: 'butt',
    lineJoin: 'miter',
    lineWidth: 1,
    getImageData: () => {
      const value = ctx.hasInk ? 255 : 0;
      return { data: Uint8ClampedArray.of(value, value, value, value) };
    },
  } as Record<string, unknown> & {
    calls: TCanvasCall[];
    hasInk: boolean;
    fillStyle: string;
    strokeStyle: string;
    globalCompositeOperation: string;
    lineCap: string;
    lineWidth: number;
  };
  const record =
    (op: string) =>
    (...args: number[]) => {
      calls.push({
        op,
        args,
        style: {
          fill: ctx.fillStyle,
          stroke: ctx.strokeStyle,
          composite: ctx.globalCompositeOperation,
          width: ctx.lineWidth,
          cap: ctx.lineCap,
        },
      });
    };
  for (const op of [
    'arc',
    'beginPath',
    'clearRect',
    'fill',
    'fillRect',
    'lineTo',
    'moveTo',
    'setTransform',
    'stroke',
  ]) {
    ctx[op] = record(op);
  }
  return ctx;
}

export type TRecordingContext = ReturnType<typeof createRecordingContext>;

/**
 * Gives every canvas its own recording context; toBlob answers a small
 * PNG-typed Blob. New contexts take `ink.hasInk` at the time they are made.
 */
export function installRecordingCanvas(ink = { hasInk: true }) {
  const contexts = new Map<HTMLCanvasElement, TRecordingContext>();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
    this: HTMLCanvasElement,
  ) {
    let ctx = contexts.get(this);
    if (!ctx) {
      ctx = createRecordingContext();
      ctx.hasInk = ink.hasInk;
      contexts.set(this, ctx);
    }
    return ctx as never;
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
    this: HTMLCanvasElement,
    callback: BlobCallback,
    type?: string,
  ) {
    callback(new Blob([`${this.width}x${this.height}`], { type: type ?? 'image/png' }));
  });
  return contexts;
}

/** The moveTo/lineTo/arc points drawn, as [x, y] pairs. */
export const pathPoints = (calls: TCanvasCall[]) =>
  calls
    .filter((call) => call.op === 'moveTo' || call.op === 'lineTo' || call.op === 'arc')
    .map((call) => [call.args[0], call.args[1]]);
