import type { TMesh } from '../lib/render/mesh.types';

/** A `size` mm cube resting on the bed, outward-wound (12 triangles). */
export function cubeMesh(size = 20): TMesh {
  const s = size;
  // biome-ignore format: corner table
  const positions = [0,0,0, s,0,0, s,s,0, 0,s,0, 0,0,s, s,0,s, s,s,s, 0,s,s];
  // biome-ignore format: face table
  const triangles = [
    0,2,1, 0,3,2, 4,5,6, 4,6,7, 0,1,5, 0,5,4, 1,2,6, 1,6,5, 2,3,7, 2,7,6, 3,0,4, 3,4,7,
  ];
  return { positions, triangles };
}

const corner = (mesh: TMesh, t: number, k: number) => {
  const i = (mesh.triangles[t * 3 + k] ?? 0) * 3;
  return [mesh.positions[i] ?? 0, mesh.positions[i + 1] ?? 0, mesh.positions[i + 2] ?? 0];
};

/** Binary STL of a mesh (normals left zero, as some exporters write them). */
export function binaryStlOf(mesh: TMesh, header = 'test part'): Buffer {
  const count = mesh.triangles.length / 3;
  const out = Buffer.alloc(84 + 50 * count);
  out.write(header, 0, 'latin1');
  out.writeUInt32LE(count, 80);
  for (let t = 0; t < count; t++) {
    for (let k = 0; k < 3; k++) {
      corner(mesh, t, k).forEach((v, axis) => {
        out.writeFloatLE(v, 84 + t * 50 + 12 + k * 12 + axis * 4);
      });
    }
  }
  return out;
}

/** ASCII STL of a mesh. */
export function asciiStlOf(mesh: TMesh, name = 'part'): Buffer {
  const lines = [`solid ${name}`];
  for (let t = 0; t < mesh.triangles.length / 3; t++) {
    lines.push('  facet normal 0 0 0', '    outer loop');
    for (let k = 0; k < 3; k++) lines.push(`      vertex ${corner(mesh, t, k).join(' ')}`);
    lines.push('    endloop', '  endfacet');
  }
  lines.push(`endsolid ${name}`, '');
  return Buffer.from(lines.join('\n'));
}

/** Wavefront OBJ of a mesh (1-based face indices). */
export function objOf(mesh: TMesh): Buffer {
  const lines = ['# test part'];
  for (let i = 0; i < mesh.positions.length; i += 3) {
    lines.push(`v ${mesh.positions.slice(i, i + 3).join(' ')}`);
  }
  for (let t = 0; t < mesh.triangles.length; t += 3) {
    lines.push(
      `f ${mesh.triangles
        .slice(t, t + 3)
        .map((i) => i + 1)
        .join(' ')}`,
    );
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}
