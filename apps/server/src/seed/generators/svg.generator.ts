/**
 * Vector designs for laser and UV works, in millimetres. A layer's `op` maps
 * to the colour conventions laser software reads (LightBurn, xTool Creative
 * Space, Glowforge): red hairline = cut, blue hairline = score, black fill =
 * engrave. UV artwork keeps its colours; its outline is the dieline.
 */
export type TCutRole = 'outline' | 'hole' | 'line';
export type TVectorLayer =
  | { op: 'cut'; role: TCutRole; d: string }
  | { op: 'score'; d: string }
  /** Engraved fills are even-odd (rings, holes) unless overlapping shapes need nonzero. */
  | { op: 'engrave'; d: string; rule?: 'nonzero' }
  | { op: 'print'; d: string; fill: string; opacity?: number };

export type TVectorDesign = { width: number; height: number; layers: TVectorLayer[] };

const n = (value: number) => {
  const r = Math.round(value * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
};

export type TPoint = readonly [number, number];

export const polyPath = (points: readonly TPoint[], closed = true): string =>
  `${points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${n(x)} ${n(y)}`).join(' ')}${closed ? ' Z' : ''}`;

export const circlePath = (cx: number, cy: number, r: number): string =>
  `M${n(cx - r)} ${n(cy)} A${n(r)} ${n(r)} 0 1 0 ${n(cx + r)} ${n(cy)} A${n(r)} ${n(r)} 0 1 0 ${n(cx - r)} ${n(cy)} Z`;

export function roundedRectPath(x: number, y: number, w: number, h: number, r: number): string {
  return [
    `M${n(x + r)} ${n(y)}`,
    `H${n(x + w - r)}`,
    `A${n(r)} ${n(r)} 0 0 1 ${n(x + w)} ${n(y + r)}`,
    `V${n(y + h - r)}`,
    `A${n(r)} ${n(r)} 0 0 1 ${n(x + w - r)} ${n(y + h)}`,
    `H${n(x + r)}`,
    `A${n(r)} ${n(r)} 0 0 1 ${n(x)} ${n(y + h - r)}`,
    `V${n(y + r)}`,
    `A${n(r)} ${n(r)} 0 0 1 ${n(x + r)} ${n(y)}`,
    'Z',
  ].join(' ');
}

/** Points of a closed curve r(angle) around a centre. */
export function polarPoints(
  cx: number,
  cy: number,
  count: number,
  radius: (angle: number, i: number) => number,
  phase = -Math.PI / 2,
): TPoint[] {
  return Array.from({ length: count }, (_, i) => {
    const a = phase + (i / count) * Math.PI * 2;
    const r = radius(a, i);
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)] as const;
  });
}

export const regularPath = (cx: number, cy: number, r: number, sides: number, phase?: number) =>
  polyPath(polarPoints(cx, cy, sides, () => r, phase));

export const starPath = (cx: number, cy: number, outer: number, inner: number, tips: number) =>
  polyPath(polarPoints(cx, cy, tips * 2, (_, i) => (i % 2 === 0 ? outer : inner)));

/** A pointed petal from radius r0 to r1 along `angle`, `width` wide at its belly. */
export function petalPath(
  cx: number,
  cy: number,
  r0: number,
  r1: number,
  angle: number,
  width: number,
): string {
  const [c, s] = [Math.cos(angle), Math.sin(angle)];
  const at = (along: number, across: number): TPoint => [
    cx + c * along - s * across,
    cy + s * along + c * across,
  ];
  const mid = (r0 + r1) / 2;
  const [p0, p1, left, right] = [at(r0, 0), at(r1, 0), at(mid, width), at(mid, -width)];
  return `M${n(p0[0])} ${n(p0[1])} Q${n(left[0])} ${n(left[1])} ${n(p1[0])} ${n(p1[1])} Q${n(right[0])} ${n(right[1])} ${n(p0[0])} ${n(p0[1])} Z`;
}

/** A ring for even-odd fills: outer and inner circle in one path. */
export const ringPath = (cx: number, cy: number, outer: number, inner: number) =>
  `${circlePath(cx, cy, outer)} ${circlePath(cx, cy, inner)}`;

export const fmt = n;

function group(id: string, attrs: string, paths: string[]): string {
  if (paths.length === 0) return '';
  return `  <g id="${id}" ${attrs}>\n${paths.map((d) => `    <path d="${d}"/>`).join('\n')}\n  </g>\n`;
}

/**
 * The design file. Width and height in mm with a matching viewBox, so every
 * program imports it at true size; hairlines are 0.1 mm.
 */
export function toSvgFile(design: TVectorDesign, title: string): string {
  const pick = (op: TVectorLayer['op']) => design.layers.filter((l) => l.op === op).map((l) => l.d);
  const prints = design.layers.flatMap((l) =>
    l.op === 'print'
      ? [
          `    <path d="${l.d}" fill="${l.fill}"${l.opacity ? ` fill-opacity="${l.opacity}"` : ''}/>`,
        ]
      : [],
  );
  const engraves = design.layers.filter((l) => l.op === 'engrave');
  const evenOdd = engraves.filter((l) => !l.rule).map((l) => l.d);
  const nonZero = engraves.filter((l) => l.rule === 'nonzero').map((l) => l.d);
  const safeTitle = title.replace(/[<>&"]/g, '');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n(design.width)}mm" height="${n(design.height)}mm" viewBox="0 0 ${n(design.width)} ${n(design.height)}">\n`,
    `  <title>${safeTitle}</title>\n`,
    prints.length ? `  <g id="artwork">\n${prints.join('\n')}\n  </g>\n` : '',
    group('engrave', 'fill="#000000" fill-rule="evenodd" stroke="none"', evenOdd),
    group('engrave-solid', 'fill="#000000" fill-rule="nonzero" stroke="none"', nonZero),
    group('score', 'fill="none" stroke="#0000ff" stroke-width="0.1"', pick('score')),
    group('cut', 'fill="none" stroke="#ff0000" stroke-width="0.1"', pick('cut')),
    '</svg>\n',
  ].join('');
}
