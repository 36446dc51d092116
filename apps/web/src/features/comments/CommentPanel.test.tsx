import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../../stores/ui.store';
import { createUserInfo, logInAs } from '../../test/auth-fakes';
import { envelopeReply, fakeNetwork } from '../../test/fake-network';
import { createWorkDetail, serveWork } from '../works/test-fakes';
import {
  createComment,
  createReplies,
  createReply,
  serveComments,
  serveReplies,
} from './comments.fakes';
import {
  commentItem as item,
  openWorkComments as openWork,
  ownButton,
  shownIds,
} from './comments.test-helpers';

const ME = createUserInfo({ userId: 7, nickName: 'Maker Seven' });
const PUT_COMMENT = '/api/v1/comment/put_comment';

afterEach(() => {
  vi.useRealTimers();
});

describe('comment list (SPEC 4 Comments, SPEC 9)', () => {
  it('shows replies 1 first, then 5 more per click', async () => {
    logInAs(ME);
    serveWork();
    const replies = createReplies(100, 12);
    serveComments([createComment({ ID: 100, Replies: replies.slice(0, 1), reply_count: 12 })]);
    serveReplies(100, replies);
    const { user } = await openWork();
    await screen.findByText('Reply 1');
    expect(shownIds('reply')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Show 5 more replies' }));
    await waitFor(() => expect(shownIds('reply')).toHaveLength(6));
    await user.click(screen.getByRole('button', { name: 'Show 5 more replies' }));
    await waitFor(() => expect(shownIds('reply')).toHaveLength(11));
    await user.click(screen.getByRole('button', { name: 'Show 1 more reply' }));
    await waitFor(() => expect(shownIds('reply')).toHaveLength(12));
    expect(shownIds('reply')).toEqual(replies.map((reply) => reply.ID));
    expect(screen.queryByTestId('replies-more')).toBeNull();
    const pages = fakeNetwork()
      .callsTo('GET', '/api/v1/comment/work/sub/100')
      .map((call) => `${call.query.get('page')}/${call.query.get('pageSize')}`);
    expect(pages).toEqual(['1/6', '2/6']);
  });

  it('offers delete only to the author, and on replies to the comment owner too (SPEC 6)', async () => {
    logInAs(ME);
    serveWork();
    serveComments([
      createComment({ ID: 100, UserID: 7, Replies: [createReply({ ID: 101, UserID: 12 })] }),
      createComment({
        ID: 110,
        UserID: 11,
        Replies: [createReply({ ID: 111, UserID: 13, parent_id: 110 })],
      }),
      createComment({
        ID: 120,
        UserID: 11,
        Replies: [createReply({ ID: 121, UserID: 7, parent_id: 120 })],
      }),
    ]);
    await openWork();
    await waitFor(() => expect(shownIds('reply')).toEqual([101, 111, 121]));
    const canDelete = (id: number) => ownButton(id, 'comment-delete') !== null;
    expect([100, 101, 110, 111, 120, 121].filter(canDelete)).toEqual([100, 101, 121]);
  });

  it('deletes after confirmation and lowers the count by data.count', async () => {
    logInAs(ME);
    serveWork(createWorkDetail({ comment_count: 10 }));
    const replies = createReplies(100, 3);
    serveComments(
      [
        createComment({ ID: 100, UserID: 7, Replies: replies.slice(0, 1), reply_count: 3 }),
        createComment({ ID: 110 }),
      ],
      { commentTotal: 10 },
    );
    fakeNetwork().on('DELETE', '/api/v1/comment/delete/100', () =>
      envelopeReply({ id: 100, count: 4, comment_total: 6 }),
    );
    const { user } = await openWork();
    await waitFor(() => expect(shownIds('comment')).toEqual([100, 110]));
    expect(screen.getByTestId('work-comments')).toHaveTextContent('10');
    await user.click(ownButton(100, 'comment-delete') as HTMLElement);
    await screen.findByText('The replies under it will be deleted too.');
    expect(fakeNetwork().callsTo('DELETE', '/api/v1/comment/delete/100')).toHaveLength(0);
    await user.click(screen.getByTestId('comment-delete-confirm'));
    await waitFor(() => expect(shownIds('comment')).toEqual([110]));
    expect(screen.getByTestId('work-comments')).toHaveTextContent('6');
    expect(screen.getByRole('heading', { name: 'Comments (6)' })).toBeInTheDocument();
  });

  it('asks for a failed page again (the page is rolled back)', async () => {
    logInAs(ME);
    serveWork();
    const comments = Array.from({ length: 15 }, (_, index) =>
      createComment({ ID: 500 + index, Content: `Comment ${index + 1}` }),
    );
    serveComments(comments);
    let failures = 1;
    const pageTwo = fakeNetwork().on('GET', '/api/v1/comment/work/withsub/5', (request) => {
      if (request.query.get('page') === '2' && failures > 0) {
        failures -= 1;
        return envelopeReply(null, 400, 'Try later');
      }
      return envelopeReply(
        comments.slice(10 * (Number(request.query.get('page')) - 1)).slice(0, 10),
        200,
        'success',
        {
          total: 15,
          comment_total: 15,
          limited: false,
        },
      );
    });
    const { user } = await openWork();
    await waitFor(() => expect(shownIds('comment')).toHaveLength(10));
    await user.click(screen.getByTestId('comments-more'));
    expect(await screen.findByText('The comments could not be loaded.')).toBeInTheDocument();
    expect(shownIds('comment')).toHaveLength(10);
    // antd keeps a button's loading state for a frame after `loading` turned false.
    await waitFor(() =>
      expect(screen.getByTestId('comments-more')).not.toHaveClass('ant-btn-loading'),
    );
    await user.click(screen.getByTestId('comments-more'));
    await waitFor(() => expect(shownIds('comment')).toHaveLength(15));
    const pages = pageTwo
      .callsTo('GET', '/api/v1/comment/work/withsub/5')
      .map((call) => call.query.get('page'));
    expect(pages).toEqual(['1', '2', '2']);
    expect(screen.queryByTestId('comments-more')).toBeNull();
  });

  it('pages to a linked reply, opens its thread and highlights it for 3000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    logInAs(ME);
    serveWork();
    const replies = createReplies(110, 4);
    const comments = Array.from({ length: 12 }, (_, index) =>
      index === 11
        ? createComment({ ID: 110, Replies: replies.slice(0, 1), reply_count: 4 })
        : createComment({ ID: 600 + index }),
    );
    serveComments(comments);
    serveReplies(110, replies);
    await openWork('/work/5?comment=1103&thread=110');
    await waitFor(() => expect(item(1103)).toHaveAttribute('data-highlighted', 'true'));
    expect(shownIds('comment')).toHaveLength(12);
    await act(() => vi.advanceTimersByTimeAsync(3100));
    expect(item(1103)).not.toHaveAttribute('data-highlighted');
  });
});

