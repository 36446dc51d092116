import { createRequire } from 'node:module';
import { type TVectorizeOptions, VECTORIZE_ASSUMED_DPI } from '@layerline/contract';
import { AiEngineError, type TAiResult } from '../ai-engine';
import { decodeRgba, otsuThreshold, type TRgbaImage, toLuminance } from './image-input';
import { buildSvg, type TOutline, type TPoint, type TSvgLayer, toHex } from './svg-document';

/**
 * Bitmap to SVG (SPEC 1 image editing, vectorisation; DESIGN 5). 'mono' runs
 * potrace (smooth Bézier outlines, one colour: what a laser engraves or cuts);
 * 'color' runs imagetracerjs (one layer per colour: what a UV printer fills).
 * Both are CommonJS, loaded on first use so only the worker that traces pays.
 */
const requireFrom = createRequire(import.meta.url);

type TPotraceCurve = { n: number; tag: string[]; c: TPoint[] };
type TPotrace = {
  _pathlist: { curve: TPotraceCurve }[];
  _processLoadedImage(image: unknown): void;
  _imageLoaded: boolean;
  getPathTag(fill: string): string;
};
type TPotraceClass = new (options: Record<string, unknown>) => TPotrace;

type TTraceSegment = {
  type: 'L' | 'Q';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  x3?: number;
  y3?: number;
};
type TTracePath = { segments: TTraceSegment[]; isholepath: boolean; holechildren: number[] };
type TTraceData = {
  layers: TTracePath[][];
  palette: { r: number; g: number; b: number; a: number }[];
};
type TImageTracer = {
  imagedataToTracedata(
    image: { width: number; height: number; data: Uint8ClampedArray },
    options: Record<string, unknown>,
  ): TTraceData;
};

/** Potrace's curve: a corner is two straight pieces, a curve one cubic Bézier. */
function potraceOutline(curve: TPotraceCurve): TOutline {
  const at = (i: number) => curve.c[i] as TPoint;
  const segments: TOutline['segments'][number][] = [];
  for (let i = 0; i < curve.n; i++) {
    if (curve.tag[i] === 'CORNER') {
      segments.push({ kind: 'line', to: at(i * 3 + 1) }, { kind: 'line', to: at(i * 3 + 2) });
    } else {
      segments.push({ kind: 'cubic', c1: at(i * 3), c2: at(i * 3 + 1), to: at(i * 3 + 2) });
    }
  }
  return { start: at((curve.n - 1) * 3 + 2), segments };
}

function traceMono(image: TRgbaImage, options: TVectorizeOptions): TOutline[] {
  const gray = toLuminance(image);
  const threshold = options.threshold ?? otsuThreshold(gray);
  // Potrace traces black on white: paint the chosen side black, the rest white.
  const rgba = new Uint8Array(gray.length * 4);
  for (let p = 0; p < gray.length; p++) {
    const isInk = options.invert
      ? (gray[p] as number) >= threshold
      : (gray[p] as number) < threshold;
    const value = isInk ? 0 : 255;
    rgba[p * 4] = value;
    rgba[p * 4 + 1] = value;
    rgba[p * 4 + 2] = value;
    rgba[p * 4 + 3] = 255;
  }
  const Potrace = requireFrom('potrace/lib/Potrace.js') as TPotraceClass;
  const potrace = new Potrace({
    threshold: 128,
    turdSize: options.despeckle,
    alphaMax: options.smoothing,
    optCurve: true,
    optTolerance: 0.2,
  });
  // The package reads pictures through Jimp; ours is decoded already, so hand
  // it the same {bitmap, scan} shape Jimp has instead of encoding it again.
  const { width, height } = image;
  potrace._processLoadedImage({
    bitmap: { width, height, data: rgba },
    scan(
      _x: number,
      _y: number,
      _w: number,
      _h: number,
      visit: (x: number, y: number, idx: number) => void,
    ) {
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) visit(x, y, (y * width + x) * 4);
    },
  });
  potrace._imageLoaded = true;
  potrace.getPathTag('');
  return potrace._pathlist.map((path) => potraceOutline(path.curve));
}

function traceOutline(path: TTracePath, reverse: boolean): TOutline {
  const segments = reverse ? [...path.segments].reverse() : path.segments;
  const first = segments[0] as TTraceSegment;
  const endOf = (s: TTraceSegment): TPoint =>
    s.type === 'Q' ? { x: s.x3 as number, y: s.y3 as number } : { x: s.x2, y: s.y2 };
  const startOf = (s: TTraceSegment): TPoint => ({ x: s.x1, y: s.y1 });
  return {
    start: reverse ? endOf(first) : startOf(first),
    segments: segments.map((s) => {
      const to = reverse ? startOf(s) : endOf(s);
      return s.type === 'Q'
        ? { kind: 'quad', control: { x: s.x2, y: s.y2 }, to }
        : { kind: 'line', to };
    }),
  };
}

