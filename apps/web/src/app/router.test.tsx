import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../stores/session.store';
import { useUiStore } from '../stores/ui.store';
import { renderApp } from '../test/render-app';
import { AppProviders } from './AppProviders';
import { navigateTo404 } from './navigation';
import { RouteErrorPage } from './RouteErrorPage';

const logIn = (userId = '7') => {
  useSessionStore.getState().setToken('access-token');
  useSessionStore.getState().setProfile({ userId });
};

describe('routes (SPEC 2 route table)', () => {
  it('renders the home feed at /', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Works' })).toBeInTheDocument();
  });

  it('sends a visitor from /inform home and opens the login dialog remembering /inform', async () => {
    const { router } = renderApp('/inform');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useUiStore.getState().loginDialog).toEqual({
      open: true,
      panel: 'login',
      pendingRoute: '/inform',
    });
    expect(await screen.findByRole('dialog')).toHaveTextContent('Log in');
  });

  it('guards /publish, keeping the query string', async () => {
    const { router } = renderApp('/publish?productId=3');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useUiStore.getState().loginDialog.pendingRoute).toBe('/publish?productId=3');
  });

  it('opens /userInfor/:id to visitors (SPEC 1, 6; ADR 0016)', async () => {
    const { router } = renderApp('/userInfor/9');
    await waitFor(() => expect(router.state.location.pathname).toBe('/userInfor/9'));
    expect(await screen.findByRole('heading', { name: 'Maker profile' })).toBeInTheDocument();
    expect(useUiStore.getState().loginDialog.open).toBe(false);
  });

  it('lets a user with a stored token in, and publish reads ?productId', async () => {
    logIn();
    const { router } = renderApp('/inform');
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    await act(() => router.navigate('/publish?productId=12'));
    expect(await screen.findByRole('heading', { name: 'Edit work #12' })).toBeInTheDocument();
    expect(useUiStore.getState().loginDialog.open).toBe(false);
  });

  it('opens community, collections and AI create without login', async () => {
    const { router } = renderApp('/community');
    expect(await screen.findByRole('heading', { name: 'Model talk' })).toBeInTheDocument();
    await act(() => router.navigate('/collections/4'));
    expect(await screen.findByRole('heading', { name: 'Collection' })).toBeInTheDocument();
    await act(() => router.navigate('/aiCreate'));
    expect(await screen.findByRole('heading', { name: 'AI create' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '3D printer' })).toBeInTheDocument();
    expect(useUiStore.getState().loginDialog.open).toBe(false);
  });

  it('redirects unknown paths home', async () => {
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows /404 with a link home, reachable through the navigation bridge', async () => {
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Works' });
    act(() => navigateTo404());
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404');
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('keeps visited cached pages mounted but hidden (keep-alive)', async () => {
    const { router } = renderApp('/');
    const works = await screen.findByRole('heading', { name: 'Works' });
    await act(() => router.navigate('/community'));
    await screen.findByRole('heading', { name: 'Model talk' });
    expect(works).toBeInTheDocument();
    expect(works).not.toBeVisible();
    await act(() => router.navigate('/aiCreate'));
    await screen.findByRole('heading', { name: 'AI create' });
    expect(works).toBeInTheDocument();
    await act(() => router.navigate('/'));
    expect(works).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Model talk', hidden: true })).not.toBeVisible();
  });

  it('drops cached login-only pages on logout', async () => {
    logIn();
    const { router } = renderApp('/inform');
    await screen.findByRole('heading', { name: 'Notifications' });
    await act(() => router.navigate('/'));
    expect(
      screen.getByRole('heading', { name: 'Notifications', hidden: true }),
    ).toBeInTheDocument();
    act(() => useSessionStore.getState().clearUser());
    expect(screen.queryByRole('heading', { name: 'Notifications', hidden: true })).toBeNull();
  });

  it('shows the navigation error when a page chunk fails to load', async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        errorElement: <RouteErrorPage />,
        hydrateFallbackElement: <div />,
        lazy: () => Promise.reject(new Error('chunk failed')),
      },
    ]);
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(
      await screen.findByText('Page navigation failed. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
