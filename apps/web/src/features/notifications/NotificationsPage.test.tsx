import type { TNotification, TUnreadCounts } from '@layerline/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { useSessionStore } from '../../stores/session.store';
import { FAST_USER, LOAD_TIMEOUT_MS, logInAs } from '../../test/auth-fakes';
import { envelopeReply, fakeNetwork } from '../../test/fake-network';
import { renderApp } from '../../test/render-app';
import {
  createNotification,
  createPostNotification,
  FakeEventSource,
  unreadCounts,
} from './notifications.fakes';

/** The server side of /inform: lists per kind, unread counts, and mark-read by kind. */
function serveInform(
  lists: Partial<Record<TNotification['kind'], TNotification[]>>,
  start: TUnreadCounts,
) {
  let counts = start;
  const network = fakeNetwork();
  const paths = {
    comment: '/api/v1/comment/belist',
    liked: '/api/v1/works/like/belist',
    favor: '/api/v1/favor/belist',
    follow: '/api/v1/follow/user/belist',
    system: '/api/v1/notify/sys_msg/pull',
  } as const;
  for (const [kind, path] of Object.entries(paths)) {
    const items = lists[kind as TNotification['kind']] ?? [];
    network.on('GET', path, () => envelopeReply(items, 200, 'success', { total: items.length }));
  }
  network.on('GET', '/api/v1/notify/unread', () => envelopeReply(counts));
  network.on('PUT', '/api/v1/notify/read', (request) => {
    const { kind } = request.body as { kind: TNotification['kind'] };
    counts = unreadCounts({ ...counts, [kind]: 0, total: undefined });
    return envelopeReply(counts);
  });
  return network;
}

const tab = (kind: string) => screen.getByTestId(`inform-tab-${kind}`);

