import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TLogoFont, TLogoTemplate, TTextToLogoParams } from '@layerline/contract';
import opentype from 'opentype.js';
import { AiEngineError, type TAiOutputFile } from '../ai-engine';
import {
  bounds,
  closedOutline,
  difference,
  ellipse,
  rectangle,
  SCALE,
  type TPolygon,
  transform,
  union,
} from './logo-geometry';
import { iconOutlines } from './logo-icons';
import { buildSvg, type TOutline } from './svg-document';

/**
 * Text-to-logo (SPEC 1, DESIGN 5), offline: the text's glyphs from the fonts
 * the server ships (Noto Sans / Serif CJK SC Bold, OFL 1.1, in
 * apps/server/assets/fonts) become outlines, joined with the icon and the
 * template's frame into one engraving, with a red cut line around it. The
 * SVG is in millimetres, holds only closed paths, and no text or image.
 */

const FONT_FILES: Record<TLogoFont, string> = {
  sans: 'NotoSansCJKsc-Bold.woff',
  serif: 'NotoSerifCJKsc-Bold.woff',
};

/** apps/server/assets/fonts, from the source tree or from the bundle in dist/. */
function fontDirectory(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    const candidate = path.join(dir, 'assets', 'fonts');
    if (existsSync(path.join(candidate, FONT_FILES.sans))) return candidate;
    dir = path.dirname(dir);
  }
  throw new AiEngineError('failed', 'The logo fonts are missing from the server.');
}

const fonts = new Map<TLogoFont, opentype.Font>();

/** Parsed once per process (about a second for the CJK fonts), then shared. */
export function loadLogoFont(name: TLogoFont): opentype.Font {
  const cached = fonts.get(name);
  if (cached) return cached;
  const bytes = readFileSync(path.join(fontDirectory(), FONT_FILES[name]));
  const font = opentype.parse(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
  );
  fonts.set(name, font);
  return font;
}

/** Characters of the text the shipped fonts cannot draw (spaces need no glyph). */
export function missingCharacters(text: string, font: opentype.Font): string[] {
  const missing = new Set<string>();
  for (const char of text) {
    if (/\s/.test(char)) continue;
    if (font.charToGlyphIndex(char) === 0) missing.add(char);
  }
  return [...missing];
}

/** Font size of the layout; everything is scaled to the requested width at the end. */
const FONT_SIZE_MM = 10;
const CURVE_STEPS = 8;

/** The text as outlines (mm, y down, baseline at 0), joined into one shape. */
function textOutlines(text: string, font: opentype.Font, trackingEm: number): TPolygon[] {
  const contours: TPolygon[] = [];
  const glyphs = font.stringToGlyphs(text);
  const unitsToMm = FONT_SIZE_MM / font.unitsPerEm;
  let x = 0;
  glyphs.forEach((glyph, index) => {
    const commands = glyph.getPath(x, 0, FONT_SIZE_MM).commands;
    let current: [number, number][] = [];
    let last: [number, number] = [0, 0];
    const close = () => {
      if (current.length >= 3) {
        contours.push(
          current.map(([px, py]) => ({ X: Math.round(px * SCALE), Y: Math.round(py * SCALE) })),
        );
      }
      current = [];
    };
    for (const command of commands) {
      if (command.type === 'M') {
        close();
        last = [command.x, command.y];
        current.push(last);
      } else if (command.type === 'L') {
        last = [command.x, command.y];
        current.push(last);
      } else if (command.type === 'Q') {
        const [x0, y0] = last;
        for (let step = 1; step <= CURVE_STEPS; step++) {
          const t = step / CURVE_STEPS;
          const u = 1 - t;
          current.push([
            u * u * x0 + 2 * u * t * command.x1 + t * t * command.x,
            u * u * y0 + 2 * u * t * command.y1 + t * t * command.y,
          ]);
        }
        last = [command.x, command.y];
      } else if (command.type === 'C') {
        const [x0, y0] = last;
        for (let step = 1; step <= CURVE_STEPS; step++) {
          const t = step / CURVE_STEPS;
          const u = 1 - t;
          current.push([
            u ** 3 * x0 +
              3 * u * u * t * command.x1 +
              3 * u * t * t * command.x2 +
              t ** 3 * command.x,
            u ** 3 * y0 +
              3 * u * u * t * command.y1 +
              3 * u * t * t * command.y2 +
              t ** 3 * command.y,
          ]);
        }
        last = [command.x, command.y];
      } else {
        close();
      }
    }
    close();
    const next = glyphs[index + 1];
    x += (glyph.advanceWidth ?? 0) * unitsToMm + trackingEm * FONT_SIZE_MM;
    if (next) x += font.getKerningValue(glyph, next) * unitsToMm;
  });
  return union(contours);
}

