import { parseDxf, type TDxfEntity, type TPoint } from './dxf-parse';

/**
 * DXF entities as SVG path data. DXF's Y axis points up and SVG's down, so
 * every Y is negated; arcs keep their true shape (SVG `A` commands) and their
 * bounds are exact. Splines and ellipses become polylines.
 */
export type TBounds = { minX: number; minY: number; maxX: number; maxY: number };

export type TDxfUnit = 'unitless' | 'in' | 'ft' | 'mm' | 'cm' | 'm';

export type TDxfSvg = {
  /** One path per entity, in drawing units, Y already flipped. */
  paths: string[];
  /** In DXF coordinates (Y up); null when nothing was drawn. */
  bounds: TBounds | null;
  width: number;
  height: number;
  /** Bounds with a small margin, in the flipped SVG space. */
  viewBox: string;
  unit: TDxfUnit;
};

/** $INSUNITS codes the preview names; everything else shows as drawing units. */
const UNITS = new Map<number, TDxfUnit>([
  [1, 'in'],
  [2, 'ft'],
  [4, 'mm'],
  [5, 'cm'],
  [6, 'm'],
]);

const SEGMENTS_PER_TURN = 72;

/** The point at an angle in degrees; exact on the axes, so bounds come out as 0, not 6e-16. */
function onCircle(center: TPoint, radius: number, deg: number): TPoint {
  const turn = ((deg % 360) + 360) % 360;
  const axis = turn % 90 === 0 ? turn / 90 : -1;
  const cos = axis === -1 ? Math.cos((deg * Math.PI) / 180) : ([1, 0, -1, 0][axis] as number);
  const sin = axis === -1 ? Math.sin((deg * Math.PI) / 180) : ([0, 1, 0, -1][axis] as number);
  return { x: center.x + radius * cos, y: center.y + radius * sin };
}

/** Short numbers keep the markup small; -0 would print as '0' anyway. */
const n = (value: number) => String(Number(value.toFixed(4)) || 0);
const xy = (point: TPoint) => `${n(point.x)} ${n(-point.y)}`;

class BoundsBuilder {
  private box: TBounds | null = null;

  add(point: TPoint) {
    if (!Number.isFinite(point.x) || !Number.isFinite(point.y)) return;
    const box = this.box;
    this.box = box
      ? {
          minX: Math.min(box.minX, point.x),
          minY: Math.min(box.minY, point.y),
          maxX: Math.max(box.maxX, point.x),
          maxY: Math.max(box.maxY, point.y),
        }
      : { minX: point.x, minY: point.y, maxX: point.x, maxY: point.y };
  }

  /** An arc's extent: its end points and each axis crossing inside its sweep. */
  addArc(center: TPoint, radius: number, startDeg: number, sweepDeg: number) {
    const at = (deg: number) => onCircle(center, radius, deg);
    this.add(at(startDeg));
    this.add(at(startDeg + sweepDeg));
    for (let axis = Math.ceil(startDeg / 90) * 90; axis < startDeg + sweepDeg; axis += 90) {
      this.add(at(axis));
    }
  }

  get value() {
    return this.box;
  }
}

const circlePath = (center: TPoint, r: number) => {
  const right = { x: center.x + r, y: center.y };
  const left = { x: center.x - r, y: center.y };
  return `M ${xy(right)} A ${n(r)} ${n(r)} 0 1 0 ${xy(left)} A ${n(r)} ${n(r)} 0 1 0 ${xy(right)} Z`;
};

const polylinePath = (points: TPoint[], closed: boolean) =>
  points.length < 2 ? '' : `M ${points.map(xy).join(' L ')}${closed ? ' Z' : ''}`;

/**
 * A bulged polyline segment is a circular arc: bulge = tan(angle / 4), and a
 * positive bulge turns counter-clockwise.
 */
function bulgeSegment(from: TPoint, to: TPoint, bulge: number, bounds: BoundsBuilder): string {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const chord = Math.hypot(dx, dy);
  if (bulge === 0 || chord === 0) return ` L ${xy(to)}`;
  const angle = 4 * Math.atan(bulge);
  const radius = chord / (2 * Math.sin(Math.abs(angle) / 2));
  const offset = ((chord / 2) * (1 - bulge * bulge)) / (2 * bulge);
  const center = {
    x: (from.x + to.x) / 2 - (dy / chord) * offset,
    y: (from.y + to.y) / 2 + (dx / chord) * offset,
  };
  const fromDeg = (Math.atan2(from.y - center.y, from.x - center.x) * 180) / Math.PI;
  const toDeg = (Math.atan2(to.y - center.y, to.x - center.x) * 180) / Math.PI;
  const sweep = Math.abs(angle * 180) / Math.PI;
  bounds.addArc(center, radius, bulge > 0 ? fromDeg : toDeg, sweep);
  // Counter-clockwise in Y-up space is sweep-flag 0 once Y is flipped.
  const large = Math.abs(angle) > Math.PI ? 1 : 0;
  return ` A ${n(radius)} ${n(radius)} 0 ${large} ${bulge > 0 ? 0 : 1} ${xy(to)}`;
}

