import { describe, expect, it } from 'vitest';
import { createJob } from './ai.fakes';
import { workTitle } from './publish-result';

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
