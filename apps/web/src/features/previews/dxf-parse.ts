/**
 * A small reader for ASCII DXF: the drawing entities a laser or CNC file is
 * made of (LINE, LWPOLYLINE, POLYLINE, CIRCLE, ARC, ELLIPSE, SPLINE) from the
 * ENTITIES section, plus $INSUNITS from the header. Text, hatches, dimensions
 * and block inserts are left out: the preview shows cut and engrave geometry,
 * not a full CAD rendering. Loaded only when a DXF preview opens.
 */
export type TPoint = { x: number; y: number };

export type TVertex = TPoint & { bulge: number };

export type TDxfEntity =
  | { type: 'line'; start: TPoint; end: TPoint }
  | { type: 'circle'; center: TPoint; radius: number }
  /** Angles in degrees, counter-clockwise from start to end (DXF convention). */
  | { type: 'arc'; center: TPoint; radius: number; startAngle: number; endAngle: number }
  | { type: 'polyline'; vertices: TVertex[]; closed: boolean }
  | {
      type: 'ellipse';
      center: TPoint;
      majorAxis: TPoint;
      /** The minor axis direction: +90 degrees from the major axis, or -90 when mirrored. */
      minorSign: 1 | -1;
      ratio: number;
      startParam: number;
      endParam: number;
    }
  | {
      type: 'spline';
      degree: number;
      controlPoints: TPoint[];
      knots: number[];
      weights: number[];
      fitPoints: TPoint[];
      closed: boolean;
    };

export type TDxfDocument = { entities: TDxfEntity[]; insUnits: number };

type TPair = [code: number, value: string];

function readPairs(text: string): TPair[] {
  const lines = text.split(/\r\n|\r|\n/);
  const pairs: TPair[] = [];
  for (let index = 0; index + 1 < lines.length; index += 2) {
    const code = Number.parseInt(lines[index]?.trim() ?? '', 10);
    if (Number.isNaN(code)) break; // not ASCII DXF (or a broken file): keep what was read
    pairs.push([code, (lines[index + 1] ?? '').trim()]);
  }
  return pairs;
}

/** One entity's group codes, with the helpers every entity type needs. */
class EntityRecord {
  constructor(readonly pairs: TPair[]) {}

  number(code: number, fallback = 0): number {
    const pair = this.pairs.find(([itemCode]) => itemCode === code);
    const value = pair ? Number.parseFloat(pair[1]) : Number.NaN;
    return Number.isFinite(value) ? value : fallback;
  }

  numbers(code: number): number[] {
    return this.pairs
      .filter(([itemCode]) => itemCode === code)
      .map(([, value]) => Number.parseFloat(value))
      .filter(Number.isFinite);
  }

  /** Points from paired x/y codes in file order (10/20 control points, 11/21 fit points). */
  points(xCode: number, yCode: number): TPoint[] {
    const points: TPoint[] = [];
    for (const [code, value] of this.pairs) {
      const number = Number.parseFloat(value);
      if (code === xCode) points.push({ x: Number.isFinite(number) ? number : 0, y: 0 });
      const last = points.at(-1);
      if (code === yCode && last && Number.isFinite(number)) last.y = number;
    }
    return points;
  }

  /**
   * 2D entities live in their object coordinate system. The only other one
   * CAD programs write for flat drawings is the mirrored extrusion (0,0,-1),
   * whose X axis points the other way.
   */
  get isMirrored(): boolean {
    return this.number(230, 1) < 0;
  }
}

const flipX = (point: TPoint, mirrored: boolean): TPoint =>
  mirrored ? { x: -point.x, y: point.y } : point;

function lwPolyline(record: EntityRecord): TDxfEntity {
  const vertices: TVertex[] = [];
  for (const [code, value] of record.pairs) {
    const number = Number.parseFloat(value);
    if (!Number.isFinite(number)) continue;
    if (code === 10) vertices.push({ x: number, y: 0, bulge: 0 });
    const last = vertices.at(-1);
    if (!last) continue;
    if (code === 20) last.y = number;
    if (code === 42) last.bulge = number;
  }
  return {
    type: 'polyline',
    closed: (record.number(70) & 1) === 1,
    vertices: record.isMirrored
      ? vertices.map((vertex) => ({ x: -vertex.x, y: vertex.y, bulge: -vertex.bulge }))
      : vertices,
  };
}

