import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { useSessionStore } from '../../stores/session.store';
import { createUserInfo, FAST_USER, logInAs } from '../../test/auth-fakes';
import { renderApp } from '../../test/render-app';
import { serveWork } from '../works/test-fakes';
import { createComment, serveComments } from './comments.fakes';

/** The work's detail with its comments; the first load of its chunks may be slow on a busy machine. */
async function openWorkComments() {
  renderApp('/work/5', FAST_USER);
  await screen.findByTestId('comment-panel', {}, { timeout: 60_000 });
}

const REASON = 'Spam links in comments';

/** ADR 0014: a suspended account's comment box is closed before anything is sent. */
describe('comment box of a suspended account', { timeout: 90_000 }, () => {
  it('is disabled with the reason beside it, and opens again once the suspension is lifted', async () => {
    logInAs(createUserInfo({ userId: 7 }));
    useSessionStore.getState().setProfile({ suspension: { reason: REASON } });
    serveWork();
    serveComments([createComment()], { commentTotal: 1 });
    await openWorkComments();
    const input = screen.getByTestId('comment-input');
    expect(input).toBeDisabled();
    expect(screen.getByTestId('comment-send')).toBeDisabled();
    expect(input).toHaveAccessibleDescription(`Your account is suspended: ${REASON}`);
    expect(screen.getByTestId('suspended-hint')).toBeVisible();

    useSessionStore.getState().setProfile({ suspension: null });
    await waitFor(() => expect(screen.getByTestId('comment-input')).toBeEnabled());
    expect(screen.queryByTestId('suspended-hint')).toBeNull();
  });

  it('says so in Chinese', async () => {
    await i18n.changeLanguage('zh');
    logInAs(createUserInfo({ userId: 7 }));
    useSessionStore.getState().setProfile({ suspension: { reason: REASON } });
    serveWork();
    serveComments([], { commentTotal: 0 });
    await openWorkComments();
    expect(screen.getByTestId('suspended-hint')).toHaveTextContent(`账号已被停用：${REASON}`);
  });
});
