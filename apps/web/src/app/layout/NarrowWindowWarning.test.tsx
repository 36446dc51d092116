import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../stores/session.store';
import { renderApp } from '../../test/render-app';
import { resizeWindowTo } from '../../test/window';

const WARNING = 'Mobile devices are not supported';

describe('narrow-window warning (SPEC 2 global behaviours, DESIGN 3)', () => {
  it('covers /aiCreate below 780px', async () => {
    resizeWindowTo(779);
    renderApp('/aiCreate');
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(WARNING);
    expect(screen.getByText(/Please use a PC/)).toBeInTheDocument();
  });

  it('covers /publish below 780px', async () => {
    useSessionStore.getState().setToken('access-token');
    resizeWindowTo(500);
    renderApp('/publish');
    expect(await screen.findByText(WARNING)).toBeInTheDocument();
  });

  it('is not shown at 780px or wider', async () => {
    resizeWindowTo(780);
    renderApp('/aiCreate');
    await screen.findByRole('heading', { name: 'AI create' });
    expect(screen.queryByText(WARNING)).toBeNull();
  });

  it('is not shown on browsing screens, which are responsive instead', async () => {
    resizeWindowTo(400);
    renderApp('/community');
    await screen.findByRole('heading', { name: 'Model talk' });
    expect(screen.queryByText(WARNING)).toBeNull();
  });

  it('follows window resizes', async () => {
    renderApp('/aiCreate');
    await screen.findByRole('heading', { name: 'AI create' });
    expect(screen.queryByText(WARNING)).toBeNull();
    act(() => resizeWindowTo(700));
    expect(screen.getByText(WARNING)).toBeInTheDocument();
    act(() => resizeWindowTo(1024));
    expect(screen.queryByText(WARNING)).toBeNull();
  });
});
