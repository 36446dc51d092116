import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../stores/session.store';
import { useUiStore } from '../../stores/ui.store';
import { renderApp } from '../../test/render-app';

const nav = () => within(screen.getByRole('navigation', { name: 'Main navigation' }));

const logIn = (userId = '7') => {
  useSessionStore.getState().setToken('access-token');
  useSessionStore.getState().setProfile({ userId });
};

describe('side navigation (SPEC 2 Home screen)', () => {
  it('shows Discover, Model talk, AI create, Publish and Inform but no Mine to visitors', async () => {
    renderApp('/');
    await screen.findByRole('heading', { name: 'Works' });
    for (const name of ['Discover', 'Model talk', 'AI create', 'Publish', 'Inform']) {
      expect(nav().getByRole('link', { name })).toBeInTheDocument();
    }
    expect(nav().queryByRole('link', { name: 'Mine' })).toBeNull();
    expect(nav().getByRole('link', { name: 'Discover' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows visitors the login button with the registration benefits', async () => {
    const { user } = renderApp('/');
    await screen.findByRole('heading', { name: 'Works' });
    expect(screen.getByText('Publish and manage your own content')).toBeInTheDocument();
    expect(screen.getByText('Scan and save the designs you love')).toBeInTheDocument();
    expect(screen.getByText('Share your makes with the community')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log in / Sign up' }));
    expect(useUiStore.getState().loginDialog).toMatchObject({ open: true, pendingRoute: null });
  });

  it('opens the login dialog for Publish and Inform, remembering the target', async () => {
    const { router, user } = renderApp('/');
    await screen.findByRole('heading', { name: 'Works' });

    await user.click(nav().getByRole('link', { name: 'Publish' }));
    expect(router.state.location.pathname).toBe('/');
    expect(useUiStore.getState().loginDialog).toMatchObject({
      open: true,
      pendingRoute: '/publish',
    });

    act(() => useUiStore.getState().closeLogin());
    await user.click(nav().getByRole('link', { name: 'Inform' }));
    expect(router.state.location.pathname).toBe('/');
    expect(useUiStore.getState().loginDialog.pendingRoute).toBe('/inform');
  });

  it('opens Model talk and AI create without login', async () => {
    const { router, user } = renderApp('/');
    await screen.findByRole('heading', { name: 'Works' });
    await user.click(nav().getByRole('link', { name: 'Model talk' }));
    await screen.findByRole('heading', { name: 'Model talk' });
    expect(router.state.location.pathname).toBe('/community');
    expect(nav().getByRole('link', { name: 'Model talk' })).toHaveAttribute('aria-current', 'page');

    await user.click(nav().getByRole('link', { name: 'AI create' }));
    await screen.findByRole('heading', { name: 'AI create' });
    expect(router.state.location.pathname).toBe('/aiCreate');
    expect(useUiStore.getState().loginDialog.open).toBe(false);
  });

  it('shows Mine to a logged-in user, without the login button, linking to the own profile', async () => {
    logIn('7');
    const { router, user } = renderApp('/');
    await screen.findByRole('heading', { name: 'Works' });
    expect(screen.queryByRole('button', { name: 'Log in / Sign up' })).toBeNull();
    const mine = nav().getByRole('link', { name: 'Mine' });
    expect(mine).toHaveAttribute('href', '/userInfor/7');
    expect(mine).not.toHaveAttribute('aria-current');

    await user.click(nav().getByRole('link', { name: 'Publish' }));
    await screen.findByRole('heading', { name: 'Publish a work' });
    expect(router.state.location.pathname).toBe('/publish');
  });

  it('highlights Mine only on the own profile, not on another maker', async () => {
    logIn('7');
    const { router } = renderApp('/userInfor/7');
    await screen.findByRole('heading', { name: 'Maker profile' });
    expect(nav().getByRole('link', { name: 'Mine' })).toHaveAttribute('aria-current', 'page');

    await act(() => router.navigate('/userInfor/8'));
    expect(nav().getByRole('link', { name: 'Mine' })).not.toHaveAttribute('aria-current');
    expect(nav().queryAllByRole('link', { current: 'page' })).toHaveLength(0);
  });
});
