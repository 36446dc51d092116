import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { useSessionStore } from '../../stores/session.store';
import { renderApp } from '../../test/render-app';

const shortLabels = () =>
  Array.from(document.querySelectorAll('.side-nav .side-nav__short')).map(
    (node) => node.textContent,
  );

/** The phones' bottom bar: a short label under each icon (CSS shows it below 780 px). */
describe('bottom bar labels', () => {
  it('gives every entry a short label in English, keeping the full name as the link name', async () => {
    useSessionStore.getState().setToken('access-token');
    useSessionStore.getState().setProfile({ userId: '7' });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Works' });
    expect(shortLabels()).toEqual(['Discover', 'Talk', 'AI', 'Publish', 'Inbox', 'Me', 'More']);
    const nav = within(screen.getByRole('navigation', { name: 'Main navigation' }));
    expect(nav.getByRole('link', { name: 'Model talk' })).toBeInTheDocument();
  });

  it('and in Chinese', async () => {
    await i18n.changeLanguage('zh');
    renderApp('/');
    await screen.findByRole('heading', { name: '作品' });
    expect(shortLabels()).toEqual(['发现', '模型圈', 'AI', '发布', '消息', '更多']);
  });
});
