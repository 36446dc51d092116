import type { TPoint } from './mask-history';

export type TSize = { width: number; height: number };
export type TRect = { left: number; top: number; width: number; height: number };

/** Brush diameters in picture pixels. */
export const BRUSH_MIN = 5;
export const BRUSH_MAX = 120;
export const BRUSH_DEFAULT = 40;

/** Zoom is 1.25 to the power of a whole step, relative to "fit": no drift after in-and-out. */
export const ZOOM_FACTOR = 1.25;
export const MIN_ZOOM_STEP = -3;
export const MAX_ZOOM_STEP = 9;

/** The overlay's backing store stays under this many pixels (phones cap canvas memory). */
export const OVERLAY_MAX_PIXELS = 4_000_000;

const isUsable = (size: TSize | null): size is TSize => !!size && size.width > 0 && size.height > 0;

/** The scale at which the whole picture fits the available box (upscaling small pictures too). */
export function fitScale(natural: TSize | null, available: TSize | null): number | null {
  if (!isUsable(natural) || !isUsable(available)) return null;
  return Math.min(available.width / natural.width, available.height / natural.height);
}

export const zoomOf = (step: number) => ZOOM_FACTOR ** step;

export const clampZoomStep = (step: number) =>
  Math.min(MAX_ZOOM_STEP, Math.max(MIN_ZOOM_STEP, Math.round(step)));

/** The picture's size on screen, in CSS pixels. */
export function displaySize(natural: TSize, scale: number): TSize {
  return {
    width: Math.max(1, Math.floor(natural.width * scale)),
    height: Math.max(1, Math.floor(natural.height * scale)),
  };
}

/**
 * A pointer position (client coordinates) as a point on the picture. `rect` is
 * where the picture is drawn right now, so zoom and scrolling are accounted for.
 */
export function clientToPicture(
  clientX: number,
  clientY: number,
  rect: TRect,
  natural: TSize,
): TPoint | null {
  if (!(rect.width > 0) || !(rect.height > 0) || !isUsable(natural)) return null;
  return {
    x: ((clientX - rect.left) * natural.width) / rect.width,
    y: ((clientY - rect.top) * natural.height) / rect.height,
  };
}

/** The least distance between two stored points of a stroke: finer detail is invisible under the brush. */
export const pointSpacing = (brushSize: number) => Math.max(1, brushSize / 12);

/** Whether `next` is far enough from the stroke's last point to be kept. */
export function isFarEnough(last: TPoint | undefined, next: TPoint, spacing: number): boolean {
  if (!last) return true;
  return Math.hypot(next.x - last.x, next.y - last.y) >= spacing;
}

/**
 * The overlay canvas's backing size: sharp on the screen it is shown on
 * (display scale x device pixel ratio) but never above OVERLAY_MAX_PIXELS.
 */
export function overlayResolution(
  natural: TSize,
  displayScale: number,
  pixelRatio: number,
  maxPixels = OVERLAY_MAX_PIXELS,
): TSize {
  const sharp = displayScale * (pixelRatio > 0 ? pixelRatio : 1);
  const capped = Math.sqrt(maxPixels / (natural.width * natural.height));
  const scale = Math.min(sharp, capped);
  return {
    width: Math.max(1, Math.round(natural.width * scale)),
    height: Math.max(1, Math.round(natural.height * scale)),
  };
}

/** Keeps the point at the viewport's centre in place when the picture grows or shrinks. */
export function keepCentre(
  scroll: number,
  viewport: number,
  oldLength: number,
  newLength: number,
): number {
  if (!(oldLength > 0)) return 0;
  const centre = ((scroll + viewport / 2) * newLength) / oldLength;
  return Math.max(0, Math.min(newLength - viewport, centre - viewport / 2));
}

type TShortcutKey = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

/** Ctrl/Cmd+Z undoes; Ctrl/Cmd+Shift+Z and Ctrl/Cmd+Y redo. */
export function shortcutFor(event: TShortcutKey): 'undo' | 'redo' | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !event.shiftKey) return 'redo';
  return null;
}
