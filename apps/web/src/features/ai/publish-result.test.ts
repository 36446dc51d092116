import { describe, expect, it } from 'vitest';
import { createJob } from './ai.fakes';
import { resultFiles } from './job-state';
import { coverSource, isDesign, workTitle } from './publish-result';

describe('the title of a work published from a result', () => {
  it('is the prompt or the logo text', () => {
    expect(workTitle(createJob({ prompt: 'a fox among pine trees' }), null)).toBe(
      'a fox among pine trees',
    );
    expect(workTitle(createJob({ params: { text: 'Maple Workshop' } }), null)).toBe(
      'Maple Workshop',
    );
  });

  it('is the source picture’s file name without its extension, never the tool’s name', () => {
    const relief = createJob({ kind: 'relief_3d', prompt: null, params: { imageUrl: '/f/a.png' } });
    expect(workTitle(relief, { name: 'grandma_garden-2024.jpg' })).toBe('grandma garden 2024');
    expect(workTitle(relief, null)).toBe('');
  });
});

describe('a 3D result published as a work', () => {
  it('takes the rendered picture of the model as its cover and only the models as designs', () => {
    const files = resultFiles({
      resultFiles: ['/files/ai/r.stl', '/files/ai/r.3mf', '/files/ai/r.glb', '/files/ai/r.png'],
    });
    expect(coverSource(files, '/files/source.jpg')).toMatchObject({ url: '/files/ai/r.png' });
    expect(files.filter((file) => isDesign(file, files)).map((file) => file.extension)).toEqual([
      'stl',
      '3mf',
    ]);
    // A picture result stays a design of its own.
    const laser = resultFiles({ resultFiles: ['/files/ai/l.png'] });
    expect(laser.filter((file) => isDesign(file, laser))).toHaveLength(1);
  });
});
