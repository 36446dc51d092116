import { LIMITS } from '@layerline/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../stores/session.store';
import { createUserInfo } from '../../test/auth-fakes';
import { envelopeReply, fakeNetwork } from '../../test/fake-network';
import { renderApp } from '../../test/render-app';

afterEach(() => {
  vi.useRealTimers();
});

const infoCalls = () => fakeNetwork().callsTo('GET', '/api/v1/user/getinfo');

/** A stored token without user info, as after the login's 5 s fallback. */
function tokenOnly() {
  useSessionStore.getState().setToken('access-0');
  useSessionStore.getState().setRefreshToken('refresh-0');
}

describe('user info is fetched if missing (SPEC 4)', () => {
  it('fetches it once and shows Mine with the avatar', async () => {
    tokenOnly();
    fakeNetwork().on('GET', '/api/v1/user/getinfo', () =>
      envelopeReply(createUserInfo({ avatar: '/files/a7.png' })),
    );
    renderApp('/community');
    const nav = within(await screen.findByRole('navigation', { name: 'Main navigation' }));
    const mine = await nav.findByRole('link', { name: 'Mine' });
    expect(mine).toHaveAttribute('href', '/userInfor/7');
    expect(mine.querySelector('img')).toHaveAttribute('src', '/files/a7.png');
    expect(infoCalls()).toHaveLength(1);
    expect(useSessionStore.getState().user).toMatchObject({ userId: '7', points: 42 });
  });

  it('asks at most once per 5 s, and shows the error message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    tokenOnly();
    fakeNetwork().on('GET', '/api/v1/user/getinfo', () =>
      envelopeReply(null, 400, 'The user could not be read.'),
    );
    const { router } = renderApp('/community');
    expect(await screen.findByText('The user could not be read.')).toBeInTheDocument();
    expect(infoCalls()).toHaveLength(1);

    await act(() => router.navigate('/aiCreate'));
    await act(() => router.navigate('/community'));
    await act(() => vi.advanceTimersByTimeAsync(LIMITS.userInfoRefetchMs - 1000));
    expect(infoCalls()).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(1000));
    await act(() => router.navigate('/aiCreate'));
    await waitFor(() => expect(infoCalls()).toHaveLength(2));
  });

  it('does not ask when the profile is already there or nobody is logged in', async () => {
    renderApp('/community');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    useSessionStore.getState().setProfile({ userId: '7' });
    await act(() => useSessionStore.getState().setToken('access-0'));
    expect(infoCalls()).toHaveLength(0);
  });
});
