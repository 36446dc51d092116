import { describe, expect, it } from 'vitest';
import { asciiStlOf, binaryStlOf, cubeMesh } from '../../test/mesh-files';
import { parseObj } from './obj.parser';
import { MeshInvalidError, MeshTooLargeError, parseStl } from './stl.parser';

const LIMITS = { maxTriangles: 1000 };

/** Corner coordinates triangle by triangle, whatever the indexing. */
const corners = (mesh: { positions: number[]; triangles: number[] }) =>
  mesh.triangles.map((i) => mesh.positions.slice(i * 3, i * 3 + 3));

describe('parseStl', () => {
  const cube = cubeMesh(20);

  it('reads a binary STL facet by facet', () => {
    const mesh = parseStl(binaryStlOf(cube), LIMITS);
    expect(mesh.triangles).toHaveLength(36);
    expect(corners(mesh)).toEqual(corners(cube));
  });

  it('reads an ASCII STL, with exponents and odd spacing', () => {
    const mesh = parseStl(asciiStlOf(cube), LIMITS);
    expect(corners(mesh)).toEqual(corners(cube));
    const text = Buffer.from(
      '  solid x\nfacet normal 0 0 1\n outer loop\n  vertex 0 0 0\n\tvertex 1.5e1 0 0\n  vertex  0 2E1 -0\n endloop\nendfacet\nendsolid x\n',
    );
    expect(parseStl(text, LIMITS).positions).toEqual([0, 0, 0, 15, 0, 0, 0, 20, -0]);
  });

  it('takes a binary file whose header starts with "solid" as binary', () => {
    const mesh = parseStl(binaryStlOf(cube, 'solid but binary'), LIMITS);
    expect(corners(mesh)).toEqual(corners(cube));
  });

  it('drops facets with non-finite coordinates', () => {
    const data = binaryStlOf(cube);
    data.writeFloatLE(Number.NaN, 84 + 12);
    expect(parseStl(data, LIMITS).triangles).toHaveLength(33);
  });

  it('refuses more triangles than the limit, before reading them', () => {
    const header = Buffer.alloc(84);
    header.writeUInt32LE(5_000_000, 80);
    // A count far beyond the bytes is not binary-shaped and not ASCII either.
    expect(() => parseStl(header, LIMITS)).toThrow(MeshInvalidError);
    expect(() => parseStl(binaryStlOf(cube), { maxTriangles: 11 })).toThrow(MeshTooLargeError);
    expect(() => parseStl(asciiStlOf(cube), { maxTriangles: 11 })).toThrow(MeshTooLargeError);
  });

  it('refuses bytes that are no STL, and an STL without facets', () => {
    expect(() => parseStl(Buffer.from('PK\u0003\u0004 not a model at all'), LIMITS)).toThrow(
      MeshInvalidError,
    );
    expect(() => parseStl(Buffer.from('solid empty\nendsolid empty\n'), LIMITS)).toThrow(
      MeshInvalidError,
    );
    const header = Buffer.alloc(84);
    expect(() => parseStl(header, LIMITS)).toThrow(MeshInvalidError);
  });
});

describe('parseObj', () => {
  it('fans polygons and resolves relative and slashed indices', () => {
    const text = Buffer.from(
      '# quad\nv 0 0 0\nv 10 0 0\nv 10 10 0\nv 0 10 0\nvt 0 0\nf 1/1 2//1 3/1/1 4\nf -4 -3 -2\n',
    );
    const mesh = parseObj(text, LIMITS);
    expect(mesh.triangles).toEqual([0, 1, 2, 0, 2, 3, 0, 1, 2]);
    expect(mesh.positions).toHaveLength(12);
  });

  it('skips faces pointing at missing vertices and refuses a file without faces', () => {
    expect(parseObj(Buffer.from('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 9\nf 1 2 3\n'), LIMITS)).toEqual({
      positions: [0, 0, 0, 1, 0, 0, 0, 1, 0],
      triangles: [0, 1, 2],
    });
    expect(() => parseObj(Buffer.from('v 0 0 0\n'), LIMITS)).toThrow(MeshInvalidError);
    const many = `v 0 0 0\nv 1 0 0\nv 0 1 0\n${'f 1 2 3\n'.repeat(5)}`;
    expect(() => parseObj(Buffer.from(many), { maxTriangles: 4 })).toThrow(MeshTooLargeError);
  });
});
