import sharp from 'sharp';
import { expect } from 'vitest';
import { AiEngineError, type TAiFailureReason, type TEngineContext } from '../modules/ai/ai-engine';

/**
 * What a laser or UV machine's software needs from an SVG (DESIGN 5): it
 * parses, sizes in millimetres with a matching viewBox, holds only paths (no
 * text, no embedded raster), and every subpath is closed.
 */
export async function expectMachineSvg(
  svg: string,
  widthMm: number,
): Promise<{ heightMm: number }> {
  expect(svg).not.toMatch(/<text|<image|<foreignObject|data:/i);
  const root = svg.match(
    /<svg [^>]*width="([\d.]+)mm" height="([\d.]+)mm" viewBox="0 0 ([\d.]+) ([\d.]+)"/,
  );
  expect(root, 'svg root with mm size and viewBox').not.toBeNull();
  const [, width, height, viewWidth, viewHeight] = (root as RegExpMatchArray).map(Number);
  expect(width).toBeCloseTo(widthMm, 2);
  expect(viewWidth).toBe(width);
  expect(viewHeight).toBe(height);
  const shapes = svg.match(/<(?!svg|\/|\?|g[ >])[a-zA-Z]+/g) ?? [];
  expect(new Set(shapes)).toEqual(new Set(['<path']));
  for (const [, d] of svg.matchAll(/ d="([^"]*)"/g)) {
    const subpaths = (d as string).split(/(?=M)/);
    for (const subpath of subpaths) expect(subpath.trim().endsWith('Z')).toBe(true);
  }
  // librsvg is a strict XML parser: a file it draws at the declared size parses
  // (at density 72 one inch, 25.4 mm, is 72 pixels).
  const { info } = await sharp(Buffer.from(svg), { density: 72 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect(Math.abs(info.width - ((width as number) / 25.4) * 72)).toBeLessThanOrEqual(1);
  return { heightMm: height as number };
}

/** The promise rejects with AiEngineError of this reason and a message for people. */
export async function expectEngineError(
  run: Promise<unknown>,
  reason: TAiFailureReason,
  message: RegExp,
): Promise<void> {
  const error = await run.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AiEngineError);
  expect((error as AiEngineError).reason).toBe(reason);
  expect((error as AiEngineError).message).toMatch(message);
}

/**
 * An engine context that reads the given files by URL and records the SPEC 4
 * stages passed (each once, in order) and every progress report.
 */
export function engineContext(
  files: Record<string, Buffer>,
  signal = new AbortController().signal,
) {
  const stages: string[] = [];
  const reports: { stage: string; percent: number }[] = [];
  const ctx: TEngineContext = {
    signal,
    progress: (stage, percent) => {
      reports.push({ stage, percent });
      if (stages.at(-1) !== stage) stages.push(stage);
    },
    readFile: async (url) => {
      const found = files[url];
      if (!found) throw new Error(`no file ${url}`);
      return found;
    },
  };
  return { ctx, stages, reports };
}
