import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderMeshSvg } from '../../lib/render/mesh.render';
import { avatarSvg, bannerSvg } from '../render/art.render';
import { renderDesignSvg } from '../render/design.render';
import { buildMeshModel } from './mesh-models.generator';
import { toSvgFile } from './svg.generator';
import { buildVectorModel, type TVectorModel, VECTOR_MODELS } from './vector-models.generator';

type TElement = { name: string; attrs: Map<string, string>; children: TElement[] };

/**
 * Strict enough XML reader for generated SVG: one root, balanced tags, quoted
 * unique attributes, no stray '<' or bare '&'. Throws on anything else.
 */
function parseXml(source: string): TElement {
  const text = source.replace(/^<\?xml[^?]*\?>\s*/, '');
  const token = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/y;
  const root: TElement = { name: '#document', attrs: new Map(), children: [] };
  const stack: TElement[] = [root];
  let match: RegExpExecArray | null;
  token.lastIndex = 0;
  while (token.lastIndex < text.length) {
    const start = token.lastIndex;
    match = token.exec(text);
    if (!match || match.index !== start) throw new Error(`not well-formed at ${start}`);
    const [, closing, name, rawAttrs, selfClosing, chars] = match;
    const top = stack[stack.length - 1] as TElement;
    if (chars !== undefined) {
      if (/&(?!(amp|lt|gt|quot|apos|#\d+);)/.test(chars)) throw new Error('bare ampersand');
      if (stack.length === 1 && chars.trim()) throw new Error('text outside the root');
      continue;
    }
    if (closing) {
      if (top.name !== name) throw new Error(`</${name}> closes <${top.name}>`);
      stack.pop();
      continue;
    }
    const attrs = new Map<string, string>();
    for (const [, key, value] of (rawAttrs ?? '').matchAll(/([\w:.-]+)="([^"]*)"/g)) {
      if (attrs.has(key as string)) throw new Error(`duplicate attribute ${key}`);
      attrs.set(key as string, value as string);
    }
    const element: TElement = { name: name as string, attrs, children: [] };
    top.children.push(element);
    if (!selfClosing) stack.push(element);
  }
  if (stack.length !== 1) throw new Error('unclosed element');
  if (root.children.length !== 1) throw new Error('expected exactly one root element');
  return root.children[0] as TElement;
}

const walk = (el: TElement): TElement[] => [el, ...el.children.flatMap(walk)];

/** No script, event handlers, external references or text (fonts may be missing). */
function expectInert(svg: string) {
  const all = walk(parseXml(svg));
  for (const el of all) {
    expect(['script', 'foreignObject', 'text', 'image', 'use', 'a']).not.toContain(el.name);
    for (const key of el.attrs.keys()) {
      expect(key.toLowerCase().startsWith('on')).toBe(false);
      expect(key).not.toMatch(/href$/i);
    }
  }
  expect(svg).not.toMatch(/javascript:|<script/i);
  return all;
}

const models = Object.keys(VECTOR_MODELS) as TVectorModel[];

describe('SVG design files', () => {
  it.each(models)('%s: well-formed, sized in mm, laser colour conventions', async (model) => {
    for (const { part, design } of buildVectorModel(model, model)) {
      const svg = toSvgFile(design, `${model} ${part} & <more>`);
      const all = expectInert(svg);
      const root = all[0] as TElement;
      expect(root.name).toBe('svg');
      expect(root.attrs.get('xmlns')).toBe('http://www.w3.org/2000/svg');
      const width = root.attrs.get('width') ?? '';
      const height = root.attrs.get('height') ?? '';
      expect(width).toMatch(/^\d+(\.\d+)?mm$/);
      expect(height).toMatch(/^\d+(\.\d+)?mm$/);
      expect(root.attrs.get('viewBox')).toBe(`0 0 ${parseFloat(width)} ${parseFloat(height)}`);
      const cut = all.find((el) => el.attrs.get('id') === 'cut');
      expect(cut?.attrs.get('stroke')).toBe('#ff0000');
      expect(cut?.attrs.get('stroke-width')).toBe('0.1');
      expect(cut?.attrs.get('fill')).toBe('none');
      expect(cut?.children.length).toBeGreaterThan(0);
      const engrave = all.find((el) => el.attrs.get('id') === 'engrave');
      if (engrave) expect(engrave.attrs.get('fill')).toBe('#000000');
      const score = all.find((el) => el.attrs.get('id') === 'score');
      if (score) expect(score.attrs.get('stroke-width')).toBe('0.1');
      for (const path of all.filter((el) => el.name === 'path')) {
        expect(path.attrs.get('d')).toMatch(/^M-?\d/);
      }
      // librsvg parses it too, with the aspect ratio of the physical size.
      const meta = await sharp(Buffer.from(svg)).metadata();
      expect((meta.width ?? 0) / (meta.height ?? 1)).toBeCloseTo(
        parseFloat(width) / parseFloat(height),
        1,
      );
    }
  });

  it('is deterministic for a given seed', () => {
    const a = buildVectorModel('jigsaw', 'seed-a').map((p) => toSvgFile(p.design, 't'));
    const b = buildVectorModel('jigsaw', 'seed-a').map((p) => toSvgFile(p.design, 't'));
    expect(a).toEqual(b);
  });
});

describe('preview images', () => {
  it('compose inert SVG without text for covers, avatars and banners', async () => {
    const [part] = buildVectorModel('mandala-coaster', 'preview');
    const [mesh] = buildMeshModel('gear-set', 'preview');
    const previews = [
      renderDesignSvg(part?.design ?? { width: 1, height: 1, layers: [] }, {
        width: 800,
        height: 600,
        surface: 'basswood',
        table: ['#ffffff', '#eeeeee'],
        seed: 'x',
      }),
      renderMeshSvg(mesh?.mesh ?? { positions: [], triangles: [] }, {
        width: 800,
        height: 600,
        yaw: 30,
        pitch: 30,
        colour: '#ff8800',
        background: ['#ffffff', '#dddddd'],
      }),
      avatarSvg('someone'),
      bannerSvg('banner', 1200, 400),
    ];
    for (const svg of previews) {
      expectInert(svg);
      const meta = await sharp(Buffer.from(svg)).metadata();
      expect(meta.width).toBeGreaterThan(0);
    }
  });
});