describe('visitors (SPEC 6)', () => {
  it('see the first 2 comments under the login mask, and the input asks them to log in', async () => {
    serveWork();
    serveComments([createComment({ ID: 100 }), createComment({ ID: 110, reply_count: 3 })], {
      limited: true,
      total: 6,
      commentTotal: 9,
    });
    const { user } = await openWork();
    await waitFor(() => expect(shownIds('comment')).toEqual([100, 110]));
    const mask = screen.getByTestId('comment-mask');
    expect(mask).toHaveTextContent('Login to view all comments');
    expect(screen.queryByTestId('replies-more')).toBeNull();
    expect(screen.queryByTestId('comments-more')).toBeNull();
    await user.click(within(mask).getByRole('button', { name: 'Log in' }));
    expect(useUiStore.getState().loginDialog).toMatchObject({
      open: true,
      pendingRoute: '/work/5',
    });

    act(() => useUiStore.getState().closeLogin());
    await user.click(screen.getByTestId('comment-input'));
    expect(useUiStore.getState().loginDialog.open).toBe(true);
    act(() => useUiStore.getState().closeLogin());
    // Reading is open to visitors: the panel toggle asks nobody to log in.
    await user.click(screen.getByTestId('comment-button'));
    expect(screen.getByTestId('comment-button')).toHaveAttribute('aria-expanded', 'false');
    expect(useUiStore.getState().loginDialog.open).toBe(false);
    expect(fakeNetwork().callsTo('POST', PUT_COMMENT)).toHaveLength(0);
  });
});

describe('comment panel open or closed (SPEC 4 Comments)', () => {
  it('is open at first; the bar button closes it, and opening puts the cursor in the input', async () => {
    logInAs(ME);
    serveWork();
    serveComments([createComment({ ID: 100 })]);
    const { user } = await openWork();
    await waitFor(() => expect(shownIds('comment')).toEqual([100]));
    const button = screen.getByTestId('comment-button');
    const body = screen.getByTestId('comment-panel-body');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', body.id);
    // The detail modal may still be appearing when the comment is in the DOM: wait
    // for what a reader sees, not for the first render.
    await waitFor(() => expect(item(100)).toBeVisible());

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(body).not.toBeVisible();
    // The title with the count stays, and the input of the bar still works.
    expect(screen.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
    expect(screen.getByTestId('comment-input')).not.toHaveFocus();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(item(100)).toBeVisible());
    await waitFor(() => expect(screen.getByTestId('comment-input')).toHaveFocus());
  });

  it('opens again to show a comment just sent', async () => {
    logInAs(ME);
    serveWork();
    serveComments([]);
    fakeNetwork().on('POST', PUT_COMMENT, () =>
      envelopeReply(createComment({ ID: 300, UserID: 7, Content: 'Nice' }), 200, 'success', {
        comment_total: 1,
      }),
    );
    const { user } = await openWork();
    await screen.findByText('No comments yet. Be the first to share your thoughts.');
    await user.click(screen.getByTestId('comment-button'));
    expect(screen.getByTestId('comment-panel-body')).not.toBeVisible();
    await user.type(screen.getByTestId('comment-input'), 'Nice');
    await user.click(screen.getByTestId('comment-send'));
    await waitFor(() => expect(item(300)).toBeVisible());
    expect(screen.getByTestId('comment-button')).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('moderators (DESIGN 3 roles; the server lets them delete any comment)', () => {
  const threads = () => [
    createComment({ ID: 110, UserID: 11, Replies: [createReply({ ID: 111, UserID: 13 })] }),
    createComment({ ID: 120, UserID: 12 }),
  ];
  const deletable = () => [110, 111, 120].filter((id) => ownButton(id, 'comment-delete') !== null);

  it.each(['moderator', 'admin'] as const)(
    'the role %s sees delete on every comment and reply',
    async (role) => {
      logInAs(createUserInfo({ userId: 7, role }));
      serveWork();
      serveComments(threads());
      await openWork();
      await waitFor(() => expect(shownIds('reply')).toEqual([111]));
      expect(deletable()).toEqual([110, 111, 120]);
    },
  );

  it('a normal user sees none on the comments of others', async () => {
    logInAs(createUserInfo({ userId: 7, role: 'user' }));
    serveWork();
    serveComments(threads());
    await openWork();
    await waitFor(() => expect(shownIds('reply')).toEqual([111]));
    expect(deletable()).toEqual([]);
  });
});
