import { Mesh, type Object3D } from 'three';
import { strToU8, zipSync } from 'three/examples/jsm/libs/fflate.module.js';
import { describe, expect, it } from 'vitest';
import { fakeNetwork } from '../../test/fake-network';
import { loadModel, parseModel } from './load-model';
import { formatModelDimensions } from './preview-format';

type TTriangle = [number, number, number][];

/** Two triangles spanning a 20 x 10 x 5 mm box from the origin. */
const TRIANGLES: TTriangle[] = [
  [
    [0, 0, 0],
    [20, 0, 0],
    [20, 10, 0],
  ],
  [
    [0, 0, 0],
    [20, 10, 0],
    [0, 10, 5],
  ],
];

const asciiStl = (triangles: TTriangle[]) =>
  [
    'solid bracket',
    ...triangles.flatMap((triangle) => [
      '  facet normal 0 0 1',
      '    outer loop',
      ...triangle.map(([x, y, z]) => `      vertex ${x} ${y} ${z}`),
      '    endloop',
      '  endfacet',
    ]),
    'endsolid bracket',
  ].join('\n');

/** Binary STL: 80-byte header, uint32 count, then 50 bytes per facet (normal, 3 vertices, attribute). */
function binaryStl(triangles: TTriangle[]): ArrayBuffer {
  const buffer = new ArrayBuffer(84 + 50 * triangles.length);
  const view = new DataView(buffer);
  view.setUint32(80, triangles.length, true);
  triangles.forEach((triangle, index) => {
    let offset = 84 + index * 50 + 12; // skip the normal: the loader keeps it as written
    for (const vertex of triangle) {
      for (const value of vertex) {
        view.setFloat32(offset, value, true);
        offset += 4;
      }
    }
  });
  return buffer;
}

const encode = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;

const meshesOf = (object: Object3D) => {
  const meshes: Mesh[] = [];
  object.traverse((child) => {
    if (child instanceof Mesh) meshes.push(child);
  });
  return meshes;
};

/** A minimal GLB: one triangle, positions in the binary chunk. */
function glb(): ArrayBuffer {
  const positions = new Float32Array([0, 0, 0, 30, 0, 0, 0, 40, 10]);
  const json = JSON.stringify({
    asset: { version: '2.0' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0 }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
    buffers: [{ byteLength: positions.byteLength }],
    bufferViews: [{ buffer: 0, byteOffset: 0, byteLength: positions.byteLength }],
    accessors: [
      {
        bufferView: 0,
        componentType: 5126,
        count: 3,
        type: 'VEC3',
        min: [0, 0, 0],
        max: [30, 40, 10],
      },
    ],
  });
  const jsonBytes = new TextEncoder().encode(json.padEnd(Math.ceil(json.length / 4) * 4, ' '));
  const total = 12 + 8 + jsonBytes.length + 8 + positions.byteLength;
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true); // 'glTF'
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonBytes.length, true);
  view.setUint32(16, 0x4e4f534a, true); // 'JSON'
  out.set(jsonBytes, 20);
  const bin = 20 + jsonBytes.length;
  view.setUint32(bin, positions.byteLength, true);
  view.setUint32(bin + 4, 0x004e4942, true); // 'BIN'
  out.set(new Uint8Array(positions.buffer), bin + 8);
  return out.buffer;
}

function threeMf(): ArrayBuffer {
  const model = `<?xml version="1.0" encoding="UTF-8"?>
<model unit="millimeter" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02">
  <resources>
    <object id="1" type="model">
      <mesh>
        <vertices>
          <vertex x="0" y="0" z="0" /><vertex x="12" y="0" z="0" />
          <vertex x="0" y="8" z="0" /><vertex x="0" y="0" z="4" />
        </vertices>
        <triangles>
          <triangle v1="0" v2="2" v3="1" /><triangle v1="0" v2="1" v3="3" />
          <triangle v1="0" v2="3" v3="2" /><triangle v1="1" v2="2" v3="3" />
        </triangles>
      </mesh>
    </object>
  </resources>
  <build><item objectid="1" /></build>
</model>`;
  const rels = `<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
  <Relationship Target="/3D/3dmodel.model" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel" />
</Relationships>`;
  const zipped = zipSync({ '_rels/.rels': strToU8(rels), '3D/3dmodel.model': strToU8(model) });
  return zipped.buffer.slice(
    zipped.byteOffset,
    zipped.byteOffset + zipped.byteLength,
  ) as ArrayBuffer;
}

