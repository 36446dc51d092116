import type { TMesh } from './mesh.types';

export type TMeshView = {
  width: number;
  height: number;
  /** Turn about the vertical axis and camera elevation, in degrees. */
  yaw: number;
  pitch: number;
  /** Filament colour and the two background gradient stops. */
  colour: string;
  background: readonly [string, string];
};

const hex = (colour: string): [number, number, number] => {
  const v = Number.parseInt(colour.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
};

const toHex = (rgb: readonly number[]) =>
  `#${rgb
    .map((c) =>
      Math.max(0, Math.min(255, Math.round(c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/**
 * Flat-shaded preview of a mesh as SVG: rotate, cull back faces, sort far to
 * near (painter's algorithm) and shade each facet with Lambert plus ambient.
 * Good enough for convex-ish printed parts and needs no GPU or fonts.
 */
export function renderMeshSvg(mesh: TMesh, view: TMeshView): string {
  const yaw = (view.yaw * Math.PI) / 180;
  const pitch = (view.pitch * Math.PI) / 180;
  const [cy, sy, cp, sp] = [Math.cos(yaw), Math.sin(yaw), Math.cos(pitch), Math.sin(pitch)];
  const count = mesh.positions.length / 3;
  // Camera space: x right, u up, d depth (larger is farther).
  const sx = new Float64Array(count);
  const su = new Float64Array(count);
  const sd = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const x = mesh.positions[i * 3] ?? 0;
    const y = mesh.positions[i * 3 + 1] ?? 0;
    const z = mesh.positions[i * 3 + 2] ?? 0;
    const x1 = x * cy - y * sy;
    const y1 = x * sy + y * cy;
    sx[i] = x1;
    su[i] = z * cp + y1 * sp;
    sd[i] = y1 * cp - z * sp;
  }
  let [minX, maxX, minU, maxU] = [Infinity, -Infinity, Infinity, -Infinity];
  for (let i = 0; i < count; i++) {
    minX = Math.min(minX, sx[i] ?? 0);
    maxX = Math.max(maxX, sx[i] ?? 0);
    minU = Math.min(minU, su[i] ?? 0);
    maxU = Math.max(maxU, su[i] ?? 0);
  }
  const scale = Math.min((view.width * 0.7) / (maxX - minX), (view.height * 0.66) / (maxU - minU));
  const ox = view.width / 2 - ((minX + maxX) / 2) * scale;
  const oy = view.height * 0.52 + ((minU + maxU) / 2) * scale;
  const light = normalise([-0.45, 0.75, -0.5]);
  const base = hex(view.colour);
  const facets: { depth: number; svg: string }[] = [];
  const limit = 40;
  for (let t = 0; t < mesh.triangles.length; t += 3) {
    const [a, b, c] = [
      mesh.triangles[t] ?? 0,
      mesh.triangles[t + 1] ?? 0,
      mesh.triangles[t + 2] ?? 0,
    ];
    const e1 = [
      (sx[b] ?? 0) - (sx[a] ?? 0),
      (su[b] ?? 0) - (su[a] ?? 0),
      (sd[b] ?? 0) - (sd[a] ?? 0),
    ];
    const e2 = [
      (sx[c] ?? 0) - (sx[a] ?? 0),
      (su[c] ?? 0) - (su[a] ?? 0),
      (sd[c] ?? 0) - (sd[a] ?? 0),
    ];
    // Camera space (x, u, d) is left-handed, so the cross product is negated.
    const n = normalise([
      -((e1[1] ?? 0) * (e2[2] ?? 0) - (e1[2] ?? 0) * (e2[1] ?? 0)),
      -((e1[2] ?? 0) * (e2[0] ?? 0) - (e1[0] ?? 0) * (e2[2] ?? 0)),
      -((e1[0] ?? 0) * (e2[1] ?? 0) - (e1[1] ?? 0) * (e2[0] ?? 0)),
    ]);
    if ((n[2] ?? 0) >= 0) continue;
    const lambert = Math.max(0, n[0] * light[0] + n[1] * light[1] + n[2] * light[2]);
    const shade = 0.42 + 0.58 * lambert;
    const rim = 18 * Math.max(0, n[1]);
    const fill = toHex(base.map((ch) => ch * shade + rim));
    const screen = (i: number): TScreenPoint => [
      ox + (sx[i] ?? 0) * scale,
      oy - (su[i] ?? 0) * scale,
      sd[i] ?? 0,
    ];
    split(screen(a), screen(b), screen(c), fill, limit, facets);
  }
  facets.sort((p, q) => q.depth - p.depth);
  const shadowY = oy - minU * scale + 6;
  const shadowW = ((maxX - minX) * scale) / 2;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${view.width}" height="${view.height}" viewBox="0 0 ${view.width} ${view.height}">`,
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${view.background[0]}"/><stop offset="1" stop-color="${view.background[1]}"/></linearGradient>`,
    '<radialGradient id="glow" cx="0.5" cy="0.42" r="0.55"><stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>',
    // A radial gradient gives a soft shadow at a fraction of a blur filter's cost.
    '<radialGradient id="shadow"><stop offset="0" stop-color="#1f2430" stop-opacity="0.34"/><stop offset="0.6" stop-color="#1f2430" stop-opacity="0.16"/><stop offset="1" stop-color="#1f2430" stop-opacity="0"/></radialGradient>',
    '</defs>',
    `<rect width="${view.width}" height="${view.height}" fill="url(#bg)"/>`,
    `<rect width="${view.width}" height="${view.height}" fill="url(#glow)"/>`,
    `<ellipse cx="${(view.width / 2).toFixed(1)}" cy="${shadowY.toFixed(1)}" rx="${(shadowW * 1.25).toFixed(1)}" ry="${(shadowW * 0.2 + 14).toFixed(1)}" fill="url(#shadow)"/>`,
    '<g stroke-width="0.6" stroke-linejoin="round">',
    ...facets.map((f) => f.svg),
    '</g>',
    '</svg>',
  ].join('');
}

