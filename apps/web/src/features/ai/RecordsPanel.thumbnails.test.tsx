import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOAD_TIMEOUT_MS, logInAs } from '../../test/auth-fakes';
import { createJob } from './ai.fakes';
import { openAiPage, serveAiPage } from './ai-page.fakes';

/**
 * SPEC 3 AI records: a 3D result carries a rendered picture of its model
 * (the server's PNG beside STL, 3MF and GLB), which the list shows instead
 * of a generic cube; a job with no result keeps the cube.
 */
describe('AI record thumbnails', () => {
  it('shows a 3D result’s picture, and the cube for a cancelled job', async () => {
    logInAs();
    serveAiPage({
      records: () => [
        createJob({
          id: 4,
          kind: 'relief_3d',
          state: 'succeeded',
          stage: 'completed',
          percent: 100,
          resultFiles: [
            '/files/ai/relief-4.stl',
            '/files/ai/relief-4.3mf',
            '/files/ai/relief-4.glb',
            '/files/ai/relief-4.png',
          ],
        }),
        createJob({ id: 3, kind: 'relief_3d', state: 'cancelled', resultFiles: [] }),
      ],
    });
    await openAiPage('/aiCreate?tab=printer3d');
    const [done, cancelled] = await screen.findAllByTestId('ai-record', undefined, {
      timeout: LOAD_TIMEOUT_MS,
    });
    const thumb = (row: HTMLElement | undefined) =>
      row?.querySelector('.ai-record__thumb') as HTMLElement;
    expect(thumb(done).querySelector('img')).toHaveAttribute('src', '/files/ai/relief-4.png');
    expect(thumb(cancelled).querySelector('img')).toBeNull();
    expect(thumb(cancelled).querySelector('svg')).not.toBeNull();
  });
});
