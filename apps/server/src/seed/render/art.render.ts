import { createRandom, type TRandom } from '../generators/prng.util';
import { fmt } from '../generators/svg.generator';

const PALETTES = [
  ['#264653', '#2a9d8f', '#e9c46a', '#f4a261', '#e76f51'],
  ['#1d3557', '#457b9d', '#a8dadc', '#f1faee', '#e63946'],
  ['#5f0f40', '#9a031e', '#fb8b24', '#e36414', '#0f4c5c'],
  ['#22223b', '#4a4e69', '#9a8c98', '#c9ada7', '#f2e9e4'],
  ['#003049', '#d62828', '#f77f00', '#fcbf49', '#eae2b7'],
  ['#2b2d42', '#8d99ae', '#edf2f4', '#ef233c', '#d90429'],
  ['#0b132b', '#1c2541', '#3a506b', '#5bc0be', '#b9fbc0'],
  ['#ff595e', '#ffca3a', '#8ac926', '#1982c4', '#6a4c93'],
] as const;

const pickPalette = (rng: TRandom) => [...rng.pick(PALETTES)];

function shuffle<T>(items: T[], rng: TRandom): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/**
 * Bauhaus-style tile grid: each cell a quarter circle, half circle, disc or
 * triangle. Distinct per seed, readable at 32 px, and it needs no fonts.
 */
export function avatarSvg(seed: string, size = 256): string {
  const rng = createRandom(`avatar:${seed}`);
  const palette = pickPalette(rng);
  const grid = rng.pick([2, 3]);
  const cell = size / grid;
  const parts: string[] = [];
  for (let i = 0; i < grid; i++) {
    for (let j = 0; j < grid; j++) {
      const [x, y] = [i * cell, j * cell];
      const [bg, fg] = shuffle([...palette], rng);
      parts.push(
        `<rect x="${fmt(x)}" y="${fmt(y)}" width="${fmt(cell)}" height="${fmt(cell)}" fill="${bg}"/>`,
      );
      const kind = rng.int(0, 3);
      const corner = rng.int(0, 3);
      const [cx, cy] = [x + (corner % 2) * cell, y + Math.floor(corner / 2) * cell];
      if (kind === 0) {
        parts.push(`<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(cell)}" fill="${fg}"/>`);
      } else if (kind === 1) {
        parts.push(
          `<circle cx="${fmt(x + cell / 2)}" cy="${fmt(y + cell / 2)}" r="${fmt(cell * 0.34)}" fill="${fg}"/>`,
        );
      } else if (kind === 2) {
        const pts = [
          [x, y],
          [x + cell, y],
          [x + cell, y + cell],
          [x, y + cell],
        ].filter((_, k) => k !== corner);
        parts.push(
          `<polygon points="${pts.map(([a, b]) => `${fmt(a ?? 0)},${fmt(b ?? 0)}`).join(' ')}" fill="${fg}"/>`,
        );
      } else {
        parts.push(
          `<path d="M${fmt(x)} ${fmt(y + cell / 2)} A${fmt(cell / 2)} ${fmt(cell / 2)} 0 0 1 ${fmt(x + cell)} ${fmt(y + cell / 2)} Z" fill="${fg}"/>`,
        );
      }
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><clipPath id="c"><rect width="${size}" height="${size}"/></clipPath><g clip-path="url(#c)">${parts.join('')}</g></svg>`;
}

/**
 * Wide abstract banner art: a gradient sky, layered waves, a large disc and a
 * dot grid. Text is overlaid by the web app, so the image carries none.
 */
export function bannerSvg(seed: string, width: number, height: number): string {
  const rng = createRandom(`banner:${seed}`);
  const palette = pickPalette(rng);
  const [c0, c1, c2, c3, c4] = palette as [string, string, string, string, string];
  const parts: string[] = [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c0}"/><stop offset="1" stop-color="${c1}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
    `<circle cx="${fmt(width * rng.range(0.62, 0.82))}" cy="${fmt(height * rng.range(0.3, 0.5))}" r="${fmt(height * rng.range(0.28, 0.4))}" fill="${c3}" fill-opacity="0.9"/>`,
  ];
  for (let y = 0; y < 5; y++) {
    for (let x = 0; x < 8; x++) {
      parts.push(
        `<circle cx="${fmt(width * 0.06 + x * height * 0.06)}" cy="${fmt(height * 0.14 + y * height * 0.06)}" r="${fmt(height * 0.008)}" fill="#ffffff" fill-opacity="0.55"/>`,
      );
    }
  }
  [c2, c4, c1].forEach((fill, layer) => {
    const base = height * (0.62 + layer * 0.12);
    const [amp, freq, phase] = [height * rng.range(0.04, 0.09), rng.range(1, 2.2), rng.range(0, 6)];
    let d = `M0 ${fmt(height)}`;
    for (let i = 0; i <= 48; i++) {
      const x = (width * i) / 48;
      d += ` L${fmt(x)} ${fmt(base + amp * Math.sin((x / width) * Math.PI * 2 * freq + phase))}`;
    }
    parts.push(
      `<path d="${d} L${width} ${height} Z" fill="${fill}" fill-opacity="${layer === 2 ? 1 : 0.92}"/>`,
    );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}
