import sharp from 'sharp';
import { renderMeshSvg } from './mesh.render';
import { simplifyMesh } from './mesh.simplify';
import type { TMesh } from './mesh.types';

/** A generated cover's size (4:3, as the feed cards crop). */
export const PREVIEW_SIZE = { width: 1200, height: 900 } as const;
/** Triangles drawn: the SVG holds one polygon per visible facet, so this bounds its size and raster time. */
export const PREVIEW_MAX_TRIANGLES = 12_000;
/** Neutral studio look: a slate-blue filament on a pale grey sweep. */
const MESH_LOOK = {
  colour: '#8ea4bd',
  background: ['#f5f6f8', '#dfe3e8'],
  yaw: -35,
  pitch: 25,
} as const;
const SVG_BACKGROUND = '#f5f6f8';
/** An SVG design fills at most this share of the cover, centred on the background. */
const SVG_FILL = 0.86;
const INPUT = { limitInputPixels: 40_000_000, failOn: 'error' as const };

/** Every coordinate spread over at least two axes: a point or a line has no picture. */
function assertDrawable(mesh: TMesh): void {
  const extent = [0, 1, 2].map((axis) => {
    let [lo, hi] = [Infinity, -Infinity];
    for (let i = axis; i < mesh.positions.length; i += 3) {
      const v = mesh.positions[i] ?? 0;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    return hi - lo;
  });
  if (extent.filter((e) => e > 0).length < 2) throw new Error('mesh is flat in two axes');
}

/**
 * A PNG of a mesh with the camera fitted to it (renderMeshSvg scales the
 * projected bounds into the frame). `seconds` bounds the rasteriser.
 */
export async function renderMeshPreview(mesh: TMesh, seconds: number): Promise<Buffer> {
  assertDrawable(mesh);
  const svg = renderMeshSvg(simplifyMesh(mesh, PREVIEW_MAX_TRIANGLES), {
    ...PREVIEW_SIZE,
    ...MESH_LOOK,
  });
  if (/NaN|Infinity/.test(svg)) throw new Error('mesh did not project to finite coordinates');
  return sharp(Buffer.from(svg), INPUT)
    .timeout({ seconds })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/**
 * A PNG of an already sanitised SVG (modules/files/svg-sanitizer: no
 * reference leaves the file) scaled to fit and laid on a light background,
 * so transparent laser line art stays visible.
 */
export async function renderSvgPreview(svg: string, seconds: number): Promise<Buffer> {
  const input = Buffer.from(svg, 'utf8');
  const meta = await sharp(input, INPUT).metadata();
  if (!meta.width || !meta.height) throw new Error('svg without a size');
  const box = { width: PREVIEW_SIZE.width * SVG_FILL, height: PREVIEW_SIZE.height * SVG_FILL };
  // Rasterise near the final size (sharp reads SVG at 72 dpi) instead of scaling a bitmap.
  const scale = Math.min(box.width / meta.width, box.height / meta.height);
  const density = Math.min(20_000, Math.max(1, 72 * scale));
  const art = await sharp(input, { ...INPUT, density })
    .timeout({ seconds })
    .resize(Math.round(box.width), Math.round(box.height), { fit: 'inside' })
    .png()
    .toBuffer();
  return sharp({
    create: { ...PREVIEW_SIZE, channels: 3, background: SVG_BACKGROUND },
  })
    .composite([{ input: art, gravity: 'centre' }])
    .timeout({ seconds })
    .png({ compressionLevel: 1 })
    .toBuffer();
}
