import { NodeIO } from '@gltf-transform/core';
import { validateBytes } from 'gltf-validator';
import sharp from 'sharp';
import { expect } from 'vitest';
import { PREVIEW_SIZE } from '../../../lib/render/design-preview';
import { inspectMesh, read3mfModel, readBinaryStl, topHeightsAt } from '../../../test/mesh-checks';
import { readZip } from '../../../test/zips';
import type { TAiResult } from '../ai-engine';

/**
 * The mesh engines' results checked (mesh.engine.test.ts): the files a job
 * wrote, DESIGN 5's mesh rules on them, and the grey-step picture whose
 * heights are known.
 */

/** The data of the result's file with this extension. */
export const file = (result: TAiResult, ext: string) => {
  const found = result.files.find((candidate) => candidate.filename.endsWith(`.${ext}`));
  if (!found) throw new Error(`no .${ext} file`);
  return found.data;
};

/** DESIGN 5 mesh rules, on the STL and the 3MF the engine wrote. */
export async function expectSolid(result: TAiResult, size: [number, number | null, number]) {
  expect(result.files.map((f) => f.filename.split('.').pop()).sort()).toEqual([
    '3mf',
    'glb',
    'png',
    'stl',
  ]);
  // The picture of the result (records list, a published work's cover): a PNG drawn from the mesh.
  const png = result.files.find((f) => f.filename.endsWith('.png'));
  expect(png?.mime).toBe('image/png');
  // The cover renderer's frame, with the model drawn across a good part of it: the
  // pale background (every channel over 200) against the slate-blue part in the middle.
  const picture = await sharp(png?.data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  expect([picture.info.width, picture.info.height]).toEqual([
    PREVIEW_SIZE.width,
    PREVIEW_SIZE.height,
  ]);
  const isPart = (p: number) => {
    const at = p * picture.info.channels;
    return Math.min(...picture.data.subarray(at, at + 3)) < 200;
  };
  let part = 0;
  for (let p = 0; p < picture.info.width * picture.info.height; p++) part += isPart(p) ? 1 : 0;
  const share = part / (picture.info.width * picture.info.height);
  expect(share).toBeGreaterThan(0.1);
  expect(share).toBeLessThan(0.9);
  expect(isPart(0)).toBe(false);
  const stl = inspectMesh(readBinaryStl(file(result, 'stl')));
  // Simplified (a plain ramp is a handful of planes), but never an empty shell.
  expect(stl.triangles).toBeGreaterThan(10);
  expect(stl.badEdges).toBe(0);
  expect(stl.degenerate).toBe(0);
  expect(stl.volume).toBeGreaterThan(0);
  for (let axis = 0; axis < 3; axis++) {
    const want = size[axis];
    if (want === null || want === undefined) continue;
    expect(Math.abs((stl.size[axis] as number) - want)).toBeLessThanOrEqual(0.1);
  }
  const parts = await readZip(file(result, '3mf'));
  expect([...parts.keys()].sort()).toEqual([
    '3D/3dmodel.model',
    '[Content_Types].xml',
    '_rels/.rels',
  ]);
  expect(parts.get('_rels/.rels')?.toString()).toContain('Target="/3D/3dmodel.model"');
  const model = parts.get('3D/3dmodel.model')?.toString() ?? '';
  expect(model).toMatch(/<model unit="millimeter"/);
  const threeMf = inspectMesh(read3mfModel(model));
  expect(threeMf.triangles).toBe(stl.triangles);
  expect(threeMf.badEdges).toBe(0);
  expect(threeMf.volume).toBeCloseTo(stl.volume, 0);
  // The same size in millimetres as the STL, axis by axis.
  threeMf.size.forEach((mm, axis) => {
    expect(mm).toBeCloseTo(stl.size[axis] as number, 3);
  });
  const report = await validateBytes(new Uint8Array(file(result, 'glb')));
  expect(report.issues.messages.filter((m) => m.severity === 0)).toEqual([]);
  expect(report.issues.numErrors).toBe(0);
  expect(report.info?.totalTriangleCount).toBe(stl.triangles);
  // The GLB read back: the same solid in metres, y up (glTF 2.0 §3.4).
  const glb = await new NodeIO().readBinary(new Uint8Array(file(result, 'glb')));
  const primitive = glb.getRoot().listMeshes()[0]?.listPrimitives()[0];
  const position = primitive?.getAttribute('POSITION');
  if (!primitive || !position) throw new Error('no positions in the GLB');
  const [max, min] = [position.getMax([]), position.getMin([])];
  [stl.size[0], stl.size[2], stl.size[1]].forEach((mm, axis) => {
    const extent = (max[axis] as number) - (min[axis] as number);
    expect(extent).toBeCloseTo((mm as number) / 1000, 6);
  });
  return stl;
}

/** Four flat grey bands, black to white, 100 × 100 px each: darkness 1, 2/3, 1/3 and 0. */
export const greySteps = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100">${[0, 85, 170, 255]
        .map((g, k) => `<rect x="${k * 100}" width="100" height="100" fill="rgb(${g},${g},${g})"/>`)
        .join('')}</svg>`,
    ),
  )
    .png()
    .toBuffer();

/**
 * Heights read back from the (simplified) STL in the middle of each band of
 * greySteps laid out `widthMm` wide: DESIGN 5, heights follow the pixels, the
 * surface within 0.05 mm of the unsimplified one.
 */
export async function bandHeights(result: TAiResult, widthMm: number) {
  const mesh = readBinaryStl(file(result, 'stl'));
  const depth = inspectMesh(mesh).size[1] as number;
  const band = widthMm / 4;
  return topHeightsAt(
    mesh,
    [0, 1, 2, 3].map((k) => [(k + 0.5) * band, depth / 2] as [number, number]),
  );
}
