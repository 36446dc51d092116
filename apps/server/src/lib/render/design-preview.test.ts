import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cubeMesh } from '../../test/mesh-files';
import { PREVIEW_SIZE, renderMeshPreview, renderSvgPreview } from './design-preview';
import { simplifyMesh } from './mesh.simplify';
import type { TMesh } from './mesh.types';

/** A finely split sphere-like grid: many small triangles. */
function dense(n: number): TMesh {
  const positions: number[] = [];
  const triangles: number[] = [];
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j < 2 * n; j++) {
      const [th, ph] = [(i / n) * Math.PI, (j / n) * Math.PI];
      positions.push(Math.sin(th) * Math.cos(ph), Math.sin(th) * Math.sin(ph), Math.cos(th));
    }
  }
  const at = (i: number, j: number) => i * 2 * n + (j % (2 * n));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < 2 * n; j++) {
      triangles.push(
        at(i, j),
        at(i + 1, j),
        at(i + 1, j + 1),
        at(i, j),
        at(i + 1, j + 1),
        at(i, j + 1),
      );
    }
  }
  return { positions, triangles };
}

describe('simplifyMesh', () => {
  it('keeps a small mesh as it is and clusters a large one under the cap', () => {
    const cube = cubeMesh();
    expect(simplifyMesh(cube, 100)).toBe(cube);
    const sphere = dense(120);
    const small = simplifyMesh(sphere, 5000);
    expect(sphere.triangles.length / 3).toBeGreaterThan(50_000);
    expect(small.triangles.length / 3).toBeLessThanOrEqual(5000);
    expect(small.triangles.length / 3).toBeGreaterThan(1000);
    expect(Math.max(...small.triangles)).toBeLessThan(small.positions.length / 3);
  });
});

describe('previews', () => {
  it('draws a mesh as a 1200x900 picture with the part in the middle', async () => {
    const png = await renderMeshPreview(cubeMesh(), 2);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([PREVIEW_SIZE.width, PREVIEW_SIZE.height]);
    const pixel = (x: number, y: number) => {
      const i = (y * info.width + x) * info.channels;
      return [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
    };
    // The corner is the pale backdrop; the centre is the part, clearly darker.
    const [corner, centre] = [pixel(5, 5), pixel(600, 450)];
    expect(Math.min(...corner)).toBeGreaterThan(200);
    expect(Math.max(...centre)).toBeLessThan(200);
  });

  it('refuses a mesh with nothing to see', async () => {
    const line = { positions: [0, 0, 0, 1, 0, 0, 2, 0, 0], triangles: [0, 1, 2] };
    await expect(renderMeshPreview(line, 2)).rejects.toThrow(/flat/);
  });

  it('lays an SVG design on a light background, scaled to fit', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#000"/></svg>';
    const { data, info } = await sharp(await renderSvgPreview(svg, 2))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([1200, 900]);
    expect(data[0]).toBeGreaterThan(200);
    expect(data[(450 * 1200 + 600) * info.channels]).toBeLessThan(20);
    // The square was scaled up to most of the height.
    expect(data[(100 * 1200 + 600) * info.channels]).toBeLessThan(20);
  });
});
