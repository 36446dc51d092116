import { type TPromptMachine, ZPromptOptimizeParams } from '@layerline/contract';
import { describe, expect, it } from 'vitest';
import { optimizePromptParts } from './prompt-optimize.engine';
import rules from './prompt-rules.json';

/**
 * DESIGN 5: what the optimiser adds never contradicts what the prompt asks.
 * The pairs below are written out here, apart from the rules they check: an
 * ask in the prompt, and the additions that would go against it.
 */
const CONTRADICTIONS: { ask: RegExp; against: RegExp }[] = [
  // A photo is not a drawing with outlines on a blank ground, nor flat colour.
  {
    ask: /photo|photograph|realistic|照片|相片|写实|全家福|摄影/i,
    against:
      /line art|线稿|no gradients|无渐变|outlines|轮廓|white background|白色背景|plain background|纯色背景|flat colou?rs|平涂|single object|单个物体|chunky|厚实/i,
  },
  // A scene has its own background.
  {
    ask: /scene|landscape|beach|sunset|sunrise|dawn|风景|山水|海滩|沙滩|海边|日落|夕阳/i,
    against: /white background|白色背景|plain background|纯色背景|single object|单个物体/i,
  },
  // Ink wash and black-and-white are not vivid colour; ink wash is washes, not outlines.
  {
    ask: /水墨|ink wash|ink painting|monochrome|black and white|黑白|素描/i,
    against: /vivid|鲜艳|平涂|flat colou?rs/i,
  },
  {
    ask: /水墨|ink wash|ink painting/i,
    against: /line art|线稿|no gradients|无渐变|outlines|轮廓/i,
  },
  { ask: /watercolou?r|gradient|水彩|渐变/i, against: /no gradients|无渐变|flat colou?rs|平涂/i },
  { ask: /colou?rful|彩色|五颜六色/i, against: /black and white|黑白/i },
  { ask: /night|dark background|夜|黑色背景|星空/i, against: /white background|白色背景/i },
  {
    ask: /misty|hazy|pastel|muted|朦胧|淡雅/i,
    against: /high contrast|高对比|no gradients|无渐变/i,
  },
  { ask: /blurry|bokeh|模糊|虚化/i, against: /clear edges|边缘清晰|outlines|轮廓清晰/i },
  { ask: /group of|family|一群|多个/i, against: /single object|单个物体/i },
];

const CASES: [string, TPromptMachine][] = [
  // The three prompts the optimiser used to contradict.
  ['family photo for a wooden coaster', 'laser'],
  ['sunset beach for a phone case', 'uv_printer'],
  ['水墨山水，远山和小舟', 'uv_printer'],
  ['全家福照片，刻在木杯垫上', 'laser'],
  ['海边日落的风景，做手机壳', 'uv_printer'],
  ['ink wash painting of bamboo', 'uv_printer'],
  ['写实风格的猫咪照片', '3d_printer'],
  ['a watercolour fox with soft gradients', 'laser'],
  ['彩色的鹦鹉', 'laser'],
  ['a misty mountain landscape at dawn', 'laser'],
  ['一群小猫，模糊背景', '3d_printer'],
  ['black and white portrait photograph of a dog', 'uv_printer'],
  ['a night sky full of stars', 'laser'],
  ['黑白素描的老房子', 'uv_printer'],
];

const parts = (prompt: string, machine: TPromptMachine) =>
  optimizePromptParts(ZPromptOptimizeParams.parse({ prompt, machine }));

describe('prompt additions never contradict the prompt (DESIGN 5)', () => {
  it.each(CASES)('%s (%s)', (prompt, machine) => {
    const { text, added } = parts(prompt, machine);
    for (const { ask, against } of CONTRADICTIONS) {
      if (!ask.test(prompt)) continue;
      for (const phrase of added) expect(phrase, `${phrase} against ${ask}`).not.toMatch(against);
    }
    // Still an optimisation: something the machine needs is added, and every
    // addition is in the text, after what the maker wrote.
    expect(added.length).toBeGreaterThan(0);
    expect(text.startsWith(prompt.replace(/[，,]\s*$/, ''))).toBe(true);
    for (const phrase of added) expect(text).toContain(phrase);
  });

  it('fixes the three prompts it used to contradict', () => {
    expect(parts('family photo for a wooden coaster', 'laser').added).toEqual([
      'black and white',
      'high contrast',
    ]);
    expect(parts('sunset beach for a phone case', 'uv_printer').added).not.toContain(
      'white background',
    );
    expect(parts('水墨山水，远山和小舟', 'uv_printer').added).toEqual(['高分辨率']);
  });

  it('still adds every term where the prompt asks nothing against them, in its language', () => {
    expect(parts('a cute owl', 'laser').added).toEqual(rules.laser.add.map((term) => term.en));
    expect(parts('一只可爱的猫头鹰', 'uv_printer').added).toEqual(
      rules.uv_printer.add.map((term) => term.zh),
    );
    expect(parts('a robot', '3d_printer').added).toEqual(
      rules['3d_printer'].add.map((term) => term.en),
    );
  });
});