/** Icon outlines scaled to `sizeMm` with the top-left corner at (x, y). */
const placedIcon = (icon: TTextToLogoParams['icon'], sizeMm: number, x: number, y: number) =>
  icon ? transform(iconOutlines(icon), sizeMm / 10, x, y) : [];

/** The engraving of one variant, at layout scale. */
function compose(params: TTextToLogoParams, template: TLogoTemplate, text: TPolygon[]) {
  const box = bounds(text);
  const textW = box.width / SCALE;
  const textH = box.height / SCALE;
  const left = box.minX / SCALE;
  const top = box.minY / SCALE;
  const gap = textH * 0.35;
  const icon = params.icon;
  /** Icon left of the text, as tall as the text (inline and banner). */
  const inline = () => {
    if (!icon) return text;
    const size = textH * 1.15;
    return [...text, ...placedIcon(icon, size, left - gap - size, top + (textH - size) / 2)];
  };
  switch (template) {
    case 'text':
      return text;
    case 'inline':
      return union(inline());
    case 'stacked': {
      if (!icon) return text;
      const size = Math.max(textH * 1.8, Math.min(textW * 0.5, textH * 3));
      return union([
        ...text,
        ...placedIcon(icon, size, left + (textW - size) / 2, top - gap - size),
      ]);
    }
    case 'banner': {
      const content = union(inline());
      const c = bounds(content);
      const pad = textH * 0.45;
      const border = Math.max(textH * 0.14, 0.6);
      const x = c.minX / SCALE - pad - border;
      const y = c.minY / SCALE - pad - border;
      const w = c.width / SCALE + 2 * (pad + border);
      const h = c.height / SCALE + 2 * (pad + border);
      const frame = difference(
        [rectangle(x, y, w, h, textH * 0.45)],
        [rectangle(x + border, y + border, w - 2 * border, h - 2 * border, textH * 0.3)],
      );
      return union([...content, ...frame]);
    }
    case 'badge': {
      const size = textH * 1.6;
      const content = union([
        ...text,
        ...placedIcon(icon, size, left + (textW - size) / 2, top - gap - size),
      ]);
      const c = bounds(content);
      const cx = (c.minX + c.maxX) / 2 / SCALE;
      const cy = (c.minY + c.maxY) / 2 / SCALE;
      const inner = Math.hypot(c.width, c.height) / 2 / SCALE + textH * 0.35;
      const ring = Math.max(textH * 0.16, 0.6);
      const frame = difference(
        [ellipse(cx, cy, inner + ring, inner + ring, 144)],
        [ellipse(cx, cy, inner, inner, 144)],
      );
      return union([...content, ...frame]);
    }
  }
}

const toOutlines = (paths: TPolygon[]): TOutline[] =>
  paths.map((path) => {
    const points = path.map(({ X, Y }) => ({ x: X / SCALE, y: Y / SCALE }));
    const [start, ...rest] = points as [{ x: number; y: number }, ...{ x: number; y: number }[]];
    return { start, segments: rest.map((to) => ({ kind: 'line' as const, to })) };
  });

