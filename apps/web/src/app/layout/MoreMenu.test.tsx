import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../stores/session.store';
import { useUiStore } from '../../stores/ui.store';
import { renderApp } from '../../test/render-app';

const logIn = () => {
  useSessionStore.getState().setToken('access-token');
  useSessionStore.getState().setProfile({ userId: '7', name: 'maker' });
};

async function openMore() {
  const view = renderApp('/');
  await screen.findByRole('heading', { name: 'Works' });
  await view.user.click(screen.getByRole('button', { name: 'More' }));
  return { ...view, menu: screen.getByRole('menu', { name: 'More' }) };
}

describe('More menu (SPEC 2 Home screen)', () => {
  it('lists agreement, privacy, login now and account manage for visitors, without log out', async () => {
    const { menu } = await openMore();
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'User agreement',
      'Privacy policy',
      'Feedback',
      'Log in now',
      'Account management',
    ]);
  });

  it('shows log out only when logged in', async () => {
    logIn();
    const { menu } = await openMore();
    expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Log in now' })).toBeNull();
  });

  it('offers the moderation console to moderators and admins only (ADR 0014)', async () => {
    logIn();
    const first = await openMore();
    expect(within(first.menu).queryByRole('menuitem', { name: 'Moderation console' })).toBeNull();
    first.unmount();
    useSessionStore.getState().setProfile({ role: 'moderator' });
    const { menu, user, router } = await openMore();
    await user.click(within(menu).getByRole('menuitem', { name: 'Moderation console' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('closes on a click outside, but not on a click inside', async () => {
    const { menu } = await openMore();
    fireEvent.mouseDown(menu);
    expect(screen.getByRole('menu', { name: 'More' })).toBeInTheDocument();
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('menu', { name: 'More' })).toBeNull();
    expect(screen.getByRole('button', { name: 'More' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('account management opens the login dialog for visitors', async () => {
    const { menu, user } = await openMore();
    await user.click(within(menu).getByRole('menuitem', { name: 'Account management' }));
    expect(useUiStore.getState().loginDialog).toMatchObject({ open: true, panel: 'login' });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('account management opens the change-password panel when logged in', async () => {
    logIn();
    const { menu, user } = await openMore();
    await user.click(within(menu).getByRole('menuitem', { name: 'Account management' }));
    expect(useUiStore.getState().loginDialog).toMatchObject({ open: true, panel: 'setPassword' });
  });

  it('logs out after confirmation: clears the session and reports success', async () => {
    logIn();
    const { menu, user } = await openMore();
    await user.click(within(menu).getByRole('menuitem', { name: 'Log out' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Log out of Layerline?');
    expect(useSessionStore.getState().isLogin).toBe(true);

    await user.click(within(confirm).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('You have logged out.')).toBeInTheDocument();
    expect(useSessionStore.getState()).toMatchObject({ isLogin: false, token: '' });
    expect(window.localStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Mine' })).toBeNull());
  });

  it('cancelling the confirmation keeps the session', async () => {
    logIn();
    const { menu, user } = await openMore();
    await user.click(within(menu).getByRole('menuitem', { name: 'Log out' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(useSessionStore.getState().isLogin).toBe(true);
  });

  it('opens the user agreement in the reading dialog', async () => {
    const { menu, user } = await openMore();
    await user.click(within(menu).getByRole('menuitem', { name: 'User agreement' }));
    expect(useUiStore.getState().legalDocument).toBe('agreement');
    expect(await screen.findByText('Layerline User Agreement')).toBeInTheDocument();
    act(() => useUiStore.getState().closeLegal());
  });
});
