import type { TMesh } from './mesh.types';

/** A model too large to preview within the time a request may spend on it. */
export class MeshTooLargeError extends Error {
  constructor(triangles: number) {
    super(`mesh has more than ${triangles} triangles`);
    this.name = 'MeshTooLargeError';
  }
}

/** Bytes that are not a model this parser understands. */
export class MeshInvalidError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'MeshInvalidError';
  }
}

export type TParseLimits = { maxTriangles: number };

const HEADER = 84;
const FACET = 50;

/**
 * Binary when the 32-bit count fits the byte length; a binary file may start
 * with "solid" too (some exporters write that header), so the count decides
 * first and the keyword only for files that are not binary-shaped.
 */
function isBinary(data: Buffer): boolean {
  if (data.length < HEADER) return false;
  const count = data.readUInt32LE(80);
  if (HEADER + count * FACET === data.length) return true;
  const head = data.subarray(0, 512).toString('latin1').trimStart().toLowerCase();
  return !head.startsWith('solid') && count > 0 && HEADER + count * FACET <= data.length;
}

/** Keeps a triangle only when all nine coordinates are finite numbers. */
function pushTriangle(positions: number[], coords: readonly number[]): boolean {
  for (const c of coords) if (!Number.isFinite(c)) return false;
  positions.push(...coords);
  return true;
}

/** Every corner its own vertex (STL shares none); indices 0..n-1. */
function unindexed(positions: number[]): TMesh {
  const count = positions.length / 3;
  const triangles = new Array<number>(count);
  for (let i = 0; i < count; i++) triangles[i] = i;
  return { positions, triangles };
}

function parseBinary(data: Buffer, limits: TParseLimits): TMesh {
  const count = data.readUInt32LE(80);
  if (count > limits.maxTriangles) throw new MeshTooLargeError(limits.maxTriangles);
  const positions: number[] = [];
  const coords = new Array<number>(9);
  for (let t = 0; t < count; t++) {
    // Skips the 12-byte facet normal: shading uses the winding, as slicers do.
    const at = HEADER + t * FACET + 12;
    for (let k = 0; k < 9; k++) coords[k] = data.readFloatLE(at + k * 4);
    pushTriangle(positions, coords);
  }
  return unindexed(positions);
}

const VERTEX = /vertex\s+(\S+)\s+(\S+)\s+(\S+)/g;

function parseAscii(data: Buffer, limits: TParseLimits): TMesh {
  const text = data.toString('latin1');
  const positions: number[] = [];
  const coords: number[] = [];
  let triangles = 0;
  for (const match of text.matchAll(VERTEX)) {
    coords.push(Number(match[1]), Number(match[2]), Number(match[3]));
    if (coords.length < 9) continue;
    if (++triangles > limits.maxTriangles) throw new MeshTooLargeError(limits.maxTriangles);
    pushTriangle(positions, coords);
    coords.length = 0;
  }
  return unindexed(positions);
}

/**
 * An STL file, binary or ASCII, as a mesh. Throws MeshTooLargeError above
 * `maxTriangles` (checked before the facets are read, for binary files) and
 * MeshInvalidError when no triangle could be read.
 */
export function parseStl(data: Buffer, limits: TParseLimits): TMesh {
  let mesh: TMesh;
  if (isBinary(data)) {
    mesh = parseBinary(data, limits);
  } else if (/^\s*solid\b/i.test(data.subarray(0, 256).toString('latin1'))) {
    mesh = parseAscii(data, limits);
  } else {
    throw new MeshInvalidError('neither a binary nor an ASCII STL');
  }
  if (mesh.triangles.length === 0) throw new MeshInvalidError('no triangles');
  return mesh;
}