/** Margin between the cut line and the edge of the document, mm. */
const PAGE_MARGIN_MM = 0.5;

/** One finished SVG: engraving scaled to the width, cut line, both in millimetres. */
export function renderLogo(
  params: TTextToLogoParams,
  template: TLogoTemplate,
  font: TLogoFont,
  trackingEm = 0,
): string {
  const text = textOutlines(params.text, loadLogoFont(font), trackingEm);
  if (text.length === 0) {
    throw new AiEngineError('badParameters', 'The text has nothing to draw.');
  }
  const design = compose(params, template, text);
  const designBox = bounds(design);
  const inner = params.widthMm - 2 * (params.cutOffsetMm + PAGE_MARGIN_MM);
  if (inner <= 0) {
    throw new AiEngineError('badParameters', 'The width is too small for the cut margin.');
  }
  const factor = (inner * SCALE) / designBox.width;
  const scaled = transform(design, factor, 0, 0);
  const scaledBox = bounds(scaled);
  const shift = params.cutOffsetMm + PAGE_MARGIN_MM;
  const engrave = transform(
    scaled,
    1,
    shift - scaledBox.minX / SCALE,
    shift - scaledBox.minY / SCALE,
  );
  // Letters a little apart share one cut line; a badge or banner is already one piece.
  const bridge = (scaledBox.height / SCALE) * 0.25;
  const cut = closedOutline(engrave, params.cutOffsetMm, bridge);
  const cutBox = bounds(cut);
  const heightMm = cutBox.maxY / SCALE + PAGE_MARGIN_MM;
  return buildSvg({
    widthPx: params.widthMm,
    heightPx: Math.round(heightMm * 1000) / 1000,
    mmPerPixel: 1,
    layers: [
      { id: 'engrave', color: '#000000', outlines: toOutlines(engrave), style: 'fill' },
      { id: 'cut', color: '#ff0000', outlines: toOutlines(cut), style: 'cut' },
    ],
  });
}

/**
 * The variants of one request: the requested template and font, or the
 * layouts and fonts in turn; a repeat of the same pair gets wider letter
 * spacing, so no two results are the same.
 */
export function logoVariants(params: TTextToLogoParams) {
  const templates: TLogoTemplate[] = params.template
    ? [params.template]
    : params.icon
      ? ['badge', 'stacked', 'inline', 'banner']
      : ['badge', 'banner', 'text'];
  const fontNames: TLogoFont[] = params.font ? [params.font] : ['sans', 'serif'];
  const seen = new Map<string, number>();
  return Array.from({ length: params.count }, (_, i) => {
    const template = templates[i % templates.length] as TLogoTemplate;
    const font = fontNames[i % fontNames.length] as TLogoFont;
    const key = `${template}:${font}`;
    const repeats = seen.get(key) ?? 0;
    seen.set(key, repeats + 1);
    return { template, font, trackingEm: repeats * 0.08 };
  });
}

/**
 * The logo variants as SVG files. Runs on an engine pool thread
 * (image-engine.tasks.ts), where a cancel terminates the thread.
 */
export async function textToLogo(
  params: TTextToLogoParams,
  progress?: (fraction: number) => void,
): Promise<TAiOutputFile[]> {
  const variants = logoVariants(params);
  for (const name of new Set(variants.map((v) => v.font))) {
    const missing = missingCharacters(params.text, loadLogoFont(name));
    if (missing.length > 0) {
      throw new AiEngineError(
        'badParameters',
        `The logo fonts have no glyph for: ${missing.join(' ')}`,
      );
    }
  }
  return variants.map((variant, index) => {
    const svg = renderLogo(params, variant.template, variant.font, variant.trackingEm);
    progress?.((index + 1) / variants.length);
    return {
      filename: `logo-${index + 1}-${variant.template}-${variant.font}.svg`,
      mime: 'image/svg+xml',
      data: Buffer.from(svg),
    };
  });
}
