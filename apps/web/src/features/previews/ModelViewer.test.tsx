import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork } from '../../test/fake-network';
import { renderWithProviders } from '../../test/render-app';
import { ModelViewer } from './ModelViewer';

/**
 * jsdom has no WebGL, so the three.js stage is replaced by a recorder; the
 * loaders, the fetch and the component's states are the real ones.
 */
const stage = vi.hoisted(() => ({
  show: vi.fn(),
  resetView: vi.fn(),
  dispose: vi.fn(),
  mounts: [] as HTMLElement[],
}));

vi.mock('./model-stage', () => ({
  WebGLUnavailableError: class WebGLUnavailableError extends Error {},
  createModelStage: (mount: HTMLElement) => {
    stage.mounts.push(mount);
    return { show: stage.show, resetView: stage.resetView, dispose: stage.dispose };
  },
}));

const CUBE_STL = [
  'solid cube',
  'facet normal 0 0 1',
  'outer loop',
  'vertex 0 0 0',
  'vertex 42.25 0 0',
  'vertex 42.25 18 7.5',
  'endloop',
  'endfacet',
  'endsolid cube',
].join('\n');

beforeEach(() => {
  vi.stubGlobal('WebGL2RenderingContext', class {});
  stage.show.mockClear();
  stage.resetView.mockClear();
  stage.dispose.mockClear();
  stage.mounts.length = 0;
});

const renderViewer = (url: string) =>
  renderWithProviders(<ModelViewer url={url} filename="cube.stl" format="stl" />);

describe('ModelViewer states', () => {
  it('loads the file, shows it, reports ready and the size in millimetres', async () => {
    fakeNetwork().on('GET', '/files/ab/cube.stl', () => new Response(CUBE_STL));
    const { user, unmount } = renderViewer('/files/ab/cube.stl');
    const viewer = screen.getByTestId('model-viewer');
    expect(viewer).toHaveAttribute('data-state', 'loading');
    expect(screen.getByRole('status')).toHaveTextContent('Loading the preview');

    await waitFor(() => expect(viewer).toHaveAttribute('data-state', 'ready'), { timeout: 10_000 });
    expect(stage.mounts).toHaveLength(1);
    expect(viewer.contains(stage.mounts[0] ?? null)).toBe(true);
    expect(stage.show).toHaveBeenCalledTimes(1);
    expect(stage.show.mock.calls[0]?.[0]).toMatchObject({ upAxis: 'z' });
    expect(screen.getByTestId('model-dimensions')).toHaveTextContent('42.3 × 18.0 × 7.5 mm');

    await user.click(screen.getByRole('button', { name: /Reset view/ }));
    expect(stage.resetView).toHaveBeenCalledTimes(1);

    unmount();
    expect(stage.dispose).toHaveBeenCalledTimes(1);
  });

  it('tells a touch screen to pinch and use two fingers, a mouse to scroll and right-drag', async () => {
    for (const [coarse, hint] of [
      [true, 'Drag to rotate, pinch to zoom, drag with two fingers to pan'],
      [false, 'Drag to rotate, scroll to zoom, right-drag to pan'],
    ] as const) {
      vi.stubGlobal(
        'matchMedia',
        vi.fn((query: string) => ({ matches: coarse && query === '(pointer: coarse)' })),
      );
      fakeNetwork().on('GET', '/files/ab/cube.stl', () => new Response(CUBE_STL));
      const { unmount } = renderViewer('/files/ab/cube.stl');
      expect(await screen.findByTestId('model-hint', {}, { timeout: 10_000 })).toHaveTextContent(
        hint,
      );
      unmount();
    }
    vi.unstubAllGlobals();
  });

  it('shows the error state when the file cannot be fetched', async () => {
    fakeNetwork().on('GET', '/files/ab/gone.stl', () => new Response('', { status: 404 }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderViewer('/files/ab/gone.stl');
    const viewer = screen.getByTestId('model-viewer');
    await waitFor(() => expect(viewer).toHaveAttribute('data-state', 'error'), { timeout: 10_000 });
    expect(screen.getByRole('alert')).toHaveTextContent('could not be loaded');
    expect(stage.show).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
  });

  it('says so when the model has no geometry', async () => {
    // Long enough for the loader's binary check (84 bytes), but without a single facet.
    const empty = `solid empty\n${'\n'.repeat(100)}endsolid empty\n`;
    fakeNetwork().on('GET', '/files/ab/empty.stl', () => new Response(empty));
    renderViewer('/files/ab/empty.stl');
    const viewer = screen.getByTestId('model-viewer');
    await waitFor(() => expect(viewer).toHaveAttribute('data-state', 'empty'), { timeout: 10_000 });
    expect(screen.getByRole('alert')).toHaveTextContent('no visible geometry');
    expect(stage.show).not.toHaveBeenCalled();
  });

  it('disposes the stage when closed before the file arrives', async () => {
    // No route: the request stays pending like a slow server.
    const { unmount } = renderViewer('/files/ab/slow.stl');
    await waitFor(() => expect(stage.mounts).toHaveLength(1), { timeout: 10_000 });
    unmount();
    expect(stage.dispose).toHaveBeenCalledTimes(1);
    expect(stage.show).not.toHaveBeenCalled();
  });
});
