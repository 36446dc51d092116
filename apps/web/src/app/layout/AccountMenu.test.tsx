import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFeedbackDialog } from '../../features/feedback/feedback-dialog.store';
import { i18n } from '../../i18n/i18n';
import { useSessionStore } from '../../stores/session.store';
import { renderApp } from '../../test/render-app';

const logIn = () => {
  useSessionStore.getState().setToken('access-token');
  useSessionStore.getState().setProfile({ userId: '7', name: 'maker', points: 1250 });
};

async function openAccount(path = '/') {
  const view = renderApp(path);
  await screen.findByRole('navigation', {}, { timeout: 15_000 });
  await view.user.click(screen.getByTestId('account-menu-toggle'));
  return { ...view, menu: screen.getByTestId('account-menu') };
}

describe('account menu (the header avatar)', () => {
  it('lists profile, works, AI records, points, feedback, language and log out', async () => {
    logIn();
    const { menu } = await openAccount();
    expect(screen.getByTestId('account-menu-toggle')).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'My profile',
      'My works',
      'AI records',
      'Points: 1,250',
      'Feedback',
      'Language: 中文',
      'Log out',
    ]);
  });

  it('opens the profile, the works tab and AI records', async () => {
    logIn();
    const first = await openAccount();
    await first.user.click(within(first.menu).getByRole('menuitem', { name: 'My works' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/userInfor/7'));
    expect(first.router.state.location.search).toBe('?tab=works');
    expect(screen.queryByTestId('account-menu')).toBeNull();
    await first.user.click(screen.getByTestId('account-menu-toggle'));
    await first.user.click(screen.getByRole('menuitem', { name: 'My profile' }));
    await waitFor(() => expect(first.router.state.location.search).toBe(''));
    expect(first.router.state.location.pathname).toBe('/userInfor/7');
    await first.user.click(screen.getByTestId('account-menu-toggle'));
    await first.user.click(screen.getByRole('menuitem', { name: 'AI records' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/aiCreate'));
  });

  it('opens feedback, and logs out after confirmation', async () => {
    logIn();
    const { menu, user } = await openAccount();
    await user.click(within(menu).getByRole('menuitem', { name: 'Feedback' }));
    expect(useFeedbackDialog.getState().isOpen).toBe(true);
    useFeedbackDialog.getState().close();
    await user.click(screen.getByTestId('account-menu-toggle'));
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(useSessionStore.getState().isLogin).toBe(false));
    expect(screen.queryByTestId('account-menu-toggle')).toBeNull();
  });

  it('switches the language, and reads in Chinese', async () => {
    await i18n.changeLanguage('zh');
    logIn();
    const { menu, user } = await openAccount();
    expect(within(menu).getByRole('menuitem', { name: '我的作品' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: '积分：1,250' })).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: '语言：English' }));
    await waitFor(() => expect(i18n.resolvedLanguage).toBe('en'));
  });

  it('closes on a press outside or Escape', async () => {
    logIn();
    const { menu } = await openAccount();
    fireEvent.mouseDown(menu);
    expect(screen.getByTestId('account-menu')).toBeInTheDocument();
    fireEvent.mouseDown(document.body);
    expect(screen.queryByTestId('account-menu')).toBeNull();
  });
});
