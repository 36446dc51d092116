import { LIMITS } from '@layerline/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient, isApiError } from '../lib/api';
import { SESSION_STORAGE_KEY, useSessionStore } from '../stores/session.store';
import { useUiStore } from '../stores/ui.store';
import { logInAs } from '../test/auth-fakes';
import { envelopeReply, fakeNetwork, jsonReply, type TNetworkRequest } from '../test/fake-network';
import { renderApp } from '../test/render-app';

/**
 * SPEC 4 'Token refresh' and SPEC 8 401, through the app's real API client
 * as ApiBridge configures it, with the network faked at fetch.
 */
afterEach(() => {
  vi.useRealTimers();
});

const REFRESH = '/api/v1/user/refresh_token';
const NEW_TOKENS = { access_token: 'access-2', refresh_token: 'refresh-2' };
const PROTECTED = ['/api/v1/user/getinfo', '/api/v1/works/like', '/api/v1/user/updateInfo'];

/** The server accepts only the refreshed access token. */
function serveProtected() {
  const answer = (request: TNetworkRequest) =>
    request.authorization === 'Bearer access-2'
      ? envelopeReply({ path: request.path })
      : jsonReply({ code: 401, msg: 'expired', data: null }, 401);
  fakeNetwork()
    .on('GET', PROTECTED[0] ?? '', answer)
    .on('GET', PROTECTED[1] ?? '', answer)
    .on('PUT', PROTECTED[2] ?? '', answer);
}

function callProtected() {
  return Promise.allSettled([
    apiClient.get(PROTECTED[0] ?? ''),
    apiClient.get(PROTECTED[1] ?? ''),
    apiClient.put(PROTECTED[2] ?? '', { nickname: 'x' }),
  ]);
}

async function renderAt(path: string) {
  const view = renderApp(path);
  // ApiBridge hands the client the app's session, router and dialogs on mount.
  await screen.findAllByRole('link', { name: 'Discover' });
  return view;
}

const refreshCalls = () => fakeNetwork().callsTo('POST', REFRESH);
const expiredDialogs = () => screen.queryAllByRole('dialog', { name: 'Login has expired' });

describe('token refresh through the app client', () => {
  it('refreshes once for concurrent 401s and replays each with the new token', async () => {
    logInAs();
    serveProtected();
    fakeNetwork().on('POST', REFRESH, () => envelopeReply(NEW_TOKENS));
    // A page without a composer: the first composer shown re-reads getinfo
    // (ADR 0072), which would be one more call to the paths counted here.
    await renderAt('/inform');

    const results = await callProtected();
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(refreshCalls()).toHaveLength(1);
    expect(refreshCalls()[0]?.body).toEqual({ refresh_token: 'refresh-0' });
    expect(refreshCalls()[0]?.authorization).toBe('Bearer refresh-0');
    for (const path of PROTECTED) {
      const auths = fakeNetwork()
        .calls.filter((call) => call.path === path)
        .map((call) => call.authorization);
      expect(auths).toEqual(['Bearer access-0', 'Bearer access-2']);
    }
    expect(useSessionStore.getState()).toMatchObject({
      token: 'access-2',
      refreshToken: 'refresh-2',
      isLogin: true,
    });
    const persisted = JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').state;
    expect(persisted).toMatchObject({ token: 'access-2', refreshToken: 'refresh-2' });
    expect(expiredDialogs()).toHaveLength(0);
  });

  it('when the refresh fails: one expired dialog, login data cleared, sent home', async () => {
    logInAs();
    serveProtected();
    fakeNetwork().on('POST', REFRESH, () =>
      jsonReply({ code: 401, msg: 'revoked', data: null }, 401),
    );
    const { router } = await renderAt('/inform');

    const results = await callProtected();
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    const reasons = results.map((result) => (result.status === 'rejected' ? result.reason : null));
    expect(reasons.every((reason) => isApiError(reason) && reason.kind === 'unauthorized')).toBe(
      true,
    );
    expect(refreshCalls()).toHaveLength(1);
    expect(
      await screen.findByText('Your login session has expired. Please log in again'),
    ).toBeInTheDocument();
    expect(expiredDialogs()).toHaveLength(1);
    expect(useSessionStore.getState()).toMatchObject({
      token: '',
      refreshToken: '',
      isLogin: false,
    });
    for (const key of ['token', 'refreshToken', 'isLogin', 'userId', 'username', 'avatar']) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('without a refresh token it does not call refresh and shows the dialog once per second', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    logInAs();
    useSessionStore.getState().setRefreshToken('');
    serveProtected();
    await renderAt('/');

    await callProtected();
    expect(await screen.findByRole('dialog', { name: 'Login has expired' })).toBeInTheDocument();
    expect(refreshCalls()).toHaveLength(0);

    logInAs();
    useSessionStore.getState().setRefreshToken('');
    await callProtected();
    expect(expiredDialogs()).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(LIMITS.tokenExpiredDialogResetMs));
    logInAs();
    useSessionStore.getState().setRefreshToken('');
    await callProtected();
    await waitFor(() => expect(expiredDialogs()).toHaveLength(2));
  });

  it('on a community page it opens the login dialog instead and stays there', async () => {
    logInAs();
    serveProtected();
    fakeNetwork().on('POST', REFRESH, () =>
      jsonReply({ code: 401, msg: 'revoked', data: null }, 401),
    );
    const { router } = await renderAt('/community');
    await callProtected();
    await waitFor(() =>
      expect(useUiStore.getState().loginDialog).toMatchObject({
        open: true,
        pendingRoute: '/community',
      }),
    );
    expect(router.state.location.pathname).toBe('/community');
    expect(expiredDialogs()).toHaveLength(0);
    expect(useSessionStore.getState().isLogin).toBe(false);
  });
});
