import { describe, expect, it } from 'vitest';
import { signedVolume, triangulatePolygon } from './mesh.builder';
import { buildMeshModel, MESH_MODELS, type TMeshModel } from './mesh-models.generator';
import { encodeBinaryStl } from './stl.generator';

type TFacet = { normal: number[]; vertices: number[][] };

/** Reads a binary STL the way slicers do: header, count, then 50-byte facets. */
function parseStl(data: Buffer): { count: number; facets: TFacet[] } {
  const count = data.readUInt32LE(80);
  const facets: TFacet[] = [];
  for (let t = 0; t < count; t++) {
    const at = 84 + t * 50;
    const read = (k: number) => data.readFloatLE(at + k * 4);
    facets.push({
      normal: [read(0), read(1), read(2)],
      vertices: [
        [read(3), read(4), read(5)],
        [read(6), read(7), read(8)],
        [read(9), read(10), read(11)],
      ],
    });
  }
  return { count, facets };
}

/**
 * Closed and consistently wound: every directed edge appears once and its
 * reverse once, which also means each undirected edge has exactly two facets.
 */
function openEdges(facets: TFacet[]): number {
  const edges = new Map<string, number>();
  const key = (v: number[]) => v.join(',');
  for (const { vertices } of facets) {
    for (let k = 0; k < 3; k++) {
      const edge = `${key(vertices[k] ?? [])}>${key(vertices[(k + 1) % 3] ?? [])}`;
      edges.set(edge, (edges.get(edge) ?? 0) + 1);
    }
  }
  let open = 0;
  for (const [edge, count] of edges) {
    const [a, b] = edge.split('>');
    if (count !== 1 || edges.get(`${b}>${a}`) !== 1) open++;
  }
  return open;
}

const models = Object.keys(MESH_MODELS) as TMeshModel[];

describe('binary STL generator', () => {
  it.each(models)('%s: valid, closed, outward-facing meshes of plausible size', (model) => {
    const parts = buildMeshModel(model, model);
    expect(parts.length).toBeGreaterThan(0);
    for (const { part, mesh } of parts) {
      const stl = encodeBinaryStl(mesh, `${model}-${part}`);
      const { count, facets } = parseStl(stl);
      expect(count).toBe(mesh.triangles.length / 3);
      expect(stl.length).toBe(84 + 50 * count);
      expect(stl.subarray(0, 5).toString('ascii')).not.toBe('solid');
      for (const { normal } of facets) {
        expect(Math.abs(Math.hypot(...normal) - 1)).toBeLessThan(1e-4);
      }
      expect(openEdges(facets)).toBe(0);
      expect(signedVolume(mesh)).toBeGreaterThan(0);

      const all = facets.flatMap((f) => f.vertices);
      const min = [0, 1, 2].map((axis) => Math.min(...all.map((v) => v[axis] ?? 0)));
      const max = [0, 1, 2].map((axis) => Math.max(...all.map((v) => v[axis] ?? 0)));
      // Resting on the bed, centred, and within a 256 mm class build volume.
      expect(min[2]).toBeCloseTo(0, 4);
      for (let axis = 0; axis < 3; axis++) {
        const size = (max[axis] ?? 0) - (min[axis] ?? 0);
        expect(size).toBeGreaterThan(3);
        expect(size).toBeLessThanOrEqual(256);
      }
      expect(Math.abs((min[0] ?? 0) + (max[0] ?? 0))).toBeLessThan(1e-3);
    }
  });

  it('outward normals: the facet normal of the top of a box points up', () => {
    const [box] = buildMeshModel('storage-box', 'storage-box');
    const { facets } = parseStl(
      encodeBinaryStl(box?.mesh ?? { positions: [], triangles: [] }, 'box'),
    );
    const rim = facets.filter((f) => f.vertices.every((v) => Math.abs((v[2] ?? 0) - 42) < 1e-3));
    expect(rim.length).toBeGreaterThan(0);
    for (const f of rim) expect(f.normal[2]).toBeCloseTo(1, 5);
  });

  it('is deterministic, so stored files dedupe across runs', () => {
    const a = buildMeshModel('articulated-dragon', 'dragon').map((p) =>
      encodeBinaryStl(p.mesh, 'x'),
    );
    const b = buildMeshModel('articulated-dragon', 'dragon').map((p) =>
      encodeBinaryStl(p.mesh, 'x'),
    );
    expect(Buffer.concat(a).equals(Buffer.concat(b))).toBe(true);
  });

  it('triangulates a concave polygon without losing area', () => {
    const l = [
      [0, 0],
      [30, 0],
      [30, 10],
      [10, 10],
      [10, 40],
      [0, 40],
    ] as const;
    const triangles = triangulatePolygon(l);
    expect(triangles).toHaveLength(l.length - 2);
    const area = triangles.reduce((sum, [a, b, c]) => {
      const [p, q, r] = [l[a], l[b], l[c]] as [
        readonly number[],
        readonly number[],
        readonly number[],
      ];
      const cross =
        ((q[0] ?? 0) - (p[0] ?? 0)) * ((r[1] ?? 0) - (p[1] ?? 0)) -
        ((q[1] ?? 0) - (p[1] ?? 0)) * ((r[0] ?? 0) - (p[0] ?? 0));
      return sum + cross / 2;
    }, 0);
    expect(area).toBeCloseTo(30 * 10 + 10 * 30, 6);
  });
});