type TScreenPoint = [number, number, number];

/**
 * Painter's algorithm sorts whole facets, so long slivers (cap triangles
 * spanning a box floor) can be drawn over nearer walls. Splitting facets
 * longer than 40 px (thin ones excepted, they
 * rarely overlap wrongly and would bloat the SVG) keeps the depth order right for these simple parts.
 */
function split(
  p: TScreenPoint,
  q: TScreenPoint,
  r: TScreenPoint,
  fill: string,
  limit: number,
  out: { depth: number; svg: string }[],
): void {
  const len = (u: TScreenPoint, v: TScreenPoint) => Math.hypot(u[0] - v[0], u[1] - v[1]);
  const [pq, qr, rp] = [len(p, q), len(q, r), len(r, p)];
  const longest = Math.max(pq, qr, rp);
  const area = Math.abs((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])) / 2;
  if (longest > limit && area > 600) {
    const mid = (u: TScreenPoint, v: TScreenPoint): TScreenPoint => [
      (u[0] + v[0]) / 2,
      (u[1] + v[1]) / 2,
      (u[2] + v[2]) / 2,
    ];
    if (longest === pq) {
      const m = mid(p, q);
      split(p, m, r, fill, limit, out);
      split(m, q, r, fill, limit, out);
    } else if (longest === qr) {
      const m = mid(q, r);
      split(p, q, m, fill, limit, out);
      split(p, m, r, fill, limit, out);
    } else {
      const m = mid(r, p);
      split(p, q, m, fill, limit, out);
      split(m, q, r, fill, limit, out);
    }
    return;
  }
  const pts = [p, q, r].map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
  out.push({
    depth: (p[2] + q[2] + r[2]) / 3,
    svg: `<polygon points="${pts}" fill="${fill}" stroke="${fill}"/>`,
  });
}

function normalise(v: readonly number[]): [number, number, number] {
  const [x = 0, y = 0, z = 0] = v;
  const len = Math.hypot(x, y, z) || 1;
  return [x / len, y / len, z / len];
}