/**
 * The tracer drops specks below `despeckle` and leaves hairline gaps between
 * neighbouring colours; on an opaque picture a full-size base in the most
 * common colour keeps those from printing as bare substrate.
 */
function baseLayer(image: TRgbaImage, palette: TTraceData['palette']): TSvgLayer | undefined {
  const { data, width, height } = image;
  const counts = new Array<number>(palette.length).fill(0);
  const stride = Math.max(1, Math.floor((width * height) / 50_000));
  for (let p = 0; p < width * height; p += stride) {
    const i = p * 4;
    if ((data[i + 3] as number) < 255) return undefined;
    let best = 0;
    let bestDistance = Number.POSITIVE_INFINITY;
    palette.forEach((color, index) => {
      const distance =
        (color.r - (data[i] as number)) ** 2 +
        (color.g - (data[i + 1] as number)) ** 2 +
        (color.b - (data[i + 2] as number)) ** 2;
      if (distance < bestDistance) {
        bestDistance = distance;
        best = index;
      }
    });
    counts[best] = (counts[best] as number) + 1;
  }
  const dominant = palette[counts.indexOf(Math.max(...counts))];
  if (!dominant) return undefined;
  const corner = (x: number, y: number) => ({ kind: 'line' as const, to: { x, y } });
  return {
    id: 'base',
    color: toHex(dominant.r, dominant.g, dominant.b),
    outlines: [
      {
        start: { x: 0, y: 0 },
        segments: [corner(width, 0), corner(width, height), corner(0, height)],
      },
    ],
    style: 'fill',
  };
}

function traceColor(image: TRgbaImage, options: TVectorizeOptions): TSvgLayer[] {
  const tracer = requireFrom('imagetracerjs') as TImageTracer;
  const data = new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length);
  // Smoothing 0..1.3 maps onto the tracer's line/curve error tolerances (px).
  const tolerance = 0.5 + options.smoothing * 1.5;
  const traced = tracer.imagedataToTracedata(
    { width: image.width, height: image.height, data },
    {
      numberofcolors: options.colors,
      colorsampling: 2,
      colorquantcycles: 3,
      ltres: tolerance,
      qtres: tolerance,
      pathomit: Math.max(options.despeckle, 1),
      rightangleenhance: true,
      blurradius: 0,
    },
  );
  const layers: TSvgLayer[] = [];
  const base = baseLayer(image, traced.palette);
  if (base) layers.push(base);
  traced.layers.forEach((paths, index) => {
    const color = traced.palette[index];
    // Transparent areas are where nothing is printed.
    if (!color || color.a < 128) return;
    const outlines: TOutline[] = [];
    for (const path of paths) {
      if (path.isholepath || path.segments.length === 0) continue;
      outlines.push(traceOutline(path, false));
      for (const hole of path.holechildren) {
        const child = paths[hole];
        if (child && child.segments.length > 0) outlines.push(traceOutline(child, true));
      }
    }
    layers.push({
      id: `color-${index + 1}`,
      color: toHex(color.r, color.g, color.b),
      outlines,
      style: 'fill',
    });
  });
  return layers;
}

/**
 * The DPI the SVG is sized by when no width is asked for: the upload's
 * recorded DPI (`sourceDpi`; null when it declared none), else what the
 * file's header declares (`density`, image-density.ts), else 96.
 */
function sourceDpiOf(density: number | undefined, sourceDpi: number | null | undefined): number {
  return (sourceDpi === undefined ? density : sourceDpi) ?? VECTORIZE_ASSUMED_DPI;
}

export async function vectorize(
  input: Buffer,
  options: TVectorizeOptions,
  sourceDpi?: number | null,
  progress?: (fraction: number) => void,
): Promise<TAiResult> {
  const image = await decodeRgba(input);
  progress?.(0.1);
  const dpi = sourceDpiOf(image.density, sourceDpi);
  const mmPerPixel = options.widthMm ? options.widthMm / image.width : 25.4 / dpi;
  let layers: TSvgLayer[];
  if (options.mode === 'mono') {
    const outlines = traceMono(image, options);
    const color = options.style === 'cut' ? '#ff0000' : '#000000';
    layers = [
      { id: options.style === 'cut' ? 'cut' : 'engrave', color, outlines, style: options.style },
    ];
  } else {
    layers = traceColor(image, options);
  }
  progress?.(0.85);
  if (layers.every((layer) => layer.outlines.length === 0)) {
    throw new AiEngineError(
      'badParameters',
      'Nothing to trace: the picture is one flat tone at this threshold.',
    );
  }
  const svg = buildSvg({ widthPx: image.width, heightPx: image.height, mmPerPixel, layers });
  return {
    files: [
      {
        filename: options.mode === 'mono' ? 'vector-mono.svg' : 'vector-color.svg',
        mime: 'image/svg+xml',
        data: Buffer.from(svg, 'utf8'),
      },
    ],
  };
}
