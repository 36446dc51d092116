import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useUiStore } from '../../stores/ui.store';
import { createUserInfo, fill, LOAD_TIMEOUT_MS, logInAs } from '../../test/auth-fakes';
import { envelopeReply, fakeNetwork } from '../../test/fake-network';
import { createComment, serveComments } from '../comments/comments.fakes';
import { createPost, deferred, openCommunity, postCard, serveFeed } from './community.fakes';
import { useComposerDraft } from './composer-draft.store';

const ME = createUserInfo({ userId: 7, nickName: 'Maker Seven' });
const LIKE = (id: number) => `/api/v1/community/post/${id}/like`;

const card = (id: number) => within(postCard(id));

afterEach(() => {
  act(() => useComposerDraft.getState().clear());
});

async function openSquare(posts = [createPost({ id: 1, like: 3 })]) {
  serveFeed('square', posts);
  const view = await openCommunity('/community?tab=square');
  await screen.findAllByTestId('post-card');
  return view;
}

/** The ⋯ menu's entries of one card, by test id. */
async function menuOf(id: number, user: Awaited<ReturnType<typeof openSquare>>['user']) {
  await user.click(card(id).getByTestId('post-menu'));
  await screen.findByTestId('post-copy-link');
  const shown = (testId: string) => screen.queryByTestId(testId) !== null;
  return { edit: shown('post-edit'), delete: shown('post-delete') };
}

