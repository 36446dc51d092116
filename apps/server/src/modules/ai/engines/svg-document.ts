/**
 * SVG as laser and UV software read it: the size in millimetres, a viewBox in
 * the same units (1 user unit = 1 mm), only <path> elements, every subpath
 * closed with Z, no text and no embedded raster.
 */

export type TPoint = { x: number; y: number };

/** One closed outline: a start point and the segments that come back to it. */
export type TOutline = {
  start: TPoint;
  segments: readonly (
    | { kind: 'line'; to: TPoint }
    | { kind: 'quad'; control: TPoint; to: TPoint }
    | { kind: 'cubic'; c1: TPoint; c2: TPoint; to: TPoint }
  )[];
};

export type TSvgLayer = {
  id: string;
  /** '#rrggbb' */
  color: string;
  outlines: TOutline[];
  /** 'fill': one evenodd path (holes stay holes); 'cut': a hairline per outline. */
  style: 'fill' | 'cut';
  /** Fill layers: 'nonzero' unions overlapping outlines drawn the same way round (dots). */
  fillRule?: 'evenodd' | 'nonzero';
};

/** Hairline a laser's software takes as a cut line (it ignores the width). */
const CUT_STROKE_MM = 0.05;

const num = (value: number) => {
  const rounded = Math.round(value * 1000) / 1000;
  return Object.is(rounded, -0) ? '0' : String(rounded);
};

function pathData(outline: TOutline, scale: number): string {
  const p = (point: TPoint) => `${num(point.x * scale)} ${num(point.y * scale)}`;
  const parts = [`M${p(outline.start)}`];
  for (const segment of outline.segments) {
    if (segment.kind === 'line') parts.push(`L${p(segment.to)}`);
    else if (segment.kind === 'quad') parts.push(`Q${p(segment.control)} ${p(segment.to)}`);
    else parts.push(`C${p(segment.c1)} ${p(segment.c2)} ${p(segment.to)}`);
  }
  parts.push('Z');
  return parts.join('');
}

/**
 * Builds the document. Outline coordinates are in source pixels; `mmPerPixel`
 * turns them into millimetres so the file opens at its real size.
 */
export function buildSvg(input: {
  widthPx: number;
  heightPx: number;
  mmPerPixel: number;
  layers: TSvgLayer[];
}): string {
  const width = num(input.widthPx * input.mmPerPixel);
  const height = num(input.heightPx * input.mmPerPixel);
  const body: string[] = [];
  for (const layer of input.layers) {
    if (layer.outlines.length === 0) continue;
    const id = layer.id.replace(/[^A-Za-z0-9_-]/g, '');
    if (layer.style === 'fill') {
      const d = layer.outlines.map((outline) => pathData(outline, input.mmPerPixel)).join('');
      body.push(
        `<g id="${id}"><path d="${d}" fill="${layer.color}" fill-rule="${layer.fillRule ?? 'evenodd'}" stroke="none"/></g>`,
      );
    } else {
      const paths = layer.outlines.map(
        (outline) =>
          `<path d="${pathData(outline, input.mmPerPixel)}" fill="none" stroke="${layer.color}" stroke-width="${CUT_STROKE_MM}"/>`,
      );
      body.push(`<g id="${id}">${paths.join('')}</g>`);
    }
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${width}mm" height="${height}mm" viewBox="0 0 ${width} ${height}">`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}

export const toHex = (r: number, g: number, b: number) =>
  `#${[r, g, b]
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
