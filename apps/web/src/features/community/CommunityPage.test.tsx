import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../../stores/ui.store';
import { createUserInfo, LOAD_TIMEOUT_MS, logInAs } from '../../test/auth-fakes';
import { envelopeReply, fakeNetwork } from '../../test/fake-network';
import {
  createComment,
  createReplies,
  serveComments,
  serveReplies,
} from '../comments/comments.fakes';
import { commentItem } from '../comments/comments.test-helpers';
import {
  createPost,
  createPosts,
  feedCalls,
  openCommunity,
  postCard,
  serveFeed,
} from './community.fakes';
import { useComposerDraft } from './composer-draft.store';

const ME = createUserInfo({ userId: 7, nickName: 'Maker Seven' });

const tab = (key: string) => screen.getByTestId(`community-tab-${key}`);
const isSelected = (key: string) =>
  tab(key).closest('[role="tab"]')?.getAttribute('aria-selected') === 'true';

afterEach(() => {
  vi.useRealTimers();
  act(() => useComposerDraft.getState().clear());
});

describe('community page (SPEC 2 /community)', () => {
  it('opens for visitors on the recommended tab, with the title and composer', async () => {
    serveFeed('recommend', [createPost({ id: 1, content: 'Recommended one' })]);
    await openCommunity();
    expect(screen.getByRole('heading', { level: 1, name: 'Model talk' })).toBeInTheDocument();
    expect(isSelected('recommend')).toBe(true);
    expect(await screen.findByText('Recommended one')).toBeInTheDocument();
    expect(screen.getByTestId('post-composer')).toBeInTheDocument();
    const [call] = feedCalls('recommend');
    expect(call?.query.get('page')).toBe('1');
    expect(call?.query.get('pageSize')).toBe('20');
  });

  it('keeps the tab in ?tab= and opens the tab the address names', async () => {
    serveFeed('recommend', []);
    serveFeed('square', [createPost({ id: 2, content: 'On the square' })]);
    const { user, router } = await openCommunity('/community?tab=square');
    expect(isSelected('square')).toBe(true);
    expect(await screen.findByText('On the square')).toBeInTheDocument();
    expect(feedCalls('recommend')).toHaveLength(0);

    await user.click(tab('recommend'));
    expect(router.state.location.search).toBe('?tab=recommend');
    expect(
      await screen.findByText('Nothing to recommend yet. Have a look around the square.'),
    ).toBeInTheDocument();

    await act(() => router.navigate('/community?tab=square'));
    await waitFor(() => expect(isSelected('square')).toBe(true));
  });

  it('asks a visitor to log in on my activity, and shows the empty state per tab', async () => {
    serveFeed('recommend', []);
    serveFeed('mine', []);
    const { user } = await openCommunity('/community?tab=mine');
    const prompt = await screen.findByTestId('community-login');
    expect(prompt).toHaveTextContent('Log in to see your activity');
    expect(feedCalls('mine')).toHaveLength(0);
    await user.click(within(prompt).getByRole('button', { name: 'Log in' }));
    expect(useUiStore.getState().loginDialog).toMatchObject({
      open: true,
      pendingRoute: '/community?tab=mine',
    });
  });

  it('shows my activity to a logged-in maker', async () => {
    logInAs(ME);
    serveFeed('mine', [
      createPost({ id: 3, user_id: 7, activity: 'commented' }),
      createPost({ id: 4, activity: 'commented', content: 'Someone else’s' }),
    ]);
    await openCommunity('/community?tab=mine');
    await screen.findAllByTestId('post-card');
    expect(within(postCard(4)).getByText('You commented')).toBeInTheDocument();
    expect(within(postCard(3)).queryByText('You commented')).toBeNull();
    expect(feedCalls('mine')[0]?.authorization).toBe('Bearer access-0');
  });

  it('opens the login dialog, not the expired-session notice, when the session ends here', async () => {
    logInAs(ME);
    fakeNetwork().on('GET', '/api/v1/community/feed/mine', () =>
      envelopeReply(null, 401, 'expired'),
    );
    fakeNetwork().on('POST', '/api/v1/user/refresh_token', () =>
      envelopeReply(null, 401, 'revoked'),
    );
    const { router } = await openCommunity('/community?tab=mine');
    await waitFor(() => expect(useUiStore.getState().loginDialog.open).toBe(true));
    expect(router.state.location.pathname).toBe('/community');
    expect(screen.queryByRole('dialog', { name: 'Login has expired' })).toBeNull();
    expect(await screen.findByTestId('community-login')).toBeInTheDocument();
  });

  it('says when a feed fails, and tries again', async () => {
    let fail = true;
    fakeNetwork().on('GET', '/api/v1/community/feed/recommend', () => {
      if (fail) return envelopeReply(null, 400, 'Try later');
      return envelopeReply([createPost({ id: 1, content: 'Back again' })], 200, 'success', {
        total: 1,
      });
    });
    const { user } = await openCommunity();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Try later');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
  });

  it('loads the next page near the bottom of the scroll area', async () => {
    serveFeed('recommend', createPosts(30));
    await openCommunity();
    await waitFor(() => expect(screen.getAllByTestId('post-card')).toHaveLength(20));
    const main = screen.getByTestId('home-scroll');
    Object.defineProperty(main, 'scrollHeight', { configurable: true, value: 4000 });
    Object.defineProperty(main, 'clientHeight', { configurable: true, value: 800 });
    main.scrollTop = 4000 - 800 - 60;
    fireEvent.scroll(main);
    await waitFor(() => expect(screen.getAllByTestId('post-card')).toHaveLength(30));
    expect(feedCalls('recommend').map((call) => call.query.get('page'))).toEqual(['1', '2']);
    expect(await screen.findByText('You are all caught up.')).toBeInTheDocument();
  });

  it('keeps the tab and scroll position when coming back (kept alive)', async () => {
    serveFeed('recommend', []);
    serveFeed('square', createPosts(5));
    fakeNetwork().on('GET', '/api/v1/collection/getCollectionInfo/4', () =>
      envelopeReply({ id: 4, title: 'Desk toys', description: '', count: 0, cover: [] }),
    );
    const { user, router } = await openCommunity();
    await user.click(tab('square'));
    await screen.findAllByTestId('post-card');
    const main = screen.getByTestId('home-scroll');
    main.scrollTop = 640;
    fireEvent.scroll(main);

    await act(() => router.navigate('/collections/4'));
    await screen.findByRole('heading', { name: 'Desk toys' }, { timeout: LOAD_TIMEOUT_MS });
    expect(screen.getByTestId('community-page')).not.toBeVisible();
    // The side navigation's link has no ?tab=: the page keeps its own.
    await act(() => router.navigate('/community'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=square'));
    expect(isSelected('square')).toBe(true);
    expect(main.scrollTop).toBe(640);
    expect(feedCalls('square')).toHaveLength(1);
  });
});

describe('post dialog (/community?post=ID)', () => {
  it('opens the post with its comments and highlights the linked one for 3000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    logInAs(ME);
    serveFeed('recommend', []);
    fakeNetwork().on('GET', '/api/v1/community/post/9', () =>
      envelopeReply(createPost({ id: 9, content: 'Linked post', comment_count: 14 })),
    );
    const replies = createReplies(110, 3).map((reply) => ({ ...reply, post_id: 9, work_id: null }));
    const comments = Array.from({ length: 12 }, (_, index) =>
      index === 11
        ? createComment({ ID: 110, Replies: replies.slice(0, 1), reply_count: 3 })
        : createComment({ ID: 600 + index }),
    );
    serveComments(comments, { path: '/api/v1/community/comment/post/withsub/9' });
    serveReplies(110, replies, fakeNetwork(), 'community.replies');
    const { user, router } = await openCommunity('/community?post=9&comment=1102&thread=110');
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByText('Linked post')).toBeInTheDocument();
    await waitFor(() => expect(commentItem(1102)).toHaveAttribute('data-highlighted', 'true'));
    await act(() => vi.advanceTimersByTimeAsync(3100));
    expect(commentItem(1102)).not.toHaveAttribute('data-highlighted');

    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
  });

  it('finds a linked comment without its thread among the first replies', async () => {
    serveFeed('recommend', []);
    fakeNetwork().on('GET', '/api/v1/community/post/9', () =>
      envelopeReply(createPost({ id: 9, comment_count: 2 })),
    );
    serveComments([createComment({ ID: 100, Replies: createReplies(100, 1), reply_count: 1 })], {
      path: '/api/v1/community/comment/post/withsub/9',
    });
    await openCommunity('/community?post=9&comment=1001');
    await waitFor(() => expect(commentItem(1001)).toHaveAttribute('data-highlighted', 'true'));
  });

  it('says when the post is gone', async () => {
    serveFeed('recommend', []);
    fakeNetwork().on('GET', '/api/v1/community/post/404', () =>
      envelopeReply(null, 404, 'Not found'),
    );
    const { router } = await openCommunity('/community?post=404');
    expect(
      await screen.findByText('This post does not exist or has been deleted.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/community');
  });
});