describe('post card', () => {
  it('shows the author, time, text, topic, pictures and linked work', async () => {
    await openSquare([
      createPost({
        id: 1,
        nickname: 'maker@example.com',
        content: 'Printed in two colours',
        topic: 'multicolor',
        images: ['/files/post/a.png', '/files/post/b.png', '/files/post/c.png'],
        work: { id: 5, title: 'Walnut lamp', cover: '/files/cover/lamp.webp' },
      }),
    ]);
    expect(card(1).getByText('maker')).toBeInTheDocument();
    expect(card(1).getByText('5 minutes ago')).toBeInTheDocument();
    expect(card(1).getByText('Printed in two colours')).toBeInTheDocument();
    expect(card(1).getByTestId('post-topic')).toHaveTextContent('#multicolor');
    expect(card(1).getAllByTestId('post-image')).toHaveLength(3);
    expect(card(1).getByTestId('post-images')).toHaveClass('post-images--triple');
    expect(card(1).getByRole('img', { name: 'Image 1 of 3' })).toHaveAttribute(
      'src',
      '/files/post/a.png.thumb.webp',
    );
    expect(card(1).getByTestId('post-work')).toHaveAttribute('href', '/work/5');
  });

  it('opens the author’s profile for a visitor too (ADR 0016); the time links the post', async () => {
    const { user, router } = await openSquare([createPost({ id: 1, user_id: 11 })]);
    expect(card(1).getByTestId('post-link')).toHaveAttribute('href', '/community?post=1');
    await user.click(card(1).getByTestId('post-author'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/userInfor/11'));
    expect(useUiStore.getState().loginDialog.open).toBe(false);
  });

  it('takes a logged-in maker to the author’s profile', async () => {
    logInAs(ME);
    const { user, router } = await openSquare([createPost({ id: 1, user_id: 11 })]);
    await user.click(card(1).getByTestId('post-author'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/userInfor/11'));
  });

  it('folds long text behind Show more', async () => {
    const { user } = await openSquare([createPost({ id: 1, content: 'A'.repeat(400) })]);
    expect(card(1).getByTestId('post-text')).toHaveClass('is-folded');
    await user.click(card(1).getByRole('button', { name: 'Show more' }));
    expect(card(1).getByTestId('post-text')).not.toHaveClass('is-folded');
    expect(card(1).getByRole('button', { name: 'Show less' })).toBeInTheDocument();
  });

  it('likes at once, then takes the server’s count; unlikes the same way', async () => {
    logInAs(ME);
    const answer = deferred<Response>();
    fakeNetwork().on('PUT', LIKE(1), () => answer.promise);
    fakeNetwork().on('DELETE', LIKE(1), () => envelopeReply({ id: 1, is_like: false, like: 4 }));
    const { user } = await openSquare();
    const like = () => card(1).getByTestId('post-like');
    expect(like()).toHaveAttribute('aria-pressed', 'false');
    await user.click(like());
    expect(like()).toHaveAttribute('aria-pressed', 'true');
    expect(card(1).getByTestId('post-likes')).toHaveTextContent('4');
    act(() => answer.resolve(envelopeReply({ id: 1, is_like: true, like: 5 })));
    await waitFor(() => expect(card(1).getByTestId('post-likes')).toHaveTextContent('5'));

    // SPEC 4: a click within 500 ms of the last one is dropped.
    await new Promise((resolve) => setTimeout(resolve, 550));
    await user.click(like());
    expect(like()).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(card(1).getByTestId('post-likes')).toHaveTextContent('4'));
    expect(fakeNetwork().callsTo('DELETE', LIKE(1))).toHaveLength(1);
  });

  it('puts the like back and says so when it fails', async () => {
    logInAs(ME);
    fakeNetwork().on('PUT', LIKE(1), () => envelopeReply(null, 400, 'No'));
    const { user } = await openSquare();
    await user.click(card(1).getByTestId('post-like'));
    expect(await screen.findByText('Like failed, please try again later')).toBeInTheDocument();
    expect(card(1).getByTestId('post-like')).toHaveAttribute('aria-pressed', 'false');
    expect(card(1).getByTestId('post-likes')).toHaveTextContent('3');
  });

  it('sends a visitor’s like to the login dialog instead', async () => {
    const { user } = await openSquare();
    await user.click(card(1).getByTestId('post-like'));
    expect(useUiStore.getState().loginDialog).toMatchObject({
      open: true,
      pendingRoute: '/community?tab=square',
    });
    expect(fakeNetwork().callsTo('PUT', LIKE(1))).toHaveLength(0);
    expect(card(1).getByTestId('post-likes')).toHaveTextContent('3');
  });

  it('offers edit to the author, delete to the author and moderators', async () => {
    const posts = [createPost({ id: 1, user_id: 7 }), createPost({ id: 2, user_id: 11 })];
    logInAs(ME);
    const first = await openSquare(posts);
    expect(await menuOf(1, first.user)).toEqual({ edit: true, delete: true });
    await first.user.keyboard('{Escape}');
    first.unmount();

    logInAs(ME);
    const second = await openSquare(posts);
    expect(await menuOf(2, second.user)).toEqual({ edit: false, delete: false });
    second.unmount();

    logInAs(createUserInfo({ userId: 9, role: 'moderator' }));
    const third = await openSquare(posts);
    expect(await menuOf(2, third.user)).toEqual({ edit: false, delete: true });
  });

  it('deletes after confirmation and drops the card', async () => {
    logInAs(ME);
    fakeNetwork().on('DELETE', '/api/v1/community/post/1', () => envelopeReply({ id: 1 }));
    const { user } = await openSquare([
      createPost({ id: 1, user_id: 7 }),
      createPost({ id: 2, content: 'Stays' }),
    ]);
    await menuOf(1, user);
    await user.click(screen.getByTestId('post-delete'));
    expect(
      await screen.findByText('Its likes and comments go with it. This cannot be undone.'),
    ).toBeInTheDocument();
    expect(fakeNetwork().callsTo('DELETE', '/api/v1/community/post/1')).toHaveLength(0);
    await user.click(screen.getByTestId('post-delete-confirm'));
    await waitFor(() => expect(screen.getAllByTestId('post-card')).toHaveLength(1));
    expect(screen.getByText('Stays')).toBeInTheDocument();
    expect(await screen.findByText('Post deleted.')).toBeInTheDocument();
  });

  it('edits a post in place with PUT', async () => {
    logInAs(ME);
    const post = createPost({ id: 1, user_id: 7, content: 'Old text', images: ['/files/a.png'] });
    fakeNetwork().on('PUT', '/api/v1/community/post/1', (request) =>
      envelopeReply({ ...post, content: (request.body as { content: string }).content }),
    );
    const { user } = await openSquare([post]);
    await menuOf(1, user);
    await user.click(screen.getByTestId('post-edit'));
    const dialog = within(await screen.findByRole('dialog', {}, { timeout: LOAD_TIMEOUT_MS }));
    expect(dialog.getByText('Edit post', { selector: '.ant-modal-title' })).toBeInTheDocument();
    expect(dialog.getAllByTestId('post-upload')).toHaveLength(1);
    fill(dialog.getByTestId('post-content'), 'New text');
    await user.click(dialog.getByTestId('post-submit'));
    await waitFor(() => expect(card(1).getByText('New text')).toBeInTheDocument());
    expect(fakeNetwork().callsTo('PUT', '/api/v1/community/post/1')[0]?.body).toMatchObject({
      content: 'New text',
      images: ['/files/a.png'],
    });
  });

  it('opens the post’s comments with the visitor mask (SPEC 6)', async () => {
    serveComments(
      [createComment({ ID: 100, post_id: 1, work_id: null }), createComment({ ID: 101 })],
      {
        limited: true,
        total: 6,
        commentTotal: 9,
        path: '/api/v1/community/comment/post/withsub/1',
      },
    );
    const { user } = await openSquare([createPost({ id: 1, comment_count: 9 })]);
    expect(card(1).getByTestId('post-comment-count')).toHaveTextContent('9');
    expect(card(1).queryByTestId('comment-panel')).toBeNull();
    await user.click(card(1).getByTestId('post-comment-button'));
    expect(await card(1).findByTestId('comment-mask')).toHaveTextContent(
      'Login to view all comments',
    );
    expect(card(1).getAllByTestId('comment-item')).toHaveLength(2);
    await user.click(card(1).getByRole('button', { name: 'Log in' }));
    expect(useUiStore.getState().loginDialog.open).toBe(true);
  });

  it('sends a comment on the post’s path and updates the card’s count', async () => {
    logInAs(ME);
    serveComments([], { path: '/api/v1/community/comment/post/withsub/1' });
    fakeNetwork().on('POST', '/api/v1/community/comment/put_comment', () =>
      envelopeReply(
        createComment({ ID: 300, UserID: 7, Content: 'Nice', post_id: 1, work_id: null }),
        200,
        'success',
        { comment_total: 1 },
      ),
    );
    const { user } = await openSquare([createPost({ id: 1, comment_count: 0 })]);
    await user.click(card(1).getByTestId('post-comment-button'));
    await card(1).findByText('No comments yet. Be the first to share your thoughts.');
    fill(card(1).getByTestId('comment-input'), 'Nice');
    await user.click(card(1).getByTestId('comment-send'));
    await waitFor(() => expect(card(1).getByTestId('post-comment-count')).toHaveTextContent('1'));
    expect(
      fakeNetwork().callsTo('POST', '/api/v1/community/comment/put_comment')[0]?.body,
    ).toMatchObject({ post_id: 1, content: 'Nice', pre_next: 0 });
    expect(card(1).getByText('Nice')).toBeInTheDocument();
  });
});
