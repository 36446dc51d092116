import { describe, expect, it } from 'vitest';
import {
  clampZoomStep,
  clientToPicture,
  displaySize,
  fitScale,
  isFarEnough,
  keepCentre,
  MAX_ZOOM_STEP,
  MIN_ZOOM_STEP,
  OVERLAY_MAX_PIXELS,
  overlayResolution,
  pointSpacing,
  shortcutFor,
  zoomOf,
} from './mask-geometry';

const PHOTO = { width: 4000, height: 3000 };

describe('fitting the picture', () => {
  it('fits a large photo to a 390 px phone by its width', () => {
    const scale = fitScale(PHOTO, { width: 388, height: 590 });
    expect(scale).toBeCloseTo(0.097);
    expect(displaySize(PHOTO, scale ?? 0)).toEqual({ width: 388, height: 291 });
  });

  it('fits a tall picture by the available height', () => {
    expect(fitScale({ width: 1080, height: 1920 }, { width: 800, height: 540 })).toBeCloseTo(
      540 / 1920,
    );
  });

  it('enlarges a small picture to the available width', () => {
    expect(fitScale({ width: 200, height: 100 }, { width: 600, height: 500 })).toBe(3);
  });

  it('has no fit before the picture or the space is known', () => {
    expect(fitScale(null, { width: 600, height: 400 })).toBeNull();
    expect(fitScale(PHOTO, null)).toBeNull();
    expect(fitScale(PHOTO, { width: 0, height: 400 })).toBeNull();
    expect(fitScale({ width: 0, height: 0 }, { width: 600, height: 400 })).toBeNull();
  });

  it('never shows the picture smaller than one pixel', () => {
    expect(displaySize({ width: 10, height: 1 }, 0.01)).toEqual({ width: 1, height: 1 });
  });
});

describe('zoom steps', () => {
  it('goes 25 % per step and comes back to exactly 100 %', () => {
    expect(zoomOf(0)).toBe(1);
    expect(zoomOf(1)).toBe(1.25);
    expect(zoomOf(-1)).toBe(0.8);
    expect(zoomOf(3) * zoomOf(-3)).toBeCloseTo(1, 12);
  });

  it('stays within its bounds', () => {
    expect(clampZoomStep(MAX_ZOOM_STEP + 4)).toBe(MAX_ZOOM_STEP);
    expect(clampZoomStep(MIN_ZOOM_STEP - 4)).toBe(MIN_ZOOM_STEP);
    expect(clampZoomStep(2)).toBe(2);
  });
});

describe('pointer position to picture pixels', () => {
  it('maps the drawn rectangle onto the natural size at fit', () => {
    const rect = { left: 20, top: 100, width: 400, height: 300 };
    expect(clientToPicture(20, 100, rect, PHOTO)).toEqual({ x: 0, y: 0 });
    expect(clientToPicture(220, 250, rect, PHOTO)).toEqual({ x: 2000, y: 1500 });
    expect(clientToPicture(420, 400, rect, PHOTO)).toEqual({ x: 4000, y: 3000 });
  });

  it('lands on the same picture pixel at every zoom', () => {
    const fit = 0.1;
    for (const step of [MIN_ZOOM_STEP, -1, 0, 1, 4, MAX_ZOOM_STEP]) {
      const scale = fit * zoomOf(step);
      // Zoomed in, the picture is scrolled: its rectangle starts left of and above the view.
      const rect = {
        left: 16 - 300 * step,
        top: 80 - 200 * step,
        width: PHOTO.width * scale,
        height: PHOTO.height * scale,
      };
      const target = { x: 1234, y: 2345 };
      const clientX = rect.left + target.x * scale;
      const clientY = rect.top + target.y * scale;
      const point = clientToPicture(clientX, clientY, rect, PHOTO);
      expect(point?.x).toBeCloseTo(target.x, 6);
      expect(point?.y).toBeCloseTo(target.y, 6);
    }
  });

  it('keeps points just outside the picture (a stroke may run off its edge)', () => {
    const point = clientToPicture(-10, 0, { left: 0, top: 0, width: 400, height: 300 }, PHOTO);
    expect(point).toEqual({ x: -100, y: 0 });
  });

  it('gives nothing while the picture has no size on screen', () => {
    expect(clientToPicture(5, 5, { left: 0, top: 0, width: 0, height: 0 }, PHOTO)).toBeNull();
  });
});

describe('stroke points', () => {
  it('keeps points at least a twelfth of the brush apart, and never less than a pixel', () => {
    expect(pointSpacing(120)).toBe(10);
    expect(pointSpacing(5)).toBe(1);
    expect(isFarEnough(undefined, { x: 0, y: 0 }, 10)).toBe(true);
    expect(isFarEnough({ x: 0, y: 0 }, { x: 6, y: 8 }, 10)).toBe(true);
    expect(isFarEnough({ x: 0, y: 0 }, { x: 6, y: 7.9 }, 10)).toBe(false);
  });
});

describe('overlay resolution', () => {
  it('matches the screen: display size times the pixel ratio', () => {
    expect(overlayResolution(PHOTO, 0.1, 2)).toEqual({ width: 800, height: 600 });
    expect(overlayResolution(PHOTO, 0.1, 0)).toEqual({ width: 400, height: 300 });
  });

  it(`stays under ${OVERLAY_MAX_PIXELS} pixels when zoomed far in`, () => {
    const size = overlayResolution(PHOTO, 2, 3);
    expect(size.width * size.height).toBeLessThanOrEqual(OVERLAY_MAX_PIXELS * 1.001);
    expect(size.width / size.height).toBeCloseTo(4 / 3, 2);
  });
});

describe('keeping the centre in view across zoom', () => {
  it('scrolls so the centre point stays put', () => {
    // View 400 wide showing 300..700 of 1000; at 2000 wide the centre 500 becomes 1000.
    expect(keepCentre(300, 400, 1000, 2000)).toBe(800);
  });

  it('never scrolls before the start or past the end', () => {
    expect(keepCentre(0, 400, 1000, 500)).toBe(0);
    expect(keepCentre(600, 400, 1000, 1100)).toBe(680);
    expect(keepCentre(600, 400, 1000, 900)).toBe(500);
    expect(keepCentre(10, 400, 0, 500)).toBe(0);
  });
});

describe('keyboard shortcuts', () => {
  const key = (key: string, extra: Partial<KeyboardEvent> = {}) => ({
    key,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    ...extra,
  });

  it('undoes with Ctrl+Z and Cmd+Z', () => {
    expect(shortcutFor(key('z', { ctrlKey: true }))).toBe('undo');
    expect(shortcutFor(key('z', { metaKey: true }))).toBe('undo');
  });

  it('redoes with Ctrl+Shift+Z, Cmd+Shift+Z and Ctrl+Y', () => {
    expect(shortcutFor(key('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(shortcutFor(key('Z', { metaKey: true, shiftKey: true }))).toBe('redo');
    expect(shortcutFor(key('y', { ctrlKey: true }))).toBe('redo');
  });

  it('leaves other keys alone', () => {
    expect(shortcutFor(key('z'))).toBeNull();
    expect(shortcutFor(key('z', { ctrlKey: true, altKey: true }))).toBeNull();
    expect(shortcutFor(key('y', { ctrlKey: true, shiftKey: true }))).toBeNull();
    expect(shortcutFor(key('c', { ctrlKey: true }))).toBeNull();
  });
});
