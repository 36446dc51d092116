import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import { createJob } from './ai.fakes';
import { ResultView } from './ResultView';

// jsdom has no WebGL: the 3D view is a placeholder here (ModelViewer.test.tsx covers it).
vi.mock('../previews/ModelViewer', () => ({
  ModelViewer: ({ url }: { url: string }) => <div data-testid="model-viewer">{url}</div>,
}));

const show = (resultFiles: string[]) =>
  renderWithProviders(
    <ResultView
      job={createJob({ kind: 'relief_3d', state: 'succeeded', resultFiles })}
      sourcePreview="/files/source.png"
      isPublishing={false}
      onUseAsSource={() => undefined}
      onPublish={() => undefined}
    />,
  );

describe('a 3D result (DESIGN 5)', () => {
  it('shows the model, not its rendered picture as an "after" image; the picture stays downloadable', async () => {
    show(['/files/ai/r.stl', '/files/ai/r.3mf', '/files/ai/r.glb', '/files/ai/r.png']);
    expect(await screen.findByTestId('model-viewer')).toHaveTextContent('/files/ai/r.stl');
    expect(screen.queryByTestId('ai-result-image')).toBeNull();
    expect(screen.getByTestId('ai-download-png')).toBeInTheDocument();
  });

  it('still compares a picture result with its source', async () => {
    show(['/files/ai/cut.png']);
    expect(await screen.findByTestId('ai-result-image')).toBeInTheDocument();
    expect(screen.queryByTestId('model-viewer')).toBeNull();
  });
});
