/** A top-level group of a vector result: lasers cut hairlines and engrave fills. */
export type TSvgLayer = { id: string; role: 'cut' | 'engrave'; color: string; paths: number };

export type TSvgInfo = {
  layers: TSvgLayer[];
  /** The document's physical size when it says it in millimetres. */
  widthMm: number | null;
  heightMm: number | null;
};

function millimetres(value: string | null): number | null {
  const match = value?.trim().match(/^([\d.]+)mm$/);
  return match ? Number(match[1]) : null;
}

/**
 * Reads the layers of an SVG the engines write (one <g id> per layer; a cut
 * layer's paths have no fill and a hairline stroke, an engraved one is
 * filled). Nothing here runs the document: it is parsed as XML only.
 */
export function readSvgLayers(text: string): TSvgInfo | null {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement;
  if (root?.nodeName !== 'svg' || doc.getElementsByTagName('parsererror').length > 0) return null;
  const layers: TSvgLayer[] = [];
  for (const child of Array.from(root.children)) {
    if (child.nodeName !== 'g') continue;
    const paths = Array.from(child.getElementsByTagName('path'));
    const first = paths[0];
    const isCut = first ? first.getAttribute('fill') === 'none' : false;
    const color =
      (isCut ? first?.getAttribute('stroke') : first?.getAttribute('fill')) ?? '#000000';
    layers.push({
      id: child.getAttribute('id') || `layer-${layers.length + 1}`,
      role: isCut ? 'cut' : 'engrave',
      color,
      paths: paths.length,
    });
  }
  return {
    layers,
    widthMm: millimetres(root.getAttribute('width')),
    heightMm: millimetres(root.getAttribute('height')),
  };
}

/** The same document with some layers hidden, for the preview. */
export function withHiddenLayers(text: string, hidden: ReadonlySet<string>): string {
  if (hidden.size === 0) return text;
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement;
  let index = 0;
  for (const child of Array.from(root.children)) {
    if (child.nodeName !== 'g') continue;
    index += 1;
    const id = child.getAttribute('id') || `layer-${index}`;
    if (hidden.has(id)) child.setAttribute('display', 'none');
  }
  return new XMLSerializer().serializeToString(doc);
}

/** Layer ids named after the picture style asked for (the image-style engine): the role says it. */
const STYLE_IDS = new Set(['line_drawing', 'hatching', 'stipple', 'posterize']);

/**
 * What a layer's id adds to its role's name ("Engrave", "Cut"), in words the
 * page can translate: nothing when the id is the role or the style chosen
 * ("Engrave · engrave" said one thing twice), the colour's number for a
 * colour trace, the background for its base, else the id itself.
 */
export type TLayerDetail =
  | { kind: 'color'; n: number }
  | { kind: 'base' }
  | { kind: 'id'; id: string }
  | null;

export function layerDetail(layer: Pick<TSvgLayer, 'id' | 'role'>): TLayerDetail {
  const id = layer.id.toLowerCase();
  if (id === layer.role || STYLE_IDS.has(id)) return null;
  const color = id.match(/^colou?r-(\d+)$/);
  if (color) return { kind: 'color', n: Number(color[1]) };
  if (id === 'base') return { kind: 'base' };
  return { kind: 'id', id: layer.id };
}
