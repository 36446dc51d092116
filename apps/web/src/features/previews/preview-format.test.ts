import { describe, expect, it } from 'vitest';
import { formatDrawingLength, formatModelDimensions } from './preview-format';

describe('model dimensions label (millimetres, 0.1 mm)', () => {
  it('measures X × Y × Z from a bounding box with one decimal', () => {
    expect(
      formatModelDimensions({ min: { x: -10, y: -5.04, z: 0 }, max: { x: 10, y: 5, z: 12.345 } }),
    ).toEqual({ x: '20.0', y: '10.0', z: '12.3' });
  });

  it('rounds half-way lengths and never shows -0.0', () => {
    expect(
      formatModelDimensions({ min: { x: 0, y: 0, z: 1e-9 }, max: { x: 0.25, y: 199.96, z: 1e-9 } }),
    ).toEqual({ x: '0.3', y: '200.0', z: '0.0' });
  });

  it('answers null for an empty box (three.js starts boxes at +Infinity / -Infinity)', () => {
    const inf = Number.POSITIVE_INFINITY;
    expect(
      formatModelDimensions({
        min: { x: inf, y: inf, z: inf },
        max: { x: -inf, y: -inf, z: -inf },
      }),
    ).toBeNull();
    expect(
      formatModelDimensions({ min: { x: 0, y: 0, z: 0 }, max: { x: Number.NaN, y: 1, z: 1 } }),
    ).toBeNull();
  });
});

describe('drawing size label', () => {
  it('keeps up to two decimals without trailing zeros', () => {
    expect(formatDrawingLength(100)).toBe('100');
    expect(formatDrawingLength(12.5)).toBe('12.5');
    expect(formatDrawingLength(0.254)).toBe('0.25');
    expect(formatDrawingLength(-0.001)).toBe('0');
    expect(formatDrawingLength(Number.NaN)).toBe('0');
  });
});
