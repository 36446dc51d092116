import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY, useSessionStore } from '../../stores/session.store';
import { LOAD_TIMEOUT_MS, logInAs } from '../../test/auth-fakes';
import { envelopeReply, fakeNetwork, jsonReply } from '../../test/fake-network';
import { renderApp } from '../../test/render-app';

async function logOutFrom(path: string) {
  const view = renderApp(path);
  await view.user.click(await screen.findByRole('button', { name: 'More' }));
  await view.user.click(screen.getByRole('menuitem', { name: 'Log out' }));
  // antd's confirmation comes with the message host, fetched as the menu opens.
  const confirm = await screen.findByRole('dialog', {}, { timeout: LOAD_TIMEOUT_MS });
  await view.user.click(within(confirm).getByRole('button', { name: 'Log out' }));
  return view;
}

const logoutCalls = () => fakeNetwork().callsTo('GET', '/api/v1/user/logout');

describe('logout (SPEC 4)', () => {
  it('clears the session, tells the server with the old token and reports success', async () => {
    logInAs();
    fakeNetwork().on('GET', '/api/v1/user/logout', () => envelopeReply(null));
    const { router } = await logOutFrom('/');

    expect(await screen.findByText('You have logged out.')).toBeInTheDocument();
    expect(useSessionStore.getState()).toMatchObject({
      token: '',
      refreshToken: '',
      isLogin: false,
    });
    expect(useSessionStore.getState().user).toMatchObject({ userId: '', name: '', avatar: '' });
    for (const key of ['token', 'refreshToken', 'isLogin', 'userId', 'username', 'avatar']) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
    const persisted = JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').state;
    expect(persisted).toMatchObject({ token: '', refreshToken: '', isLogin: false });
    await waitFor(() => expect(logoutCalls()).toHaveLength(1));
    expect(logoutCalls()[0]?.authorization).toBe('Bearer access-0');
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByText('Your login has ended. Please log in again to continue.')).toBeNull();
    // SPEC 2: the header shows the login button again, the side nav loses Mine.
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Mine' })).toBeNull();
  });

  it('sends a non-home screen home with a login-expired warning', async () => {
    logInAs();
    fakeNetwork().on('GET', '/api/v1/user/logout', () => envelopeReply(null));
    const { router } = await logOutFrom('/inform');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('You have logged out.')).toBeInTheDocument();
    expect(
      await screen.findByText('Your login has ended. Please log in again to continue.'),
    ).toBeInTheDocument();
  });

  it('still reports success when the server logout fails', async () => {
    logInAs();
    fakeNetwork().on('GET', '/api/v1/user/logout', () =>
      jsonReply({ code: 500, msg: 'down', data: null }, 500),
    );
    await logOutFrom('/');
    expect(await screen.findByText('You have logged out.')).toBeInTheDocument();
    await waitFor(() => expect(logoutCalls().length).toBeGreaterThan(0));
    expect(screen.queryByText('Operation Failed, Please Try Again')).toBeNull();
    expect(useSessionStore.getState().isLogin).toBe(false);
  });
});
