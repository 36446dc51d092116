import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useUiStore } from '../../stores/ui.store';
import { createUserInfo, LOAD_TIMEOUT_MS, logInAs } from '../../test/auth-fakes';
import { envelopeReply, fakeNetwork } from '../../test/fake-network';
import { createComment, serveComments } from '../comments/comments.fakes';
import { openWorkComments, ownButton } from '../comments/comments.test-helpers';
import { createPost, openCommunity, postCard, serveFeed } from '../community/community.fakes';
import { serveWork } from '../works/test-fakes';
import { REPORT_PATH } from './api';

/** The report dialog by its title (over the work detail, two dialogs are open). */
async function reportDialog(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, {}, { timeout: LOAD_TIMEOUT_MS });
  const dialog = heading.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`no dialog ${title}`);
  return dialog;
}

async function openPostMenu() {
  serveFeed('square', [createPost({ id: 4, user_id: 11 })]);
  const view = await openCommunity('/community?tab=square');
  await screen.findAllByTestId('post-card');
  await view.user.click(within(postCard(4)).getByTestId('post-menu'));
  await view.user.click(await screen.findByTestId('post-report'));
  return view;
}

describe('report action on a post card (ADR 0014)', () => {
  it('sends the reason and details a logged-in user picks', async () => {
    logInAs(createUserInfo({ userId: 7 }));
    fakeNetwork().on('POST', REPORT_PATH, () => envelopeReply({ id: 1 }));
    const { user } = await openPostMenu();
    const dialog = await screen.findByRole('dialog', { name: 'Report this post' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Please pick a reason.')).toBeInTheDocument();
    expect(fakeNetwork().callsTo('POST', REPORT_PATH)).toHaveLength(0);

    await user.click(within(dialog).getByLabelText('Spam or advertising'));
    await user.type(within(dialog).getByLabelText('Details (optional)'), ' Links to a shop ');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(fakeNetwork().callsTo('POST', REPORT_PATH)).toHaveLength(1));
    expect(fakeNetwork().callsTo('POST', REPORT_PATH)[0]?.body).toEqual({
      kind: 'post',
      id: 4,
      reason: 'spam',
      detail: 'Links to a shop',
    });
    expect(
      await screen.findByText('Thank you. The moderators will look at it.'),
    ).toBeInTheDocument();
  });

  it('opens the login dialog for a visitor instead', async () => {
    await openPostMenu();
    await waitFor(() =>
      expect(useUiStore.getState().loginDialog).toMatchObject({
        open: true,
        pendingRoute: '/community?tab=square',
      }),
    );
    expect(screen.queryByRole('dialog', { name: 'Report this post' })).not.toBeInTheDocument();
    expect(fakeNetwork().callsTo('POST', REPORT_PATH)).toHaveLength(0);
  });

  it('is not offered to the author', async () => {
    logInAs(createUserInfo({ userId: 11 }));
    serveFeed('square', [createPost({ id: 4, user_id: 11 })]);
    const { user } = await openCommunity('/community?tab=square');
    await screen.findAllByTestId('post-card');
    await user.click(within(postCard(4)).getByTestId('post-menu'));
    await screen.findByTestId('post-copy-link');
    expect(screen.queryByTestId('post-report')).not.toBeInTheDocument();
  });

  it('reports a comment and a work from the work detail', async () => {
    logInAs(createUserInfo({ userId: 7 }));
    fakeNetwork().on('POST', REPORT_PATH, () => envelopeReply({ id: 2 }));
    serveWork();
    serveComments([createComment({ ID: 100, UserID: 11 })]);
    const { user } = await openWorkComments();
    await screen.findByText('Great lamp');
    await user.click(ownButton(100, 'comment-report') as HTMLElement);
    let dialog = await reportDialog('Report this comment');
    await user.click(within(dialog).getByLabelText('Abuse or harassment'));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(fakeNetwork().callsTo('POST', REPORT_PATH)).toHaveLength(1));
    expect(fakeNetwork().callsTo('POST', REPORT_PATH)[0]?.body).toMatchObject({
      kind: 'comment',
      id: 100,
      reason: 'abuse',
    });
    await waitFor(() => expect(screen.queryByText('Report this comment')).toBeNull());

    await user.click(screen.getByTestId('work-report'));
    dialog = await reportDialog('Report this work');
    await user.click(within(dialog).getByLabelText('Copyright infringement'));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(fakeNetwork().callsTo('POST', REPORT_PATH)).toHaveLength(2));
    expect(fakeNetwork().callsTo('POST', REPORT_PATH)[1]?.body).toMatchObject({
      kind: 'work',
      id: 5,
      reason: 'copyright',
    });
  });
});