describe('parseModel (three.js loaders, no WebGL needed)', () => {
  it('reads an ASCII STL into one mesh with the neutral material, Z up', async () => {
    const model = await parseModel(encode(asciiStl(TRIANGLES)), 'stl');
    const [mesh] = meshesOf(model.object);
    expect(mesh?.geometry.getAttribute('position').count).toBe(6);
    expect(mesh?.material).toMatchObject({ isMeshStandardMaterial: true, vertexColors: false });
    expect(model.upAxis).toBe('z');
    expect(model.box.min.toArray()).toEqual([0, 0, 0]);
    expect(model.box.max.toArray()).toEqual([20, 10, 5]);
    expect(formatModelDimensions(model.box)).toEqual({ x: '20.0', y: '10.0', z: '5.0' });
  });

  it('reads a binary STL built in memory', async () => {
    const shifted = TRIANGLES.map((triangle) =>
      triangle.map(([x, y, z]) => [x - 10, y - 2.5, z + 1] as [number, number, number]),
    );
    const model = await parseModel(binaryStl(shifted), 'stl');
    expect(meshesOf(model.object)[0]?.geometry.getAttribute('position').count).toBe(6);
    expect(model.box.min.toArray()).toEqual([-10, -2.5, 1]);
    expect(model.box.max.toArray()).toEqual([10, 7.5, 6]);
  });

  it('reads an OBJ and gives its meshes the neutral material (no .mtl comes along)', async () => {
    const obj = ['o plate', 'v 0 0 0', 'v 40 0 0', 'v 40 2 30', 'v 0 2 30', 'f 1 2 3 4'].join('\n');
    const model = await parseModel(encode(obj), 'obj');
    const meshes = meshesOf(model.object);
    expect(meshes).toHaveLength(1);
    expect(meshes[0]?.material).toMatchObject({ isMeshStandardMaterial: true });
    expect(model.upAxis).toBe('y');
    expect(formatModelDimensions(model.box)).toEqual({ x: '40.0', y: '2.0', z: '30.0' });
  });

  it('reads a GLB', async () => {
    const model = await parseModel(glb(), 'glb');
    expect(meshesOf(model.object)).toHaveLength(1);
    expect(model.box.max.toArray()).toEqual([30, 40, 10]);
  });

  it('reads a 3MF package', async () => {
    const model = await parseModel(threeMf(), '3mf');
    expect(meshesOf(model.object)).toHaveLength(1);
    expect(model.upAxis).toBe('z');
    expect(formatModelDimensions(model.box)).toEqual({ x: '12.0', y: '8.0', z: '4.0' });
  });

  it('rejects a 3MF that is not a 3MF package', async () => {
    await expect(parseModel(encode('not a zip'), '3mf')).rejects.toThrow();
  });
});

describe('loadModel', () => {
  it('fetches the file from its URL and parses it', async () => {
    fakeNetwork().on('GET', '/files/ab/bracket.stl', () => new Response(asciiStl(TRIANGLES)));
    const model = await loadModel('/files/ab/bracket.stl', 'stl');
    expect(model.box.max.toArray()).toEqual([20, 10, 5]);
  });

  it('fails when the server answers an error', async () => {
    fakeNetwork().on('GET', '/files/ab/gone.stl', () => new Response('', { status: 404 }));
    await expect(loadModel('/files/ab/gone.stl', 'stl')).rejects.toThrow(/404/);
  });
});
