import { type TTextToLogoParams, ZTextToLogoParams } from '@layerline/contract';
import { describe, expect, it } from 'vitest';
import { expectEngineError, expectMachineSvg } from '../../../test/engine-checks';
import { parseXml, type TXmlElement } from '../../files/xml-parser';
import { createLocalEngines } from './local-engines';
import { textToLogo } from './text-to-logo.engine';

const params = (input: Partial<TTextToLogoParams> & { text: string }) =>
  ZTextToLogoParams.parse(input);

const elements = (node: TXmlElement): TXmlElement[] => [
  node,
  ...node.children.flatMap((child) => (child.type === 'element' ? elements(child) : [])),
];
const attr = (node: TXmlElement, name: string) =>
  node.attributes.find(([key]) => key === name)?.[1];
const group = (root: TXmlElement, id: string) => {
  const found = elements(root).find((node) => node.name === 'g' && attr(node, 'id') === id);
  expect(found, `<g id="${id}">`).toBeDefined();
  return found as TXmlElement;
};
const pathData = (node: TXmlElement) =>
  elements(node)
    .filter((child) => child.name === 'path')
    .map((child) => attr(child, 'd') ?? '');

/** DESIGN 5 text-to-logo: a laser-safe SVG, engraving in black, cut line in red. */
describe('text-to-logo engine', () => {
  it('draws Chinese and English text as paths, with an engrave and a closed cut layer in mm', async () => {
    const [file] = await textToLogo(
      params({ text: '你好 Maker', icon: 'gear', template: 'badge', widthMm: 60 }),
    );
    expect(file?.mime).toBe('image/svg+xml');
    const svg = (file as { data: Buffer }).data.toString();
    await expectMachineSvg(svg, 60);
    const root = parseXml(svg);
    expect(root.name).toBe('svg');
    const names = new Set(elements(root).map((node) => node.name));
    expect(names.has('text')).toBe(false);
    expect(names.has('image')).toBe(false);

    const engrave = group(root, 'engrave');
    expect(pathData(engrave).join('').length).toBeGreaterThan(500);
    expect(elements(engrave).find((n) => n.name === 'path')?.attributes).toContainEqual([
      'fill',
      '#000000',
    ]);
    const cut = group(root, 'cut');
    const cutPaths = elements(cut).filter((n) => n.name === 'path');
    expect(cutPaths.length).toBeGreaterThan(0);
    for (const path of cutPaths) {
      expect(attr(path, 'stroke')).toBe('#ff0000');
      expect(attr(path, 'fill')).toBe('none');
      // One closed outline per path: a single M and a final Z.
      const d = attr(path, 'd') ?? '';
      expect(d.match(/M/g)).toHaveLength(1);
      expect(d.trim().endsWith('Z')).toBe(true);
    }
  });

  it('renders 你好 and Maker each to non-empty outlines that differ', async () => {
    const [chinese] = await textToLogo(params({ text: '你好', template: 'text' }));
    const [english] = await textToLogo(params({ text: 'Maker', template: 'text' }));
    const engraved = (file: { data: Buffer } | undefined) =>
      pathData(group(parseXml((file as { data: Buffer }).data.toString()), 'engrave')).join('');
    const zh = engraved(chinese);
    const en = engraved(english);
    // 你 and 好 are several strokes each: many subpaths after the union.
    expect(zh.match(/M/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
    expect(en.match(/M/g)?.length ?? 0).toBeGreaterThanOrEqual(5);
    expect(zh).not.toBe(en);
  });

  it('joins overlapping letters and icon into one outline, so the cut line is one piece', async () => {
    const [file] = await textToLogo(params({ text: 'Maker', icon: 'star', template: 'stacked' }));
    const cut = group(parseXml((file as { data: Buffer }).data.toString()), 'cut');
    expect(elements(cut).filter((n) => n.name === 'path')).toHaveLength(1);
  });

  it('makes the requested number of variants, all different', async () => {
    const files = await textToLogo(params({ text: 'Layerline', icon: 'nozzle', count: 4 }));
    expect(files).toHaveLength(4);
    expect(new Set(files.map((file) => file.filename)).size).toBe(4);
    expect(new Set(files.map((file) => file.data.toString())).size).toBe(4);
    for (const file of files) await expectMachineSvg(file.data.toString(), 80);
  });

  it('still varies when template and font are both fixed', async () => {
    const files = await textToLogo(
      params({ text: 'Maker', template: 'text', font: 'sans', count: 3 }),
    );
    expect(new Set(files.map((file) => file.data.toString())).size).toBe(3);
  });

  it('refuses a cut margin wider than the piece', async () => {
    await expectEngineError(
      textToLogo(params({ text: 'Maker', widthMm: 10, cutOffsetMm: 20 })),
      'badParameters',
      /width/,
    );
  });

  it('names the characters the fonts cannot draw', async () => {
    await expectEngineError(textToLogo(params({ text: 'Hi 😀 ☃' })), 'badParameters', /😀 ☃/);
  });

  it('rejects bad params through the engine interface with badParameters', async () => {
    const engine = createLocalEngines().find((e) => e.kind === 'text_to_logo');
    if (!engine) throw new Error('no text_to_logo engine');
    const ctx = {
      signal: new AbortController().signal,
      progress: () => {},
      readFile: async () => Buffer.alloc(0),
    };
    await expectEngineError(engine.run({ text: '   ' }, ctx), 'badParameters', /text/);
    await expectEngineError(engine.run({ text: 'A', count: 5 }, ctx), 'badParameters', /count/);
    const stages: string[] = [];
    const result = await engine.run(
      { text: 'Maker', count: 2 },
      { ...ctx, progress: (stage) => stages.push(stage) },
    );
    expect(result.files).toHaveLength(2);
    expect(stages).toContain('saving');
  });
});