function toEntity(type: string, record: EntityRecord): TDxfEntity | null {
  const mirrored = record.isMirrored;
  switch (type) {
    case 'LINE':
      return {
        type: 'line',
        start: { x: record.number(10), y: record.number(20) },
        end: { x: record.number(11), y: record.number(21) },
      };
    case 'CIRCLE':
      return {
        type: 'circle',
        center: flipX({ x: record.number(10), y: record.number(20) }, mirrored),
        radius: record.number(40),
      };
    case 'ARC': {
      const start = record.number(50);
      const end = record.number(51);
      return {
        type: 'arc',
        center: flipX({ x: record.number(10), y: record.number(20) }, mirrored),
        radius: record.number(40),
        // Mirroring reverses the direction of travel: swap and reflect the angles.
        startAngle: mirrored ? 180 - end : start,
        endAngle: mirrored ? 180 - start : end,
      };
    }
    case 'LWPOLYLINE':
      return lwPolyline(record);
    case 'ELLIPSE':
      return {
        type: 'ellipse',
        center: { x: record.number(10), y: record.number(20) },
        majorAxis: { x: record.number(11), y: record.number(21) },
        minorSign: mirrored ? -1 : 1,
        ratio: record.number(40, 1),
        startParam: record.number(41, 0),
        endParam: record.number(42, Math.PI * 2),
      };
    case 'SPLINE':
      return {
        type: 'spline',
        degree: Math.round(record.number(71, 3)),
        controlPoints: record.points(10, 20),
        knots: record.numbers(40),
        weights: record.numbers(41),
        fitPoints: record.points(11, 21),
        closed: (record.number(70) & 1) === 1,
      };
    default:
      return null;
  }
}

/** Splits a section's pairs into records, each starting at a group code 0. */
function records(pairs: TPair[]): { type: string; record: EntityRecord }[] {
  const out: { type: string; record: EntityRecord }[] = [];
  for (const pair of pairs) {
    if (pair[0] === 0) out.push({ type: pair[1].toUpperCase(), record: new EntityRecord([]) });
    else out.at(-1)?.record.pairs.push(pair);
  }
  return out;
}

/** Old-style POLYLINE: the vertices follow as VERTEX records up to SEQEND. */
function entitiesOf(items: { type: string; record: EntityRecord }[]): TDxfEntity[] {
  const entities: TDxfEntity[] = [];
  let open: { entity: Extract<TDxfEntity, { type: 'polyline' }>; mirrored: boolean } | null = null;
  for (const { type, record } of items) {
    if (type === 'POLYLINE') {
      const flags = record.number(70);
      const entity = { type: 'polyline' as const, closed: (flags & 1) === 1, vertices: [] };
      // Polygon and polyface meshes (flags 16 and 64) are 3D surfaces, not outlines.
      open = { entity, mirrored: (flags & 8) === 0 && record.isMirrored };
      if ((flags & (16 | 64)) === 0) entities.push(entity);
    } else if (type === 'VERTEX' && open) {
      const x = record.number(10);
      open.entity.vertices.push({
        x: open.mirrored ? -x : x,
        y: record.number(20),
        bulge: open.mirrored ? -record.number(42) : record.number(42),
      });
    } else if (type === 'SEQEND') {
      open = null;
    } else {
      open = null;
      const entity = toEntity(type, record);
      if (entity) entities.push(entity);
    }
  }
  return entities;
}

export function parseDxf(text: string): TDxfDocument {
  const pairs = readPairs(text);
  let insUnits = 0;
  let section = '';
  let sectionStart = 0;
  const entities: TDxfEntity[] = [];
  for (let index = 0; index < pairs.length; index += 1) {
    const [code, value] = pairs[index] as TPair;
    if (code === 0 && value === 'SECTION') {
      const name = pairs[index + 1];
      section = name?.[0] === 2 ? name[1].toUpperCase() : '';
      sectionStart = index + 2;
    } else if (code === 0 && value === 'ENDSEC') {
      if (section === 'ENTITIES')
        entities.push(...entitiesOf(records(pairs.slice(sectionStart, index))));
      section = '';
    } else if (section === 'HEADER' && code === 9 && value === '$INSUNITS') {
      const unit = pairs[index + 1];
      if (unit?.[0] === 70) insUnits = Number.parseInt(unit[1], 10) || 0;
    }
  }
  // A file cut short after its entities still shows what it has.
  if (section === 'ENTITIES') entities.push(...entitiesOf(records(pairs.slice(sectionStart))));
  return { entities, insUnits };
}
