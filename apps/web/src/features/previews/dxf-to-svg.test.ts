import { describe, expect, it } from 'vitest';
import { parseDxf } from './dxf-parse';
import { dxfToSvg } from './dxf-to-svg';

/** Group code / value lines as CAD programs write them (codes right-aligned, CRLF). */
const dxf = (...pairs: (string | number)[][]) =>
  pairs
    .flat()
    .map((item, index) => (index % 2 === 0 ? String(item).padStart(3) : String(item)))
    .join('\r\n');

const section = (name: string, ...body: (string | number)[][]) => [
  [0, 'SECTION', 2, name],
  ...body,
  [0, 'ENDSEC'],
];

/** A 100 x 50 mm laser panel: an edge line, a 20 mm hole and the outline. */
const PANEL = dxf(
  ...section('HEADER', [9, '$ACADVER', 1, 'AC1015'], [9, '$INSUNITS', 70, 4]),
  ...section(
    'ENTITIES',
    [0, 'LINE', 5, '2A', 100, 'AcDbEntity', 8, 'cut', 100, 'AcDbLine'],
    [10, '0.0', 20, '0.0', 30, '0.0', 11, '100.0', 21, '0.0', 31, '0.0'],
    [0, 'CIRCLE', 5, '2B', 100, 'AcDbEntity', 8, 'cut', 100, 'AcDbCircle'],
    [10, '50.0', 20, '25.0', 30, '0.0', 40, '10.0'],
    [0, 'LWPOLYLINE', 5, '2C', 100, 'AcDbEntity', 8, 'cut', 100, 'AcDbPolyline', 90, 4, 70, 1],
    [10, '0.0', 20, '0.0', 10, '100.0', 20, '0.0', 10, '100.0', 20, '50.0', 10, '0.0', 20, '50.0'],
  ),
  [0, 'EOF'],
);

const entities = (...body: (string | number)[][]) =>
  dxfToSvg(dxf(...section('ENTITIES', ...body), [0, 'EOF']));

