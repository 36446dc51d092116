import { Document, NodeIO } from '@gltf-transform/core';
import yazl from 'yazl';
import { renderMeshPreview } from '../../../lib/render/design-preview';
import type { TAiOutputFile } from '../ai-engine';
import type { TSolid } from './mesh-solid';

/**
 * The three files every image-to-3D engine writes for one solid (DESIGN 5):
 * binary STL for slicers, 3MF (millimetre unit declared) and GLB for the web
 * preview. Positions are millimetres, z up; GLB is y up in metres, as glTF
 * requires, so viewers show the true size.
 */

/** Binary STL: 80-byte header, triangle count, then normal, 3 corners and a spare word each. */
export function writeStl({ positions: p, indices: t }: TSolid, name: string): Buffer {
  const triangles = t.length / 3;
  const out = Buffer.alloc(84 + triangles * 50);
  out.write(`Layerline ${name}, millimetres`.slice(0, 80), 0, 'ascii');
  out.writeUInt32LE(triangles, 80);
  // DataView writes are several times faster than Buffer's writeFloatLE at millions of floats.
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  let o = 84;
  for (let k = 0; k < t.length; k += 3) {
    const a = (t[k] as number) * 3;
    const b = (t[k + 1] as number) * 3;
    const c = (t[k + 2] as number) * 3;
    const ux = (p[b] as number) - (p[a] as number);
    const uy = (p[b + 1] as number) - (p[a + 1] as number);
    const uz = (p[b + 2] as number) - (p[a + 2] as number);
    const vx = (p[c] as number) - (p[a] as number);
    const vy = (p[c + 1] as number) - (p[a + 1] as number);
    const vz = (p[c + 2] as number) - (p[a + 2] as number);
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    const length = Math.hypot(nx, ny, nz) || 1;
    view.setFloat32(o, nx / length, true);
    view.setFloat32(o + 4, ny / length, true);
    view.setFloat32(o + 8, nz / length, true);
    o += 12;
    for (const v of [a, b, c]) {
      view.setFloat32(o, p[v] as number, true);
      view.setFloat32(o + 4, p[v + 1] as number, true);
      view.setFloat32(o + 8, p[v + 2] as number, true);
      o += 12;
    }
    o += 2;
  }
  return out;
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/></Types>`;

const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Target="/3D/3dmodel.model" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/></Relationships>`;

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c,
  );

/** Shortest decimal of a float32 coordinate, to 4 places (0.1 µm). */
const coordinate = (value: number) => String(Math.round(value * 10_000) / 10_000);

/** 3MF core package: one object, one build item, unit millimetre. */
export function write3mf({ positions: p, indices: t }: TSolid, name: string): Promise<Buffer> {
  const parts: string[] = [
    `<?xml version="1.0" encoding="UTF-8"?>\n<model unit="millimeter" xml:lang="en-US" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02"><metadata name="Title">${escapeXml(name)}</metadata><metadata name="Application">Layerline</metadata><resources><object id="1" type="model" name="${escapeXml(name)}"><mesh><vertices>`,
  ];
  // Joined a block at a time: one string per vertex or triangle is slow at a million.
  let block: string[] = [];
  const flush = () => {
    parts.push(block.join(''));
    block = [];
  };
  for (let v = 0; v < p.length; v += 3) {
    block.push(
      `<vertex x="${coordinate(p[v] as number)}" y="${coordinate(p[v + 1] as number)}" z="${coordinate(p[v + 2] as number)}"/>`,
    );
    if (block.length === 8192) flush();
  }
  flush();
  parts.push('</vertices><triangles>');
  for (let k = 0; k < t.length; k += 3) {
    block.push(`<triangle v1="${t[k]}" v2="${t[k + 1]}" v3="${t[k + 2]}"/>`);
    if (block.length === 8192) flush();
  }
  flush();
  parts.push('</triangles></mesh></object></resources><build><item objectid="1"/></build></model>');
  const zip = new yazl.ZipFile();
  const mtime = new Date(Date.UTC(2025, 0, 1));
  zip.addBuffer(Buffer.from(CONTENT_TYPES), '[Content_Types].xml', { mtime });
  zip.addBuffer(Buffer.from(ROOT_RELS), '_rels/.rels', { mtime });
  // Level 1: the XML is highly repetitive, so fast deflate packs it nearly as well, several times sooner.
  zip.addBuffer(Buffer.concat(parts.map((part) => Buffer.from(part))), '3D/3dmodel.model', {
    mtime,
    compressionLevel: 1,
  });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** GLB: one mesh, positions in metres with y up (x, z, -y of our millimetres). */
export async function writeGlb(
  { positions: p, indices: t }: TSolid,
  name: string,
): Promise<Buffer> {
  const document = new Document();
  const buffer = document.createBuffer();
  const metres = new Float32Array(p.length);
  for (let v = 0; v < p.length; v += 3) {
    metres[v] = (p[v] as number) / 1000;
    metres[v + 1] = (p[v + 2] as number) / 1000;
    metres[v + 2] = -(p[v + 1] as number) / 1000;
  }
  const position = document
    .createAccessor('POSITION')
    .setType('VEC3')
    .setArray(metres)
    .setBuffer(buffer);
  const indices = document
    .createAccessor('indices')
    .setType('SCALAR')
    .setArray(t)
    .setBuffer(buffer);
  const material = document
    .createMaterial('material')
    .setBaseColorFactor([0.85, 0.85, 0.82, 1])
    .setRoughnessFactor(0.8)
    .setMetallicFactor(0);
  const primitive = document
    .createPrimitive()
    .setAttribute('POSITION', position)
    .setIndices(indices)
    .setMaterial(material);
  const mesh = document.createMesh(name).addPrimitive(primitive);
  const node = document.createNode(name).setMesh(mesh);
  document.createScene('scene').addChild(node);
  document.getRoot().getAsset().generator = 'Layerline';
  const glb = await new NodeIO().writeBinary(document);
  return Buffer.from(glb.buffer, glb.byteOffset, glb.byteLength);
}

/**
 * A picture of the solid for the records list and a published work's cover:
 * the cover renderer's view of uploaded models (ADR 0005), drawn here in the
 * engine's thread. A model that cannot be drawn simply has no picture.
 */
async function renderThumbnail({ positions, indices }: TSolid): Promise<Buffer | null> {
  try {
    return await renderMeshPreview(
      { positions: Array.from(positions), triangles: Array.from(indices) },
      10,
    );
  } catch {
    return null;
  }
}

/**
 * STL, 3MF and GLB of one solid, named `<base>.stl` and so on, and a PNG
 * picture of it (`<base>.png`); `progress` after each file.
 */
export async function meshFiles(
  solid: TSolid,
  base: string,
  progress?: (fraction: number) => void,
): Promise<TAiOutputFile[]> {
  const stl = writeStl(solid, base);
  progress?.(0.2);
  const threeMf = await write3mf(solid, base);
  progress?.(0.75);
  const glb = await writeGlb(solid, base);
  progress?.(0.9);
  const thumbnail = await renderThumbnail(solid);
  progress?.(1);
  return [
    { filename: `${base}.stl`, mime: 'model/stl', data: stl },
    { filename: `${base}.3mf`, mime: 'model/3mf', data: threeMf },
    { filename: `${base}.glb`, mime: 'model/gltf-binary', data: glb },
    ...(thumbnail ? [{ filename: `${base}.png`, mime: 'image/png', data: thumbnail }] : []),
  ];
}
