import { describe, expect, it } from 'vitest';
import { recordFields } from './ai-job-record';

const row = (
  kind: string,
  params: Record<string, unknown>,
  engine = 'local:test',
  resultFiles: string[] = [],
) => ({ kind, params, engine, resultFiles });

/** SPEC 3 AI records: prompt, style, ratio, count, type, format, size, time. */
describe('AI record fields', () => {
  it('reads prompt, style, ratio, count and pixel size of generated pictures', () => {
    const params = { prompt: 'a fox', style: 'watercolour', ratio: '16:9', count: 3 };
    expect(recordFields(row('text_to_image', params, 'comfyui'), 'en')).toEqual({
      prompt: 'a fox',
      style: 'watercolour',
      ratio: '16:9',
      count: 3,
      format: null,
      size: '1344×768',
    });
    expect(recordFields(row('image_to_image', params, 'openai:dall-e-3'), 'en').size).toBe(
      '1792×1024',
    );
    expect(recordFields(row('text_to_image', params, 'openai:gpt-image-1'), 'en').size).toBe(
      '1536×1024',
    );
    // Stability picks its own pixels for a ratio: unknown from the row.
    expect(recordFields(row('text_to_image', params, 'stability:core'), 'en').size).toBeNull();
  });

  it("takes a logo's text as its prompt and its layout as its style", () => {
    const logo = recordFields(
      row('text_to_logo', { text: '木工坊', template: 'badge', widthMm: 80, count: 2 }, 'l', [
        '/files/ab/ab1.svg',
        '/files/cd/cd2.svg',
        '/files/ef/ef3.png',
      ]),
      'zh',
    );
    expect(logo).toEqual({
      prompt: '木工坊',
      style: 'badge',
      ratio: null,
      count: 2,
      format: 'svg, png',
      size: '宽 80 mm',
    });
  });

  it('gives millimetres for pieces made to measure and the extensions of mesh results', () => {
    const laser = row('laser_image', { imageUrl: '/files/x.png', widthMm: 100, heightMm: 80.25 });
    expect(recordFields(laser, 'en')).toMatchObject({ size: '100 × 80.3 mm', count: 1 });
    expect(recordFields(row('laser_image', { widthMm: 120 }), 'en').size).toBe('120 mm wide');
    const cutter = row('cookie_cutter', { widthMm: 80, heightMm: 12 }, 'local:cookie-cutter', [
      '/files/aa/a.stl',
      '/files/bb/b.3mf',
      '/files/cc/c.glb',
      '/files/dd/d.png',
    ]);
    // A cutter's heightMm is its wall, not the outline's depth; its PNG is a picture, not a format.
    expect(recordFields(cutter, 'en')).toMatchObject({
      size: '80 mm wide',
      format: 'stl, 3mf, glb',
      prompt: null,
      style: null,
      ratio: null,
    });
    // Vectorising without a width keeps the picture's own size: unknown here.
    const vector = recordFields(row('vectorize', { style: 'cut' }), 'en');
    expect(vector).toMatchObject({ size: null, style: null });
  });

  it('leaves what a kind does not have empty', () => {
    expect(
      recordFields(row('prompt_optimize', { prompt: 'owl', style: 'line art' }), 'en'),
    ).toEqual({
      prompt: 'owl',
      style: 'line art',
      ratio: null,
      count: 1,
      format: null,
      size: null,
    });
    expect(recordFields(row('remove_background', { imageUrl: '/files/a.png' }), 'en')).toEqual({
      prompt: null,
      style: null,
      ratio: null,
      count: 1,
      format: null,
      size: null,
    });
  });
});
