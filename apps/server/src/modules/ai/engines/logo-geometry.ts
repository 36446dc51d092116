import { createRequire } from 'node:module';

/**
 * Polygon union and offset for laser logos (DESIGN 5): overlapping glyph and
 * icon outlines become one outline, so a laser does not cut inside letters,
 * and the cut line is the engraving grown by a margin. Clipper works on
 * integers; coordinates here are millimetres scaled by SCALE.
 */

export type TPolygon = { X: number; Y: number }[];

type TClipperLib = {
  Clipper: {
    new (): {
      AddPaths(paths: TPolygon[], polyType: number, closed: boolean): boolean;
      Execute(clipType: number, solution: TPolygon[], subjFill: number, clipFill: number): boolean;
    };
    Orientation(path: TPolygon): boolean;
    Area(path: TPolygon): number;
  };
  ClipperOffset: new (
    miterLimit: number,
    arcTolerance: number,
  ) => {
    AddPaths(paths: TPolygon[], joinType: number, endType: number): void;
    Execute(solution: TPolygon[], delta: number): void;
  };
  PolyType: { ptSubject: number; ptClip: number };
  ClipType: { ctUnion: number; ctDifference: number };
  PolyFillType: { pftNonZero: number };
  JoinType: { jtRound: number };
  EndType: { etClosedPolygon: number };
};

const requireFrom = createRequire(import.meta.url);
const Clipper = requireFrom('clipper-lib') as TClipperLib;

/** Integer units per millimetre: 1 µm resolution. */
export const SCALE = 1000;
/** Round joins are flattened to within 50 µm, finer than a laser kerf (about 0.1 mm). */
const ARC_TOLERANCE = 50;

function clip(kind: 'union' | 'difference', subject: TPolygon[], clipPaths: TPolygon[] = []) {
  const clipper = new Clipper.Clipper();
  clipper.AddPaths(subject, Clipper.PolyType.ptSubject, true);
  if (clipPaths.length > 0) clipper.AddPaths(clipPaths, Clipper.PolyType.ptClip, true);
  const solution: TPolygon[] = [];
  clipper.Execute(
    kind === 'union' ? Clipper.ClipType.ctUnion : Clipper.ClipType.ctDifference,
    solution,
    Clipper.PolyFillType.pftNonZero,
    Clipper.PolyFillType.pftNonZero,
  );
  return solution.filter((path) => path.length >= 3);
}

/** Everything covered by any of the polygons (non-zero fill: glyph holes stay holes). */
export const union = (paths: TPolygon[]) => clip('union', paths);

/** `paths` with `holes` cut out of it. */
export const difference = (paths: TPolygon[], holes: TPolygon[]) =>
  clip('difference', paths, holes);

/** Grows (or with a negative delta, shrinks) the shape by `deltaMm`, with round corners. */
export function offset(paths: TPolygon[], deltaMm: number): TPolygon[] {
  const offsetter = new Clipper.ClipperOffset(2, ARC_TOLERANCE);
  // The union orients outers and holes the way the offsetter expects (a hole grows inwards).
  offsetter.AddPaths(union(paths), Clipper.JoinType.jtRound, Clipper.EndType.etClosedPolygon);
  const solution: TPolygon[] = [];
  offsetter.Execute(solution, deltaMm * SCALE);
  return solution.filter((path) => path.length >= 3);
}

/** Outer boundaries only (holes dropped): what a cut line follows. */
export const outers = (paths: TPolygon[]) =>
  paths.filter((path) => Clipper.Clipper.Orientation(path));

/**
 * One piece around separate shapes: grown by the margin plus `bridgeMm`, then
 * shrunk by `bridgeMm` (a morphological closing), so letters a few
 * millimetres apart share one cut line instead of falling out as pieces.
 */
export function closedOutline(paths: TPolygon[], marginMm: number, bridgeMm: number) {
  // Holes never reach the cut line: dropping them first spares most of the work.
  const grown = outers(offset(outers(paths), marginMm + bridgeMm));
  return outers(offset(grown, -bridgeMm));
}

export function bounds(paths: TPolygon[]) {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const path of paths) {
    for (const { X, Y } of path) {
      minX = Math.min(minX, X);
      minY = Math.min(minY, Y);
      maxX = Math.max(maxX, X);
      maxY = Math.max(maxY, Y);
    }
  }
  return { minX, minY, maxX, maxY, width: maxX - minX, height: maxY - minY };
}

/** A regular polygon approximating a circle or ellipse (mm). */
export function ellipse(cx: number, cy: number, rx: number, ry = rx, steps = 72): TPolygon {
  const points: [number, number][] = [];
  for (let i = 0; i < steps; i++) {
    const angle = (i / steps) * Math.PI * 2;
    points.push([cx + rx * Math.cos(angle), cy + ry * Math.sin(angle)]);
  }
  return polygon(points);
}

/**
 * A filled shape from points in millimetres. Shapes are all oriented alike:
 * under the non-zero rule, overlapping shapes of opposite orientation would
 * cancel out instead of joining.
 */
export function polygon(points: readonly (readonly [number, number])[]): TPolygon {
  const path = points.map(([x, y]) => ({ X: Math.round(x * SCALE), Y: Math.round(y * SCALE) }));
  return Clipper.Clipper.Orientation(path) ? path : path.reverse();
}

/** A rectangle in millimetres, its corners rounded by `radius`. */
export function rectangle(
  x: number,
  y: number,
  width: number,
  height: number,
  radius = 0,
): TPolygon {
  const box = polygon([
    [x + radius, y + radius],
    [x + width - radius, y + radius],
    [x + width - radius, y + height - radius],
    [x + radius, y + height - radius],
  ]);
  if (radius <= 0) return box;
  const [rounded] = outers(offset([box], radius));
  if (!rounded) throw new Error('rectangle: nothing left after rounding');
  return rounded;
}

/** Moves and scales polygons: p' = p * factor + (dx, dy) (dx, dy in mm). */
export function transform(paths: TPolygon[], factor: number, dxMm: number, dyMm: number) {
  return paths.map((path) =>
    path.map(({ X, Y }) => ({
      X: Math.round(X * factor + dxMm * SCALE),
      Y: Math.round(Y * factor + dyMm * SCALE),
    })),
  );
}