describe('notifications screen (SPEC 2 /inform)', () => {
  it('shows unread badges per tab, lists a tab, then marks it read', async () => {
    logInAs();
    const network = serveInform(
      {
        comment: [
          createNotification({ id: 1 }),
          createNotification({
            id: 2,
            is_read: true,
            is_reply: false,
            comment_id: 99,
            parent_id: null,
            nickname: 'Carol',
            content: 'Lovely',
          }),
        ],
        liked: [
          createNotification({
            id: 3,
            kind: 'liked',
            comment_id: null,
            parent_id: null,
            content: '',
          }),
        ],
      },
      unreadCounts({ comment: 1, liked: 1, follow: 120 }),
    );
    const { user } = renderApp('/inform', FAST_USER);
    await screen.findByRole('heading', { name: 'Notifications' }, { timeout: LOAD_TIMEOUT_MS });

    const items = await screen.findAllByTestId('notification-item');
    expect(items.map((item) => item.dataset.read)).toEqual(['false', 'true']);
    expect(items[0]).toHaveTextContent('Bob replied to your comment');
    expect(items[0]).toHaveTextContent('Printed it too!');
    expect(items[0]).toHaveTextContent('Work: Lithophane lamp');
    expect(items[0]).toHaveTextContent('3 minutes ago');
    expect(items[1]).toHaveTextContent('Carol commented on your work');
    expect(within(tab('follow')).getByTestId('inform-tab-badge')).toHaveTextContent('99+');
    expect(within(tab('liked')).getByTestId('inform-tab-badge')).toHaveTextContent('1');

    // Opening the tab marks its kind read, after its list was fetched.
    await waitFor(() => expect(network.callsTo('PUT', '/api/v1/notify/read')).toHaveLength(1));
    expect(network.callsTo('PUT', '/api/v1/notify/read')[0]?.body).toEqual({ kind: 'comment' });
    const order = network.calls.map((call) => `${call.method} ${call.path}`);
    expect(order.indexOf('GET /api/v1/comment/belist')).toBeLessThan(
      order.indexOf('PUT /api/v1/notify/read'),
    );
    await waitFor(() =>
      expect(within(tab('comment')).queryByTestId('inform-tab-badge')).toBeNull(),
    );
    expect(screen.getByTestId('inform-badge')).toHaveTextContent('99+');

    await user.click(tab('liked'));
    const liked = await screen.findAllByTestId('notification-item');
    await waitFor(() => expect(liked[0]).toHaveTextContent('Bob liked your work'));
    await waitFor(() => expect(network.callsTo('PUT', '/api/v1/notify/read')).toHaveLength(2));
    expect(network.callsTo('PUT', '/api/v1/notify/read')[1]?.body).toEqual({ kind: 'liked' });
    // Nothing unread in collections: no call for it.
    await user.click(tab('favor'));
    expect(await screen.findByText('Nothing here yet.')).toBeInTheDocument();
    expect(network.callsTo('PUT', '/api/v1/notify/read')).toHaveLength(2);
  });

  it('opens the work with the comment linked, and follows back from a follow item', async () => {
    logInAs();
    const network = serveInform(
      {
        comment: [createNotification({ id: 1, comment_id: 101, parent_id: 100 })],
        follow: [
          createNotification({
            id: 4,
            kind: 'follow',
            user_id: 12,
            work_id: null,
            comment_id: null,
            parent_id: null,
            content: '',
            work_title: '',
            work_cover: '',
          }),
        ],
      },
      unreadCounts(),
    );
    network.on('POST', '/api/v1/follow/user/12', () =>
      envelopeReply({
        id: 12,
        is_follow: true,
        follow_state: 'mutual',
        follow_count: 1,
        fans_count: 1,
      }),
    );
    const { user, router } = renderApp('/inform?tab=follow', FAST_USER);
    const [follower] = await screen.findAllByTestId(
      'notification-item',
      {},
      { timeout: LOAD_TIMEOUT_MS },
    );
    expect(follower).toHaveTextContent('Bob started following you');
    const followBack = within(follower as HTMLElement).getByTestId('follow-button');
    expect(followBack).toHaveTextContent('Follow back');
    await user.click(followBack);
    await waitFor(() =>
      expect(within(follower as HTMLElement).getByTestId('follow-button')).toHaveTextContent(
        'Mutual follow',
      ),
    );

    await user.click(tab('comment'));
    await waitFor(() =>
      expect(screen.getAllByTestId('notification-item')[0]).toHaveAttribute('data-kind', 'comment'),
    );
    const [comment] = screen.getAllByTestId('notification-item');
    await user.click(within(comment as HTMLElement).getByRole('button', { name: /Bob replied/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/work/5'));
    expect(router.state.location.search).toBe('?comment=101&thread=100');
  });
});

describe('notifications about community posts (ADR 0013)', () => {
  it('lists post comments beside work ones with the excerpt and opens the post at the comment', async () => {
    logInAs();
    serveInform(
      {
        comment: [
          createPostNotification({ id: 1, nickname: 'Dana', is_reply: false, parent_id: null }),
          createNotification({ id: 2, is_read: true }),
          createPostNotification({ id: 3, is_read: true, comment_id: 302, parent_id: 300 }),
        ],
      },
      unreadCounts({ comment: 1 }),
    );
    const { user, router } = renderApp('/inform', FAST_USER);
    const items = await screen.findAllByTestId(
      'notification-item',
      {},
      { timeout: LOAD_TIMEOUT_MS },
    );
    expect(items).toHaveLength(3);
    const [post, work, reply] = items as HTMLElement[];
    expect(post).toHaveTextContent('Dana commented on your post');
    expect(post).toHaveTextContent('Try a brim');
    expect(post).toHaveTextContent('Post: First print on the new bed, any tips for warping?');
    expect(post).not.toHaveTextContent('Work:');
    expect(post?.querySelector('img')).toHaveAttribute('src', '/files/post-bed.webp');
    expect(work).toHaveTextContent('Bob replied to your comment');
    expect(work).toHaveTextContent('Work: Lithophane lamp');
    expect(work?.querySelector('img')).toHaveAttribute('src', '/files/lamp-cover.png');
    expect(reply).toHaveTextContent('Bob replied to you');

    await user.click(within(post as HTMLElement).getByRole('button', { name: /Dana commented/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/community'));
    expect(router.state.location.search).toBe('?post=7&comment=301');
  });

  it('says a post was liked and opens the post alone', async () => {
    logInAs();
    serveInform(
      {
        liked: [
          createPostNotification({
            id: 4,
            kind: 'liked',
            comment_id: null,
            parent_id: null,
            content: '',
            post_image: '',
          }),
        ],
      },
      unreadCounts(),
    );
    const { user, router } = renderApp('/inform?tab=liked', FAST_USER);
    const [liked] = await screen.findAllByTestId(
      'notification-item',
      {},
      { timeout: LOAD_TIMEOUT_MS },
    );
    expect(liked).toHaveTextContent('Bob liked your post');
    expect(liked).toHaveTextContent('Post: First print on the new bed');
    // No first image: no picture at all rather than a broken one.
    expect(liked?.querySelector('img')).toBeNull();
    await act(() => i18n.changeLanguage('zh'));
    expect(liked).toHaveTextContent('Bob 赞了你的动态');
    expect(liked).toHaveTextContent('动态：First print on the new bed');
    await user.click(within(liked as HTMLElement).getByRole('button', { name: /Bob 赞了/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/community'));
    expect(router.state.location.search).toBe('?post=7');
  });
});

describe('live unread badge (SPEC 2 side navigation)', () => {
  it('follows the stream, reopens it with a refreshed token, and stops on logout', async () => {
    FakeEventSource.install();
    // ADR 0074: each stream opens with a ticket the session asks for.
    fakeNetwork().on('POST', '/api/v1/user/stream_ticket', (request) =>
      envelopeReply({ ticket: `for-${request.authorization?.slice(7)}`, expiresIn: 60 }),
    );
    logInAs();
    renderApp('/community', FAST_USER);
    await screen.findByRole('heading', { name: 'Model talk' }, { timeout: LOAD_TIMEOUT_MS });
    await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));
    const first = FakeEventSource.latest();
    expect(first.ticket).toBe('for-access-0');
    expect(first.url).not.toContain('token=');
    expect(screen.queryByTestId('inform-badge')).toBeNull();

    act(() => {
      first.open();
      first.send({ kind: null, unread: unreadCounts({ comment: 2, follow: 1 }) });
    });
    expect(await screen.findByTestId('inform-badge')).toHaveTextContent('3');
    expect(screen.getByRole('link', { name: 'Inform' })).toHaveAccessibleDescription(
      '3 unread notifications',
    );
    act(() =>
      first.send({ kind: 'liked', unread: unreadCounts({ comment: 2, follow: 1, liked: 97 }) }),
    );
    expect(screen.getByTestId('inform-badge')).toHaveTextContent('99+');

    // A token refresh reopens the stream with the new token.
    act(() => useSessionStore.getState().setToken('access-5'));
    expect(first.isClosed).toBe(true);
    await waitFor(() => expect(FakeEventSource.latest().ticket).toBe('for-access-5'));

    act(() => useSessionStore.getState().clearUser());
    expect(FakeEventSource.latest().isClosed).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('inform-badge')).toBeNull());
  });
});