/** A point on a (rational) B-spline by de Boor's algorithm. */
function deBoor(degree: number, points: TPoint[], knots: number[], weights: number[], t: number) {
  let span = degree;
  while (span < points.length - 1 && t >= (knots[span + 1] ?? 0)) span += 1;
  const d = Array.from({ length: degree + 1 }, (_, j) => {
    const point = points[span - degree + j] ?? { x: 0, y: 0 };
    const w = weights[span - degree + j] ?? 1;
    return { x: point.x * w, y: point.y * w, w };
  });
  for (let r = 1; r <= degree; r += 1) {
    for (let j = degree; j >= r; j -= 1) {
      const i = span - degree + j;
      const left = knots[i] ?? 0;
      const denominator = (knots[i + degree - r + 1] ?? 0) - left;
      const alpha = denominator === 0 ? 0 : (t - left) / denominator;
      const a = d[j - 1] as (typeof d)[number];
      const b = d[j] as (typeof d)[number];
      d[j] = {
        x: (1 - alpha) * a.x + alpha * b.x,
        y: (1 - alpha) * a.y + alpha * b.y,
        w: (1 - alpha) * a.w + alpha * b.w,
      };
    }
  }
  const last = d[degree] as (typeof d)[number];
  return { x: last.x / (last.w || 1), y: last.y / (last.w || 1) };
}

function splinePoints(entity: Extract<TDxfEntity, { type: 'spline' }>): TPoint[] {
  const { degree, controlPoints: points, knots, weights } = entity;
  const valid =
    degree >= 1 && points.length > degree && knots.length === points.length + degree + 1;
  if (!valid) return entity.fitPoints.length >= 2 ? entity.fitPoints : points;
  const start = knots[degree] ?? 0;
  const end = knots[points.length] ?? 1;
  const samples = Math.min(2000, Math.max(32, points.length * 8));
  return Array.from({ length: samples + 1 }, (_, index) =>
    deBoor(degree, points, knots, weights, start + ((end - start) * index) / samples),
  );
}

function ellipsePoints(entity: Extract<TDxfEntity, { type: 'ellipse' }>): TPoint[] {
  const { center, majorAxis: major, ratio, startParam } = entity;
  let sweep = entity.endParam - startParam;
  if (sweep <= 0) sweep += Math.PI * 2;
  const minor = { x: -major.y * ratio * entity.minorSign, y: major.x * ratio * entity.minorSign };
  const steps = Math.max(8, Math.ceil((SEGMENTS_PER_TURN * sweep) / (Math.PI * 2)));
  return Array.from({ length: steps + 1 }, (_, index) => {
    const t = startParam + (sweep * index) / steps;
    return {
      x: center.x + major.x * Math.cos(t) + minor.x * Math.sin(t),
      y: center.y + major.y * Math.cos(t) + minor.y * Math.sin(t),
    };
  });
}

function entityPath(entity: TDxfEntity, bounds: BoundsBuilder): string {
  switch (entity.type) {
    case 'line':
      bounds.add(entity.start);
      bounds.add(entity.end);
      return `M ${xy(entity.start)} L ${xy(entity.end)}`;
    case 'circle':
      if (entity.radius <= 0) return '';
      bounds.addArc(entity.center, entity.radius, 0, 360);
      return circlePath(entity.center, entity.radius);
    case 'arc': {
      const { center, radius, startAngle } = entity;
      const sweep = (((entity.endAngle - startAngle) % 360) + 360) % 360 || 360;
      if (radius <= 0) return '';
      if (sweep === 360) return entityPath({ type: 'circle', center, radius }, bounds);
      bounds.addArc(center, radius, startAngle, sweep);
      const from = onCircle(center, radius, startAngle);
      const to = onCircle(center, radius, startAngle + sweep);
      return `M ${xy(from)} A ${n(radius)} ${n(radius)} 0 ${sweep > 180 ? 1 : 0} 0 ${xy(to)}`;
    }
    case 'polyline': {
      const { vertices, closed } = entity;
      const first = vertices[0];
      if (!first || vertices.length < 2) return '';
      bounds.add(first);
      let d = `M ${xy(first)}`;
      const count = closed ? vertices.length : vertices.length - 1;
      for (let index = 0; index < count; index += 1) {
        const from = vertices[index] as (typeof vertices)[number];
        const to = vertices[(index + 1) % vertices.length] as (typeof vertices)[number];
        bounds.add(to);
        d += bulgeSegment(from, to, from.bulge, bounds);
      }
      return closed ? `${d} Z` : d;
    }
    case 'ellipse':
    case 'spline': {
      const points = entity.type === 'ellipse' ? ellipsePoints(entity) : splinePoints(entity);
      for (const point of points) bounds.add(point);
      return polylinePath(points, entity.type === 'spline' && entity.closed);
    }
  }
}

export function dxfToSvg(text: string): TDxfSvg {
  const { entities, insUnits } = parseDxf(text);
  const bounds = new BoundsBuilder();
  const paths = entities.map((entity) => entityPath(entity, bounds)).filter(Boolean);
  const box = paths.length ? bounds.value : null;
  const width = box ? box.maxX - box.minX : 0;
  const height = box ? box.maxY - box.minY : 0;
  // A margin keeps edge strokes visible; a lone horizontal line still gets a height.
  const margin = Math.max(width, height) * 0.02 || 1;
  const viewBox = box
    ? [box.minX - margin, -box.maxY - margin, width + 2 * margin, height + 2 * margin]
        .map(n)
        .join(' ')
    : '0 0 1 1';
  return { paths, bounds: box, width, height, viewBox, unit: UNITS.get(insUnits) ?? 'unitless' };
}
