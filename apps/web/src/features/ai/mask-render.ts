import type { TSize } from './mask-geometry';
import {
  hasPaint,
  hasUnpaint,
  type TBrushMode,
  type TPoint,
  type TStroke,
  type TStrokes,
} from './mask-history';

/** The part of a 2D context the mask needs (tests pass a recorder). */
export type TStrokeContext = Pick<
  CanvasRenderingContext2D,
  | 'arc'
  | 'beginPath'
  | 'clearRect'
  | 'fill'
  | 'fillRect'
  | 'lineTo'
  | 'moveTo'
  | 'setTransform'
  | 'stroke'
  | 'fillStyle'
  | 'strokeStyle'
  | 'globalCompositeOperation'
  | 'lineCap'
  | 'lineJoin'
  | 'lineWidth'
>;

/**
 * Solid on the canvas; the canvas itself is shown half transparent, so
 * overlapping strokes do not add up to a darker red.
 */
export const OVERLAY_COLOR = '#ff1f3d';
export const MASK_PAINT = '#ffffff';
export const MASK_BACKGROUND = '#000000';

/**
 * Draws a polyline with round caps and joins: consecutive pointer positions
 * are joined by straight segments, so a fast stroke stays continuous. A
 * single point is a dot of the brush's size.
 */
export function traceStroke(ctx: TStrokeContext, points: readonly TPoint[], size: number): void {
  const [first, ...rest] = points;
  if (!first) return;
  ctx.beginPath();
  if (rest.length === 0) {
    ctx.arc(first.x, first.y, size / 2, 0, Math.PI * 2);
    ctx.fill();
    return;
  }
  ctx.lineWidth = size;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.moveTo(first.x, first.y);
  for (const point of rest) ctx.lineTo(point.x, point.y);
  ctx.stroke();
}

/** Picture pixels to canvas pixels, whatever the canvas's backing size. */
export function setPictureSpace(ctx: TStrokeContext, canvas: TSize, natural: TSize): void {
  ctx.setTransform(canvas.width / natural.width, 0, 0, canvas.height / natural.height, 0, 0);
}

/** Paint adds red; unpaint cuts it out again. */
export function setOverlayBrush(ctx: TStrokeContext, mode: TBrushMode): void {
  ctx.globalCompositeOperation = mode === 'paint' ? 'source-over' : 'destination-out';
  ctx.fillStyle = OVERLAY_COLOR;
  ctx.strokeStyle = OVERLAY_COLOR;
}

/** Replays every stroke onto the on-screen overlay. */
export function renderOverlay(
  ctx: TStrokeContext,
  strokes: TStrokes,
  canvas: TSize,
  natural: TSize,
): void {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalCompositeOperation = 'source-over';
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  setPictureSpace(ctx, canvas, natural);
  for (const stroke of strokes) {
    setOverlayBrush(ctx, stroke.mode);
    traceStroke(ctx, stroke.points, stroke.size);
  }
  ctx.globalCompositeOperation = 'source-over';
}

/**
 * The mask the erase engine reads, at the picture's natural size: black
 * everywhere, white where painted, black again where unpainted.
 */
export function renderMask(
  ctx: TStrokeContext,
  strokes: TStrokes,
  natural: TSize,
  scale = 1,
): void {
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.globalCompositeOperation = 'source-over';
  ctx.fillStyle = MASK_BACKGROUND;
  ctx.fillRect(0, 0, natural.width, natural.height);
  for (const stroke of strokes) {
    const colour = strokeColour(stroke);
    ctx.fillStyle = colour;
    ctx.strokeStyle = colour;
    traceStroke(ctx, stroke.points, stroke.size);
  }
}

const strokeColour = (stroke: TStroke) => (stroke.mode === 'paint' ? MASK_PAINT : MASK_BACKGROUND);

/**
 * Whether any pixel of RGBA data has a non-zero value in one channel: 3
 * (alpha) for the overlay, 0 (red) for the black-and-white mask.
 */
export function hasInk(data: ArrayLike<number>, channel: 0 | 3): boolean {
  for (let index = channel; index < data.length; index += 4) {
    if ((data[index] ?? 0) > 0) return true;
  }
  return false;
}

/** Share (0-1) of the pixels whose `channel` is painted (half or more). */
export function inkShare(data: ArrayLike<number>, channel: 0 | 3): number {
  const pixels = Math.floor(data.length / 4);
  if (pixels === 0) return 0;
  let painted = 0;
  for (let index = channel; index < data.length; index += 4) {
    if ((data[index] ?? 0) >= 128) painted++;
  }
  return painted / pixels;
}

/**
 * Share of the picture the mask covers, drawn at a size of at most about
 * 250 000 pixels (enough for a percentage): the eraser is for small
 * blemishes and refuses masks over ERASE_MAX_MASK_PERCENT, so the editor
 * says so before sending one.
 */
export function maskCoverage(
  strokes: TStrokes,
  natural: TSize,
  createCanvas: () => HTMLCanvasElement = () => document.createElement('canvas'),
): number {
  if (!hasPaint(strokes)) return 0;
  const scale = Math.min(1, Math.sqrt(250_000 / (natural.width * natural.height)));
  const size = {
    width: Math.max(1, Math.round(natural.width * scale)),
    height: Math.max(1, Math.round(natural.height * scale)),
  };
  const canvas = createCanvas();
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return 0;
  renderMask(ctx, strokes, natural, scale);
  return inkShare(ctx.getImageData(0, 0, size.width, size.height).data, 0);
}

/** The mask as a PNG at the picture's natural size; null when no paint is left. */
export async function exportMaskPng(
  strokes: TStrokes,
  natural: TSize,
  createCanvas: () => HTMLCanvasElement = () => document.createElement('canvas'),
): Promise<Blob | null> {
  if (!hasPaint(strokes)) return null;
  const canvas = createCanvas();
  canvas.width = natural.width;
  canvas.height = natural.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw the mask (no 2D canvas).');
  renderMask(ctx, strokes, natural);
  if (hasUnpaint(strokes)) {
    const pixels = ctx.getImageData(0, 0, natural.width, natural.height);
    if (!hasInk(pixels.data, 0)) return null;
  }
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The mask could not be encoded as PNG.'))),
      'image/png',
    );
  });
}
