import { fireEvent, screen } from '@testing-library/react';
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
    /** Of its pixels, the share painted when it has ink (1000 pixels are read). */
    paintedShare: 1,
    getImageData: () => {
      const painted = ctx.hasInk ? Math.round(ctx.paintedShare * 1000) : 0;
      const data = new Uint8ClampedArray(4000);
      data.fill(255, 0, painted * 4);
      return { data };
    },
  } as Record<string, unknown> & {
    calls: TCanvasCall[];
    hasInk: boolean;
    paintedShare: number;
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
 * PNG-typed Blob. New contexts take `ink.hasInk` (and `ink.paintedShare`, else
 * all) at the time they are made.
 */
export function installRecordingCanvas(
  ink: { hasInk: boolean; paintedShare?: number } = { hasInk: true },
) {
  const contexts = new Map<HTMLCanvasElement, TRecordingContext>();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
    this: HTMLCanvasElement,
  ) {
    let ctx = contexts.get(this);
    if (!ctx) {
      ctx = createRecordingContext();
      ctx.hasInk = ink.hasInk;
      ctx.paintedShare = ink.paintedShare ?? 1;
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

/** Where the picture starts on screen in these tests (before scrolling). */
export const ORIGIN = { left: 10, top: 20 };
const VIEW_WIDTH = 500;

/**
 * jsdom has no layout: the editor's view is VIEW_WIDTH px wide and the
 * picture sits at ORIGIN, moved by the view's scroll, as its stage says.
 */
export function layOutMaskEditor() {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.classList.contains('mask-editor__viewport') ? VIEW_WIDTH : 0;
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLCanvasElement,
  ) {
    const stage = this.parentElement as HTMLElement;
    const viewport = stage.parentElement as HTMLElement;
    const width = Number.parseFloat(stage.style.width);
    const height = Number.parseFloat(stage.style.height);
    const left = ORIGIN.left - viewport.scrollLeft;
    const top = ORIGIN.top - viewport.scrollTop;
    return {
      left,
      top,
      width,
      height,
      x: left,
      y: top,
      right: left + width,
      bottom: top + height,
      toJSON: () => ({}),
    };
  });
}

/** Lets the picture "load" at its natural size; at fit it is 500 x 250 on screen. */
export function loadPicture(width = 1000, height = 500) {
  const image = screen.getByRole('img', { name: 'Picture to edit' });
  Object.defineProperty(image, 'naturalWidth', { configurable: true, value: width });
  Object.defineProperty(image, 'naturalHeight', { configurable: true, value: height });
  fireEvent.load(image);
  return screen.getByTestId('mask-overlay') as HTMLCanvasElement;
}

type TPointerInit = { pointerId?: number; pointerType?: string; button?: number };

/** Drags through client positions (relative to where the picture starts on screen). */
export function drag(
  canvas: HTMLCanvasElement,
  points: [number, number][],
  init: TPointerInit = {},
) {
  const options = { pointerId: 1, pointerType: 'mouse', button: 0, ...init };
  const at = ([x, y]: [number, number]) => ({ clientX: ORIGIN.left + x, clientY: ORIGIN.top + y });
  const [first, ...rest] = points;
  if (!first) return;
  fireEvent.pointerDown(canvas, { ...options, ...at(first) });
  for (const point of rest) fireEvent.pointerMove(canvas, { ...options, ...at(point) });
  fireEvent.pointerUp(canvas, { ...options, ...at(points.at(-1) ?? first) });
}
