import {
  parseXml,
  serializeXml,
  type TXmlElement,
  type TXmlLimits,
  type TXmlNode,
  XmlLimitError,
} from './xml-parser';

export const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
const XLINK_NAMESPACE = 'http://www.w3.org/1999/xlink';

/**
 * Elements an uploaded SVG may keep: shapes, text, paint servers, clipping,
 * masking and filter primitives. Not script, foreignObject, animation (it can
 * rewrite attributes), feImage or anything from another namespace.
 */
// biome-ignore format: a word list
const ELEMENTS = new Set([
  'svg', 'g', 'defs', 'symbol', 'use', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline',
  'polygon', 'text', 'tspan', 'textPath', 'title', 'desc', 'linearGradient', 'radialGradient',
  'stop', 'clipPath', 'mask', 'pattern', 'marker', 'image', 'style', 'filter', 'feBlend',
  'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix', 'feDiffuseLighting',
  'feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA', 'feFuncB',
  'feFuncG', 'feFuncR', 'feGaussianBlur', 'feMerge', 'feMergeNode', 'feMorphology', 'feOffset',
  'fePointLight', 'feSpecularLighting', 'feSpotLight', 'feTile', 'feTurbulence',
]);

/** Links are unwrapped: their drawing stays, the link goes. */
const UNWRAP = new Set(['a', 'switch']);

/** Presentation properties, usable as attributes and in style declarations. */
// biome-ignore format: a word list
const PROPERTIES = [
  'clip-path', 'clip-rule', 'color', 'color-interpolation', 'color-interpolation-filters',
  'display', 'dominant-baseline', 'fill', 'fill-opacity', 'fill-rule', 'filter', 'flood-color',
  'flood-opacity', 'font', 'font-family', 'font-size', 'font-size-adjust', 'font-stretch',
  'font-style', 'font-variant', 'font-weight', 'image-rendering', 'isolation', 'letter-spacing',
  'lighting-color', 'marker', 'marker-end', 'marker-mid', 'marker-start', 'mask', 'mix-blend-mode',
  'opacity', 'overflow', 'paint-order', 'shape-rendering', 'stop-color', 'stop-opacity', 'stroke',
  'stroke-dasharray', 'stroke-dashoffset', 'stroke-linecap', 'stroke-linejoin',
  'stroke-miterlimit', 'stroke-opacity', 'stroke-width', 'text-anchor', 'text-decoration',
  'text-rendering', 'transform', 'transform-origin', 'vector-effect', 'visibility',
  'word-spacing', 'writing-mode', 'alignment-baseline', 'baseline-shift', 'enable-background',
];
const CSS_PROPERTIES = new Set(PROPERTIES);

// biome-ignore format: a word list
const ATTRIBUTES = new Set([
  ...PROPERTIES,
  'id', 'class', 'style', 'd', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx',
  'fy', 'fr', 'dx', 'dy', 'width', 'height', 'points', 'viewBox', 'preserveAspectRatio',
  'version', 'baseProfile', 'rotate', 'textLength', 'lengthAdjust', 'startOffset', 'method',
  'spacing', 'side', 'pathLength', 'offset', 'gradientUnits', 'gradientTransform',
  'spreadMethod', 'patternUnits', 'patternContentUnits', 'patternTransform', 'clipPathUnits',
  'maskUnits', 'maskContentUnits', 'markerWidth', 'markerHeight', 'markerUnits', 'refX', 'refY',
  'orient', 'filterUnits', 'primitiveUnits', 'in', 'in2', 'result', 'stdDeviation', 'mode',
  'operator', 'k1', 'k2', 'k3', 'k4', 'type', 'values', 'tableValues', 'slope', 'intercept',
  'amplitude', 'exponent', 'radius', 'scale', 'xChannelSelector', 'yChannelSelector',
  'baseFrequency', 'numOctaves', 'seed', 'stitchTiles', 'order', 'kernelMatrix', 'divisor',
  'bias', 'targetX', 'targetY', 'edgeMode', 'preserveAlpha', 'surfaceScale', 'diffuseConstant',
  'specularConstant', 'specularExponent', 'azimuth', 'elevation', 'z', 'pointsAtX', 'pointsAtY',
  'pointsAtZ', 'limitingConeAngle', 'href', 'xlink:href', 'xml:space', 'xmlns', 'xmlns:xlink',
  'media',
]);

