import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../../stores/ui.store';
import { renderWithProviders } from '../../test/render-app';
import { LegalDialog } from '../legal/LegalDialog';
import { IDLE_TIMEOUT_MS } from './auth-panels-chunk';
import { LoginDialog } from './LoginDialog';

function renderDialogs() {
  const view = renderWithProviders(
    <>
      <LoginDialog />
      <LegalDialog />
    </>,
  );
  act(() => useUiStore.getState().openLogin('/inform'));
  return view;
}

describe('login dialog shell (SPEC 2 Login dialog)', () => {
  it('opens from the ui store, 600px wide, with the benefits and legal links', async () => {
    renderDialogs();
    const dialog = await screen.findByRole('dialog');
    // The forms arrive as their own chunk on first open.
    expect(await within(dialog).findByLabelText('E-mail')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Log in').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('Welcome to Layerline')).toBeInTheDocument();
    expect(within(dialog).getByText('Share your makes with the community')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'User agreement' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Privacy policy' })).toBeInTheDocument();
    const modal = document.querySelector('.login-dialog');
    expect(modal).toHaveStyle({ width: '600px' });
  });

  it('fetches its forms once the page is idle, before any click', () => {
    const original = [window.requestIdleCallback, window.cancelIdleCallback] as const;
    const request = vi.fn(() => 1);
    window.requestIdleCallback = request;
    window.cancelIdleCallback = vi.fn();
    try {
      const { unmount } = renderWithProviders(<LoginDialog />);
      expect(useUiStore.getState().loginDialog.open).toBe(false);
      expect(request).toHaveBeenCalledWith(expect.any(Function), { timeout: IDLE_TIMEOUT_MS });
      unmount();
    } finally {
      [window.requestIdleCallback, window.cancelIdleCallback] = original;
    }
  });

  it('leaves the sign-up benefits out of the change-password panel', async () => {
    renderWithProviders(<LoginDialog />);
    act(() => useUiStore.getState().openLogin(undefined, 'setPassword'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByLabelText('Current password')).toBeInTheDocument();
    expect(within(dialog).queryByText('Welcome to Layerline')).not.toBeInTheDocument();
  });

  it('is not closed by a click on the mask', async () => {
    const { user } = renderDialogs();
    await screen.findByRole('dialog');
    const wrap = document.querySelector<HTMLElement>('.ll-dialog-wrap');
    expect(wrap).not.toBeNull();
    if (wrap) await user.click(wrap);
    expect(useUiStore.getState().loginDialog.open).toBe(true);
  });

  it('switches between the panels, each with the legal links', async () => {
    const { user } = renderDialogs();
    const dialog = await screen.findByRole('dialog');
    await user.click(
      await within(dialog).findByRole('button', { name: 'No account yet? Sign up' }),
    );
    expect(useUiStore.getState().loginDialog.panel).toBe('register');
    expect(await within(dialog).findByLabelText('Confirm password')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'User agreement' })).toBeInTheDocument();

    await user.click(
      within(dialog).getByRole('button', { name: 'Already have an account? Log in' }),
    );
    await user.click(await within(dialog).findByRole('button', { name: 'Forgot your password?' }));
    expect(within(dialog).getByText('Reset your password')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Privacy policy' })).toBeInTheDocument();
    // The pending route survives panel switches (SPEC 2: sent there after login).
    expect(useUiStore.getState().loginDialog.pendingRoute).toBe('/inform');
  });

  it('opens the privacy policy above the login dialog', async () => {
    const { user } = renderDialogs();
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Privacy policy' }));
    expect(await screen.findByText('Layerline Privacy Policy')).toBeInTheDocument();
    expect(useUiStore.getState().loginDialog.open).toBe(true);
  });

  it('closes with its close button and forgets the pending route', async () => {
    const { user } = renderDialogs();
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(useUiStore.getState().loginDialog).toMatchObject({ open: false, pendingRoute: null });
  });
});
