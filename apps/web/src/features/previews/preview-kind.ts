/**
 * Which viewer a design file opens in (ADR 0005 lists the design formats).
 * The name decides first because the server stores files under their own
 * extension; the MIME type helps when a name carries none. STEP, G-code, ZIP,
 * LightBurn and xTool projects have no in-browser preview and answer null.
 */
export type TPreviewKind = 'model' | 'vector' | 'pdf' | 'image';

export type TModelFormat = 'stl' | '3mf' | 'obj' | 'glb' | 'gltf';

export type TVectorFormat = 'svg' | 'dxf';

// Maps, not object literals: a name like 'x.constructor' must not find Object's prototype.
const MODEL_EXTENSIONS = new Map<string, TModelFormat>([
  ['stl', 'stl'],
  ['3mf', '3mf'],
  ['obj', 'obj'],
  ['glb', 'glb'],
  ['gltf', 'gltf'],
]);

const VECTOR_EXTENSIONS = new Map<string, TVectorFormat>([
  ['svg', 'svg'],
  ['dxf', 'dxf'],
]);

const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'webp', 'gif']);

const MODEL_MIMES = new Map<string, TModelFormat>([
  ['model/stl', 'stl'],
  ['model/x.stl-binary', 'stl'],
  ['model/x.stl-ascii', 'stl'],
  ['application/sla', 'stl'],
  ['application/vnd.ms-pki.stl', 'stl'],
  ['model/3mf', '3mf'],
  ['application/vnd.ms-package.3dmanufacturing-3dmodel+xml', '3mf'],
  ['model/obj', 'obj'],
  ['model/gltf-binary', 'glb'],
  ['model/gltf+json', 'gltf'],
]);

const VECTOR_MIMES = new Map<string, TVectorFormat>([
  ['image/svg+xml', 'svg'],
  ['image/vnd.dxf', 'dxf'],
  ['image/x-dxf', 'dxf'],
  ['application/dxf', 'dxf'],
]);

const IMAGE_MIMES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

/** The lower-case extension of a file name or URL path, without query or hash. */
export function extensionOf(filename: string): string {
  const path = filename.split(/[?#]/, 1)[0] ?? '';
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

const mimeOf = (mime?: string) => (mime ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';

function kindOfExtension(ext: string): TPreviewKind | null {
  if (MODEL_EXTENSIONS.has(ext)) return 'model';
  if (VECTOR_EXTENSIONS.has(ext)) return 'vector';
  if (ext === 'pdf') return 'pdf';
  if (IMAGE_EXTENSIONS.has(ext)) return 'image';
  return null;
}

function kindOfMime(mime: string): TPreviewKind | null {
  if (MODEL_MIMES.has(mime)) return 'model';
  if (VECTOR_MIMES.has(mime)) return 'vector';
  if (mime === 'application/pdf') return 'pdf';
  if (IMAGE_MIMES.has(mime)) return 'image';
  return null;
}

export function previewKindOf(filename: string, mime?: string): TPreviewKind | null {
  const ext = extensionOf(filename);
  // A known extension wins: browsers and servers often label STL or DXF as
  // application/octet-stream, and a name is what the uploader chose.
  if (ext) {
    const byName = kindOfExtension(ext);
    if (byName) return byName;
  }
  return kindOfMime(mimeOf(mime));
}

export function modelFormatOf(filename: string, mime?: string): TModelFormat | null {
  return MODEL_EXTENSIONS.get(extensionOf(filename)) ?? MODEL_MIMES.get(mimeOf(mime)) ?? null;
}

export function vectorFormatOf(filename: string, mime?: string): TVectorFormat | null {
  return VECTOR_EXTENSIONS.get(extensionOf(filename)) ?? VECTOR_MIMES.get(mimeOf(mime)) ?? null;
}
