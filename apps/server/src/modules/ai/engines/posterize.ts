/**
 * Posterisation to at most N flat colours for UV printing: median cut picks
 * starting inks (deterministic, so the same picture gives the same file), a
 * few k-means rounds move them to the centres of what they cover. Written
 * here because sharp's palette PNG treats the colour count as a hint.
 */

type TRgb = [number, number, number];
type TChannel = 0 | 1 | 2;

/** At most this many pixels decide the inks; every pixel is then mapped. */
const SAMPLE_SIZE = 60_000;
const KMEANS_ROUNDS = 6;

function medianCut(samples: TRgb[], count: number): TRgb[] {
  const boxes: TRgb[][] = [samples];
  while (boxes.length < count) {
    let widest = -1;
    let widestRange = 0;
    let widestChannel: TChannel = 0;
    boxes.forEach((box, index) => {
      if (box.length < 2) return;
      for (const c of [0, 1, 2] as const) {
        let lo = 255;
        let hi = 0;
        for (const color of box) {
          lo = Math.min(lo, color[c]);
          hi = Math.max(hi, color[c]);
        }
        if (hi - lo > widestRange) {
          widestRange = hi - lo;
          widest = index;
          widestChannel = c;
        }
      }
    });
    if (widest < 0) break;
    const box = (boxes[widest] as TRgb[]).sort((a, b) => a[widestChannel] - b[widestChannel]);
    const middle = box.length >> 1;
    boxes.splice(widest, 1, box.slice(0, middle), box.slice(middle));
  }
  return boxes.map((box) => {
    const sum: TRgb = [0, 0, 0];
    for (const color of box) for (const c of [0, 1, 2] as const) sum[c] += color[c];
    return sum.map((v) => v / box.length) as TRgb;
  });
}

function nearest(centres: TRgb[], r: number, g: number, b: number): number {
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let i = 0; i < centres.length; i++) {
    const [cr, cg, cb] = centres[i] as TRgb;
    const distance = (r - cr) ** 2 + (g - cg) ** 2 + (b - cb) ** 2;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = i;
    }
  }
  return best;
}

function refine(samples: TRgb[], centres: TRgb[]): TRgb[] {
  let current = centres;
  for (let round = 0; round < KMEANS_ROUNDS; round++) {
    const sums = current.map(() => [0, 0, 0, 0]);
    for (const [r, g, b] of samples) {
      const sum = sums[nearest(current, r, g, b)] as number[];
      sum[0] = (sum[0] as number) + r;
      sum[1] = (sum[1] as number) + g;
      sum[2] = (sum[2] as number) + b;
      sum[3] = (sum[3] as number) + 1;
    }
    current = current.map((centre, i) => {
      const [r, g, b, n] = sums[i] as [number, number, number, number];
      return n === 0 ? centre : [r / n, g / n, b / n];
    });
  }
  return current;
}

/**
 * `rgba`: straight RGBA; pixels whose alpha is 0 stay clear. Returns one
 * palette index per pixel (clear = index `inks.length`) and the inks.
 */
export function posterize(
  rgba: Uint8Array,
  pixelCount: number,
  count: number,
): { indices: Uint8Array; inks: TRgb[] } {
  const stride = Math.max(1, Math.floor(pixelCount / SAMPLE_SIZE));
  const samples: TRgb[] = [];
  for (let p = 0; p < pixelCount; p += stride) {
    const i = p * 4;
    if ((rgba[i + 3] as number) === 0) continue;
    samples.push([rgba[i] as number, rgba[i + 1] as number, rgba[i + 2] as number]);
  }
  const inks = samples.length === 0 ? [] : refine(samples, medianCut(samples, count));
  const rounded = inks.map((ink) => ink.map((v) => Math.round(v)) as TRgb);
  const indices = new Uint8Array(pixelCount);
  for (let p = 0, i = 0; p < pixelCount; p++, i += 4) {
    indices[p] =
      (rgba[i + 3] as number) === 0
        ? rounded.length
        : nearest(rounded, rgba[i] as number, rgba[i + 1] as number, rgba[i + 2] as number);
  }
  return { indices, inks: rounded };
}
