import sharp from 'sharp';
import type { TMesh } from '../src/lib/render/mesh.types';
import { photoScene } from '../src/test/engine-images';
import { binaryStlOf } from '../src/test/mesh-files';
import { multipartBody } from '../src/test/uploads';
import { buildZip } from '../src/test/zips';
import { bigSvg, type THostileUpload } from './hostile-mix';

/**
 * Uploads the app accepts and parses, each within SPEC's limits (design files
 * up to 200 MB, SVGs under the 200,000-element limit, covers up to 10 MB):
 * the load of the main bench's "/healthz during uploads" row. Every one is
 * sniffed, then sanitised (SVG), inspected entry by entry (3MF), hashed in
 * the upload pool (STL, DXF) or decoded into its variants (covers).
 */

/** A UV sphere of about `triangles` triangles, 100 mm across. */
function sphere(triangles: number): TMesh {
  const rings = Math.max(4, Math.round(Math.sqrt(triangles / 4)));
  const segments = rings * 2;
  const positions: number[] = [];
  for (let r = 0; r <= rings; r++) {
    const theta = (Math.PI * r) / rings;
    for (let s = 0; s < segments; s++) {
      const phi = (2 * Math.PI * s) / segments;
      positions.push(
        50 * Math.sin(theta) * Math.cos(phi),
        50 * Math.sin(theta) * Math.sin(phi),
        50 + 50 * Math.cos(theta),
      );
    }
  }
  const triangleList: number[] = [];
  for (let r = 0; r < rings; r++) {
    for (let s = 0; s < segments; s++) {
      const a = r * segments + s;
      const b = r * segments + ((s + 1) % segments);
      const c = a + segments;
      const d = b + segments;
      triangleList.push(a, c, b, b, c, d);
    }
  }
  return { positions, triangles: triangleList };
}

/** A 3MF: the package's content types and relationship, and the mesh as its model XML. */
async function threeMf(mesh: TMesh): Promise<Buffer> {
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<model unit="millimeter" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02">',
    '<resources><object id="1" type="model"><mesh><vertices>',
  ];
  const { positions, triangles } = mesh;
  for (let i = 0; i < positions.length; i += 3) {
    const [x, y, z] = [positions[i], positions[i + 1], positions[i + 2]].map((v) =>
      (v ?? 0).toFixed(4),
    );
    parts.push(`<vertex x="${x}" y="${y}" z="${z}"/>`);
  }
  parts.push('</vertices><triangles>');
  for (let i = 0; i < triangles.length; i += 3) {
    parts.push(
      `<triangle v1="${triangles[i]}" v2="${triangles[i + 1]}" v3="${triangles[i + 2]}"/>`,
    );
  }
  parts.push('</triangles></mesh></object></resources><build><item objectid="1"/></build></model>');
  return buildZip([
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Target="/3D/3dmodel.model" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/></Relationships>',
      ),
    },
    { name: '3D/3dmodel.model', data: Buffer.from(parts.join('\n')) },
  ]);
}

/** An ASCII DXF of `lines` LINE entities (a laser-cut pattern). */
function dxf(lines: number): Buffer {
  const parts = ['0', 'SECTION', '2', 'HEADER', '0', 'ENDSEC', '0', 'SECTION', '2', 'ENTITIES'];
  for (let i = 0; i < lines; i++) {
    const x = (i % 400) * 0.5;
    const y = Math.floor(i / 400) * 0.5;
    parts.push('0', 'LINE', '8', 'CUT', '10', x.toFixed(3), '20', y.toFixed(3), '30', '0.0');
    parts.push('11', (x + 0.4).toFixed(3), '21', (y + 0.3).toFixed(3), '31', '0.0');
  }
  parts.push('0', 'ENDSEC', '0', 'EOF', '');
  return Buffer.from(parts.join('\n'));
}

const megabytes = (data: Buffer) => data.length / 1024 / 1024;

async function item(
  label: string,
  kind: string,
  data: Buffer,
  name: string,
  type: string,
): Promise<THostileUpload> {
  return {
    label: `${label}, ${megabytes(data).toFixed(1)} MB`,
    form: await multipartBody({ kind }, [{ data, name, type }]),
    megabytes: megabytes(data),
  };
}

/**
 * BENCH_UPLOAD_SCALE (1) multiplies the design files' size: at 1, an SVG of
 * 80,000 elements (6 MB), a 3MF and a binary STL (10 MB) of a 200,000-triangle
 * sphere, a DXF of 50,000 lines (3 MB), and two photos as covers (JPEG
 * 4000×3000, PNG 2000²). Twice as big, the design files reached the upload
 * pool's 20 s cap on the shared 2-core machine at a load of 20 and were
 * refused (413): its threads run at nice 10 (ADR 0057).
 */
export async function acceptedUploads(scale = 1): Promise<THostileUpload[]> {
  const mesh = sphere(200_000 * scale);
  const photo = await photoScene(4000, 3000);
  const jpeg = await sharp(photo.png).jpeg({ quality: 90 }).toBuffer();
  const square = await photoScene(2000, 2000);
  return [
    await item(
      `SVG, ${Math.min(190, 80 * scale)}k elements`,
      'design',
      bigSvg(Math.min(190_000, 80_000 * scale)),
      'pattern.svg',
      'image/svg+xml',
    ),
    await item('3MF, sphere mesh', 'design', await threeMf(mesh), 'sphere.3mf', 'model/3mf'),
    await item(
      'STL, sphere mesh',
      'design',
      binaryStlOf(mesh, 'sphere'),
      'sphere.stl',
      'model/stl',
    ),
    await item(
      `DXF, ${50 * scale}k lines`,
      'design',
      dxf(50_000 * scale),
      'pattern.dxf',
      'image/vnd.dxf',
    ),
    await item('JPEG 4000×3000 cover', 'cover', jpeg, 'cover.jpg', 'image/jpeg'),
    await item('PNG 2000² cover', 'cover', square.png, 'cover.png', 'image/png'),
  ];
}
