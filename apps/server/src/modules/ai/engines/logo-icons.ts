import type { TLogoIcon } from '@layerline/contract';
import { difference, ellipse, polygon, rectangle, type TPolygon, union } from './logo-geometry';

/**
 * The icons the text-to-logo engine ships (DESIGN 5), drawn here as simple
 * closed shapes in a 10 x 10 mm box (y down), solid enough to engrave and
 * with no part thinner than about 0.6 mm at that size.
 */

function star(cx: number, cy: number, outer: number, inner: number, points = 5): TPolygon {
  const corners: [number, number][] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const angle = -Math.PI / 2 + (i * Math.PI) / points;
    corners.push([cx + r * Math.cos(angle), cy + r * Math.sin(angle)]);
  }
  return polygon(corners);
}

function heart(): TPolygon {
  const corners: [number, number][] = [];
  for (let i = 0; i < 96; i++) {
    const t = (i / 96) * Math.PI * 2;
    const x = 16 * Math.sin(t) ** 3;
    const y = 13 * Math.cos(t) - 5 * Math.cos(2 * t) - 2 * Math.cos(3 * t) - Math.cos(4 * t);
    corners.push([5 + x * 0.3, 4.6 - y * 0.3]);
  }
  return polygon(corners);
}

function gear(): TPolygon[] {
  const teeth = 8;
  const corners: [number, number][] = [];
  for (let i = 0; i < teeth * 4; i++) {
    const angle = (i / (teeth * 4)) * Math.PI * 2;
    const r = i % 4 < 2 ? 5 : 3.9;
    corners.push([5 + r * Math.cos(angle), 5 + r * Math.sin(angle)]);
  }
  return difference([polygon(corners)], [ellipse(5, 5, 1.6)]);
}

function leaf(): TPolygon[] {
  const corners: [number, number][] = [];
  for (let i = 0; i <= 40; i++) {
    const t = i / 40;
    corners.push([1 + 8 * t, 9 - 8 * t - 3.2 * Math.sin(Math.PI * t)]);
  }
  for (let i = 40; i >= 0; i--) {
    const t = i / 40;
    corners.push([1 + 8 * t, 9 - 8 * t + 3.2 * Math.sin(Math.PI * t)]);
  }
  const vein = polygon([
    [2.2, 8.2],
    [8, 2.4],
    [8.4, 2.8],
    [2.6, 8.6],
  ]);
  const stem = polygon([
    [0.3, 9.3],
    [1.4, 8.2],
    [1.8, 8.6],
    [0.7, 9.7],
  ]);
  return union([...difference([polygon(corners)], [vein]), stem]);
}

function mountain(): TPolygon[] {
  return union([
    polygon([
      [0, 9],
      [3.8, 2],
      [7.6, 9],
    ]),
    polygon([
      [4, 9],
      [6.9, 4],
      [10, 9],
    ]),
  ]);
}

function paw(): TPolygon[] {
  return union([
    ellipse(5, 6.8, 2.6, 2.2),
    ellipse(1.6, 4.4, 1.1, 1.4),
    ellipse(3.8, 2.4, 1.1, 1.5),
    ellipse(6.2, 2.4, 1.1, 1.5),
    ellipse(8.4, 4.4, 1.1, 1.4),
  ]);
}

/** A 3D printer hotend: heater block, nozzle cone and tip. */
function nozzle(): TPolygon[] {
  return union([
    rectangle(3.6, 0, 2.8, 2.2),
    rectangle(1.5, 2.2, 7, 3.6, 0.4),
    polygon([
      [3, 5.8],
      [7, 5.8],
      [5.6, 8.6],
      [4.4, 8.6],
    ]),
    rectangle(4.6, 8.6, 0.8, 0.9),
  ]);
}

/** A laser head, its beam and the spark where it meets the work. */
function laser(): TPolygon[] {
  return union([
    rectangle(2.5, 0, 5, 3.4, 0.5),
    polygon([
      [4.4, 3.4],
      [5.6, 3.4],
      [5.2, 7.2],
      [4.8, 7.2],
    ]),
    star(5, 8, 2, 0.7, 6),
  ]);
}

const ICONS: Record<TLogoIcon, () => TPolygon[]> = {
  gear,
  leaf,
  heart: () => [heart()],
  star: () => [star(5, 5.3, 5, 2)],
  mountain,
  paw,
  nozzle,
  laser,
};

/** The icon's outlines in a 10 x 10 mm box. */
export const iconOutlines = (icon: TLogoIcon): TPolygon[] => ICONS[icon]();
