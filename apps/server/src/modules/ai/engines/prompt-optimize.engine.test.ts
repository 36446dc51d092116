import { type TPromptOptimizeParams, ZPromptOptimizeParams } from '@layerline/contract';
import { describe, expect, it } from 'vitest';
import { expectEngineError } from '../../../test/engine-checks';
import {
  createPromptOptimizeEngine,
  detectLanguage,
  optimizePrompt,
  optimizePromptParts,
} from './prompt-optimize.engine';
import rules from './prompt-rules.json';

const optimize = (input: Partial<TPromptOptimizeParams> & { prompt: string }) =>
  optimizePrompt(ZPromptOptimizeParams.parse(input));
const optimizeParts = (input: Partial<TPromptOptimizeParams> & { prompt: string }) =>
  optimizePromptParts(ZPromptOptimizeParams.parse(input));

const ctx = {
  signal: new AbortController().signal,
  progress: () => {},
  readFile: async () => Buffer.alloc(0),
};

/** DESIGN 5: rule-based prompt optimisation per machine (SPEC 1 tabs). */
describe('prompt optimisation', () => {
  it('adds the laser terms in English to a prompt that asks nothing against them', () => {
    const result = optimize({ prompt: 'a dragon', machine: 'laser' });
    for (const term of rules.laser.add) expect(result).toContain(term.en);
    expect(result.startsWith('a dragon, ')).toBe(true);
    expect(result).not.toMatch(/\p{Script=Han}/u);
  });

  it('keeps a colour or gradient ask and adds nothing against it', () => {
    const { text, added } = optimizeParts({
      prompt: 'a colourful dragon with gradients',
      machine: 'laser',
    });
    expect(text.startsWith('a colourful dragon with gradients, ')).toBe(true);
    expect(added).toEqual(['high contrast', 'clean bold outlines', 'white background']);
  });

  it('answers a Chinese prompt in Chinese even when the interface is English', () => {
    const result = optimize({ prompt: '一只龙', machine: 'laser', locale: 'en' });
    for (const term of rules.laser.add) expect(result).toContain(term.zh);
    expect(result).toContain('龙');
    expect(result).not.toMatch(/[A-Za-z]/);
  });

  it('makes 3D prompts printable: one object on a base, no thin wires', () => {
    const en = optimize({ prompt: 'a robot with thin wires', machine: '3d_printer' });
    for (const term of rules['3d_printer'].add) expect(en).toContain(term.en);
    expect(en).not.toMatch(/wires|thin/);
    const zh = optimize({ prompt: '机器人，细线', machine: '3d_printer', locale: 'zh' });
    expect(zh).toContain('机器人');
    expect(zh).toContain('无悬空结构');
    expect(zh).not.toContain('细线');
  });

  it('keeps the sentence readable after removing a word', () => {
    expect(optimize({ prompt: 'a wispy owl', machine: '3d_printer' })).toMatch(/^an owl, /);
  });

  it('gives UV prints vivid flat colour on white, but keeps a blur or dark background asked for', () => {
    const plain = optimize({ prompt: 'cat', machine: 'uv_printer' });
    for (const term of rules.uv_printer.add) expect(plain).toContain(term.en);
    const { text, added } = optimizeParts({
      prompt: 'cat, blurry, dark background',
      machine: 'uv_printer',
    });
    expect(text).toMatch(/^cat, blurry, dark background, /);
    expect(added).not.toContain('white background');
    expect(added).not.toContain('clear edges');
  });

  it('does not repeat terms the prompt already has, in either wording', () => {
    const result = optimize({
      prompt: 'owl, line-art, monochrome, high contrast, white background',
      machine: 'laser',
    });
    expect(result.match(/line[- ]art/gi)).toHaveLength(1);
    expect(result).not.toContain('black and white');
    expect(result.match(/high contrast/g)).toHaveLength(1);
    expect(result.match(/white background/g)).toHaveLength(1);
    expect(result).toContain('no gradients');
  });

  it('is idempotent: optimising the result again changes nothing', () => {
    for (const machine of ['laser', '3d_printer', 'uv_printer'] as const) {
      for (const prompt of ['a colourful fox with gradients', '一只漂浮的彩色狐狸', 'fox']) {
        const once = optimize({ prompt, machine, style: 'papercut' });
        expect(optimize({ prompt: once, machine, style: 'papercut' })).toBe(once);
      }
    }
  });

  it('adds the style once, in the prompt language', () => {
    expect(optimize({ prompt: 'fox', machine: 'laser', style: 'papercut' })).toContain(
      'papercut style',
    );
    expect(optimize({ prompt: '狐狸', machine: 'laser', style: '剪纸' })).toContain('剪纸风格');
  });

  it('detects the language from the prompt, falling back to the locale', () => {
    expect(detectLanguage('一只可爱的 cat', 'en')).toBe('zh');
    expect(detectLanguage('a cute cat 猫', 'zh')).toBe('en');
    expect(detectLanguage('1234 !!', 'zh')).toBe('zh');
  });

  it('runs as the prompt_optimize engine and answers with text', async () => {
    const engine = createPromptOptimizeEngine();
    expect(engine.kind).toBe('prompt_optimize');
    const result = await engine.run({ prompt: 'owl', machine: 'uv_printer' }, ctx);
    expect(result.files).toEqual([]);
    expect(result.text).toMatch(/^owl, .*vivid flat colours/);
  });

  it('rejects an empty prompt and an unknown machine with badParameters', async () => {
    const engine = createPromptOptimizeEngine();
    await expectEngineError(engine.run({ prompt: '   ' }, ctx), 'badParameters', /prompt/);
    await expectEngineError(
      engine.run({ prompt: 'owl', machine: 'cnc' }, ctx),
      'badParameters',
      /machine/,
    );
  });
});