describe('DXF to SVG (vector preview)', () => {
  it('draws LINE, CIRCLE and LWPOLYLINE with Y flipped and measures the drawing', () => {
    const drawing = dxfToSvg(PANEL);
    expect(drawing.paths).toEqual([
      'M 0 0 L 100 0',
      'M 60 -25 A 10 10 0 1 0 40 -25 A 10 10 0 1 0 60 -25 Z',
      'M 0 0 L 100 0 L 100 -50 L 0 -50 L 0 0 Z',
    ]);
    expect(drawing.bounds).toEqual({ minX: 0, minY: 0, maxX: 100, maxY: 50 });
    expect(drawing.width).toBe(100);
    expect(drawing.height).toBe(50);
    // 2 % margin of the larger side, in flipped space: the top edge is at y = -50.
    expect(drawing.viewBox).toBe('-2 -52 104 54');
    expect(drawing.unit).toBe('mm');
  });

  it('reads LF-only files and names drawings without units as unitless', () => {
    const drawing = dxfToSvg(PANEL.replaceAll('\r\n', '\n').replace('$INSUNITS', '$MEASUREMENT'));
    expect(drawing.paths).toHaveLength(3);
    expect(drawing.unit).toBe('unitless');
  });

  it('bounds an arc by its sweep, not its full circle', () => {
    const drawing = entities([0, 'ARC', 10, 0, 20, 0, 40, 10, 50, 0, 51, 90]);
    expect(drawing.paths).toEqual(['M 10 0 A 10 10 0 0 0 0 -10']);
    expect(drawing.bounds).toEqual({ minX: 0, minY: 0, maxX: 10, maxY: 10 });
  });

  it('draws an arc that wraps past 0 degrees through the right-hand extreme', () => {
    const drawing = entities([0, 'ARC', 10, 0, 20, 0, 40, 10, 50, 270, 51, 90]);
    expect(drawing.bounds?.maxX).toBeCloseTo(10);
    expect(drawing.bounds?.minX).toBeCloseTo(0);
    expect(drawing.paths[0]).toMatch(/^M 0 10 A 10 10 0 0 0 0 -10$/);
  });

  it('mirrors entities written with extrusion (0, 0, -1)', () => {
    const drawing = entities([0, 'CIRCLE', 10, 30, 20, 5, 40, 2, 210, 0, 220, 0, 230, -1]);
    expect(drawing.bounds).toEqual({ minX: -32, minY: 3, maxX: -28, maxY: 7 });
  });

  it('turns a polyline bulge into a true arc and bounds its belly', () => {
    const drawing = entities([0, 'LWPOLYLINE', 90, 2, 70, 0, 10, 0, 20, 0, 42, 1, 10, 10, 20, 0]);
    // bulge 1 is a counter-clockwise half circle: from (0,0) down through (5,-5) to (10,0).
    expect(drawing.paths).toEqual(['M 0 0 A 5 5 0 0 0 10 0']);
    expect(drawing.bounds?.minY).toBeCloseTo(-5);
    expect(drawing.bounds?.maxY).toBeCloseTo(0);
  });

  it('collects old-style POLYLINE vertices up to SEQEND', () => {
    const drawing = entities(
      [0, 'POLYLINE', 66, 1, 70, 1],
      [0, 'VERTEX', 10, 0, 20, 0],
      [0, 'VERTEX', 10, 20, 20, 0],
      [0, 'VERTEX', 10, 20, 20, 10],
      [0, 'SEQEND'],
      [0, 'LINE', 10, 0, 20, 0, 11, 0, 21, 30],
    );
    expect(drawing.paths).toEqual(['M 0 0 L 20 0 L 20 -10 L 0 0 Z', 'M 0 0 L 0 -30']);
    expect(drawing.bounds).toEqual({ minX: 0, minY: 0, maxX: 20, maxY: 30 });
  });

  it('approximates a SPLINE from its control points and knots', () => {
    // A clamped quadratic: the Bezier curve through (0,0) and (20,0) peaking at y = 5.
    const drawing = entities(
      [0, 'SPLINE', 70, 8, 71, 2, 72, 6, 73, 3],
      [40, 0, 40, 0, 40, 0, 40, 1, 40, 1, 40, 1],
      [10, 0, 20, 0, 10, 10, 20, 10, 10, 20, 20, 0],
    );
    expect(drawing.paths[0]).toMatch(/^M 0 0 L .* L 20 0$/);
    expect(drawing.bounds?.maxY).toBeCloseTo(5, 5);
    expect(drawing.bounds?.maxX).toBeCloseTo(20, 5);
  });

  it('falls back to the fit points when a spline has no usable knots', () => {
    const drawing = entities([
      0,
      'SPLINE',
      71,
      3,
      74,
      3,
      11,
      0,
      21,
      0,
      11,
      5,
      21,
      8,
      11,
      10,
      21,
      0,
    ]);
    expect(drawing.paths).toEqual(['M 0 0 L 5 -8 L 10 0']);
  });

  it('samples an ELLIPSE', () => {
    const drawing = entities([
      0,
      'ELLIPSE',
      10,
      0,
      20,
      0,
      11,
      20,
      21,
      0,
      40,
      0.5,
      41,
      0,
      42,
      6.283185307,
    ]);
    expect(drawing.bounds?.minX).toBeCloseTo(-20);
    expect(drawing.bounds?.maxX).toBeCloseTo(20);
    expect(drawing.bounds?.maxY).toBeCloseTo(10);
  });

  it('ignores entities outside ENTITIES and those it does not draw', () => {
    const drawing = dxfToSvg(
      dxf(
        ...section('BLOCKS', [0, 'BLOCK', 2, 'B'], [0, 'LINE', 10, 0, 20, 0, 11, 999, 21, 999]),
        ...section(
          'ENTITIES',
          [0, 'TEXT', 10, 0, 20, 0, 1, 'Hello'],
          [0, 'LINE', 10, 1, 20, 1, 11, 2, 21, 2],
        ),
        [0, 'EOF'],
      ),
    );
    expect(drawing.paths).toEqual(['M 1 -1 L 2 -2']);
  });

  it('answers an empty drawing for text that is not DXF', () => {
    expect(dxfToSvg('hello\nworld')).toMatchObject({
      paths: [],
      bounds: null,
      width: 0,
      height: 0,
    });
    expect(dxfToSvg('')).toMatchObject({ paths: [], bounds: null });
    expect(parseDxf('AutoCAD Binary DXF\r\n\u001a\u0000').entities).toEqual([]);
  });
});