/** Raster images embedded in the file (laser designs often carry a bitmap); never a URL. */
const RASTER_DATA_URI = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*$/;
const URL_REFERENCE = /url\s*\(\s*(['"]?)([^)'"]*)\1\s*\)/gi;

/** Control characters and white space that browsers ignore inside a URL scheme. */
const compact = (value: string) => value.replace(/[\s\p{Cc}]+/gu, '').toLowerCase();

/** Every url(...) points inside the document (url(#id)), and nothing can run or import. */
function isSafeCss(value: string): boolean {
  // Nothing below can happen without one of these; path data stays on the fast path.
  if (!/[:(\\@<]/.test(value)) return true;
  const lowered = compact(value);
  if (/expression\(|javascript:|vbscript:|@import|-moz-binding|behavior:|\\|<\//.test(lowered)) {
    return false;
  }
  for (const match of value.matchAll(URL_REFERENCE)) {
    if (!(match[2] ?? '').trim().startsWith('#')) return false;
  }
  const urls = lowered.split('url(').length - 1;
  return urls === [...value.matchAll(URL_REFERENCE)].length;
}

function sanitizeStyle(style: string): string {
  return style
    .split(';')
    .map((declaration) => declaration.trim())
    .filter((declaration) => {
      const colon = declaration.indexOf(':');
      if (colon <= 0) return false;
      const property = declaration.slice(0, colon).trim().toLowerCase();
      return CSS_PROPERTIES.has(property) && isSafeCss(declaration.slice(colon + 1));
    })
    .join(';');
}

function sanitizeAttribute(element: string, name: string, value: string): string | undefined {
  if (!ATTRIBUTES.has(name)) return undefined;
  if (name === 'href' || name === 'xlink:href') {
    const target = value.trim();
    if (target.startsWith('#')) return target;
    return element === 'image' && RASTER_DATA_URI.test(target) ? target : undefined;
  }
  if (name === 'xmlns') return SVG_NAMESPACE;
  if (name === 'xmlns:xlink') return value === XLINK_NAMESPACE ? value : undefined;
  if (name === 'style') {
    const style = sanitizeStyle(value);
    return style || undefined;
  }
  return isSafeCss(value) ? value : undefined;
}

function sanitizeChildren(nodes: TXmlNode[]): TXmlNode[] {
  const kept: TXmlNode[] = [];
  for (const node of nodes) {
    if (node.type === 'text') {
      kept.push(node);
    } else if (UNWRAP.has(node.name)) {
      kept.push(...sanitizeChildren(node.children));
    } else {
      const element = sanitizeElement(node);
      if (element) kept.push(element);
    }
  }
  return kept;
}

function sanitizeElement(node: TXmlElement): TXmlElement | undefined {
  if (!ELEMENTS.has(node.name)) return undefined;
  if (node.name === 'style') {
    const css = node.children.map((child) => (child.type === 'text' ? child.text : '')).join('');
    return isSafeCss(css)
      ? { ...node, attributes: [], children: [{ type: 'text', text: css }] }
      : undefined;
  }
  const attributes: [string, string][] = [];
  for (const [name, value] of node.attributes) {
    const clean = sanitizeAttribute(node.name, name, value);
    if (clean !== undefined) attributes.push([name, clean]);
  }
  const hasReference = attributes.some(([name]) => name === 'href' || name === 'xlink:href');
  // A <use> or <image> without a safe reference would draw nothing or fetch something.
  if ((node.name === 'use' || node.name === 'image') && !hasReference) return undefined;
  return { ...node, attributes, children: sanitizeChildren(node.children) };
}

function usesAttribute(element: TXmlElement, name: string): boolean {
  return (
    element.attributes.some(([attribute]) => attribute === name) ||
    element.children.some((child) => child.type === 'element' && usesAttribute(child, name))
  );
}

export class SvgInvalidError extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = 'SvgInvalidError';
  }
}

/** The SVG is over the element or nesting limit (SVG_LIMITS). */
export class SvgTooComplexError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('too many or too deeply nested elements', options);
    this.name = 'SvgTooComplexError';
  }
}

/** Ours: an uploaded SVG may hold this many nodes (elements and texts) and this much nesting. */
export const SVG_LIMITS: TXmlLimits = { maxDepth: 256, maxNodes: 200_000 };

/**
 * An uploaded SVG, rebuilt from an allow-list (DESIGN 4: sanitised on the
 * server): no script, foreignObject, event handlers, or references outside
 * the file (href only '#...', url() only url(#...); embedded raster images
 * stay). The file is also served under a sandboxing CSP. Throws
 * SvgInvalidError when the text is not a well-formed SVG document and
 * SvgTooComplexError when it is over the limits.
 */
export function sanitizeSvg(text: string, limits: TXmlLimits = SVG_LIMITS): string {
  let root: TXmlElement;
  try {
    root = parseXml(text, limits);
  } catch (error) {
    if (error instanceof XmlLimitError) throw new SvgTooComplexError({ cause: error });
    throw new SvgInvalidError('not well-formed XML', { cause: error });
  }
  if (root.name !== 'svg') throw new SvgInvalidError('the root element is not <svg>');
  const clean = sanitizeElement(root);
  if (!clean) throw new SvgInvalidError('the root element was removed');
  if (!clean.attributes.some(([name]) => name === 'xmlns')) {
    clean.attributes.unshift(['xmlns', SVG_NAMESPACE]);
  }
  const usesXlink = usesAttribute(clean, 'xlink:href');
  if (usesXlink && !clean.attributes.some(([name]) => name === 'xmlns:xlink')) {
    clean.attributes.push(['xmlns:xlink', XLINK_NAMESPACE]);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${serializeXml(clean)}\n`;
}
