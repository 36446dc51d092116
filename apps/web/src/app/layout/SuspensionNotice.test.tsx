import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { useSessionStore } from '../../stores/session.store';
import { createUserInfo, LOAD_TIMEOUT_MS } from '../../test/auth-fakes';
import { envelopeReply, fakeNetwork } from '../../test/fake-network';
import { renderApp } from '../../test/render-app';

/** A stored token without user info, so the shell asks getinfo (SPEC 4). */
function tokenOnly() {
  useSessionStore.getState().setToken('access-0');
  useSessionStore.getState().setRefreshToken('refresh-0');
}

const REASON = 'Spam links in comments';

/** ADR 0014: the shell's notice to a suspended account. */
describe('suspension notice', () => {
  it('says why writes are refused when getinfo names a suspension, and goes once it is lifted', async () => {
    tokenOnly();
    fakeNetwork().on('GET', '/api/v1/user/getinfo', () =>
      envelopeReply(
        createUserInfo({ suspension: { reason: REASON, at: '2026-11-24T10:00:00.000Z' } }),
      ),
    );
    renderApp('/community');
    const notice = await screen.findByTestId('suspension-notice', {}, { timeout: LOAD_TIMEOUT_MS });
    expect(notice).toHaveTextContent(`Your account is suspended: ${REASON}`);
    // One line with a Details toggle; the details are what still works.
    const details = screen.getByText(/cannot publish or edit works, post, comment/);
    expect(details.parentElement).not.toBeVisible();
    const toggle = screen.getByRole('button', { name: 'Details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(details.parentElement).toBeVisible();
    expect(screen.getByRole('button', { name: 'Hide details' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    useSessionStore.getState().setProfile({ suspension: null });
    await waitFor(() => expect(screen.queryByTestId('suspension-notice')).not.toBeInTheDocument());
  });

  it('appears in Chinese after a write is refused for the suspension', async () => {
    await i18n.changeLanguage('zh');
    tokenOnly();
    useSessionStore.getState().setProfile({ userId: '7' });
    fakeNetwork().on('POST', '/api/v1/community/post', () =>
      envelopeReply({ reason: REASON }, 403, `您的账号已被停用，无法发布、发帖或评论：${REASON}`),
    );
    const { apiClient } = await import('../../lib/api');
    renderApp('/community');
    await screen.findByRole('navigation', {}, { timeout: LOAD_TIMEOUT_MS });
    expect(screen.queryByTestId('suspension-notice')).not.toBeInTheDocument();
    await apiClient.post('/api/v1/community/post', { content: 'x' }).catch(() => undefined);
    const notice = await screen.findByTestId('suspension-notice');
    expect(notice).toHaveTextContent(`您的账号已被停用：${REASON}`);
    expect(screen.getByRole('button', { name: '详情' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows nothing to an account in good standing', async () => {
    tokenOnly();
    fakeNetwork().on('GET', '/api/v1/user/getinfo', () =>
      envelopeReply(createUserInfo({ suspension: null })),
    );
    renderApp('/community');
    await waitFor(() => expect(useSessionStore.getState().user.userId).toBe('7'));
    expect(screen.queryByTestId('suspension-notice')).not.toBeInTheDocument();
  });
});
