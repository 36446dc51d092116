import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resetStandingCheck } from '../app/use-standing-check';
import { openCommunity, serveFeed } from '../features/community/community.fakes';
import { setUpPublisher } from '../features/works/publish/publish.fakes';
import { i18n } from '../i18n/i18n';
import { useSessionStore } from '../stores/session.store';
import { createUserInfo, FAST_USER, logInAs } from '../test/auth-fakes';
import { envelopeReply, fakeNetwork } from '../test/fake-network';
import { renderApp } from '../test/render-app';

const REASON = 'Spam links in comments';
const suspend = () => useSessionStore.getState().setProfile({ suspension: { reason: REASON } });

/** ADR 0014: a suspended account's post composer and Publish are closed before the server refuses. */
describe('composers of a suspended account', { timeout: 90_000 }, () => {
  it('closes the community post box with the reason beside it', async () => {
    logInAs(createUserInfo({ userId: 7 }));
    suspend();
    serveFeed('recommend', []);
    await openCommunity();
    const box = screen.getByTestId('post-content');
    expect(box).toBeDisabled();
    expect(screen.getByTestId('suspended-hint')).toHaveTextContent(
      `Your account is suspended: ${REASON}`,
    );
    useSessionStore.getState().setProfile({ suspension: null });
    await waitFor(() => expect(screen.getByTestId('post-content')).toBeEnabled());
    expect(screen.queryByTestId('suspended-hint')).toBeNull();
  });

  it('disables Publish with the reason beside it, in Chinese', async () => {
    await i18n.changeLanguage('zh');
    setUpPublisher();
    suspend();
    renderApp('/publish', FAST_USER);
    const submit = await screen.findByTestId('publish-submit', {}, { timeout: 60_000 });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription(`账号已被停用：${REASON}`);
  });

  it('learns of a suspension given since the last login when a composer shows (ADR 0072)', async () => {
    resetStandingCheck();
    logInAs(createUserInfo({ userId: 7 }));
    fakeNetwork().on('GET', '/api/v1/user/getinfo', () =>
      envelopeReply(
        createUserInfo({
          userId: 7,
          suspension: { reason: REASON, at: '2026-11-29T05:00:00.000Z' },
        }),
      ),
    );
    serveFeed('recommend', []);
    await openCommunity();
    await waitFor(() => expect(screen.getByTestId('post-content')).toBeDisabled());
    expect(screen.getByTestId('suspended-hint')).toHaveTextContent(REASON);
    expect(fakeNetwork().callsTo('GET', '/api/v1/user/getinfo')).toHaveLength(1);
  });
});
