import type { TNotification, TUnreadCounts } from '@layerline/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { FAST_USER, LOAD_TIMEOUT_MS, logInAs } from '../../test/auth-fakes';
import { envelopeReply, fakeNetwork } from '../../test/fake-network';
import { renderApp } from '../../test/render-app';
import { firstTabWithUnread } from './first-tab';
import { createNotification, unreadCounts } from './notifications.fakes';

const PATHS = {
  comment: '/api/v1/comment/belist',
  liked: '/api/v1/works/like/belist',
  favor: '/api/v1/favor/belist',
  follow: '/api/v1/follow/user/belist',
  system: '/api/v1/notify/sys_msg/pull',
} as const;

function serve(
  lists: Partial<Record<TNotification['kind'], TNotification[]>>,
  start: TUnreadCounts,
) {
  let counts = start;
  const network = fakeNetwork();
  for (const [kind, path] of Object.entries(PATHS)) {
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

const systemNotice = createNotification({
  id: 9,
  kind: 'system',
  user_id: null as unknown as number,
  work_id: null,
  comment_id: null,
  parent_id: null,
  is_reply: false,
  system_type: 'work_rejected' as TNotification['system_type'],
  title: 'Your work was not approved',
  content: 'Blurry photos',
});

describe('the tab /inform opens on', () => {
  it('is the first kind with unread items, else the first tab', () => {
    expect(firstTabWithUnread(unreadCounts({ follow: 2, system: 1 }))).toBe('follow');
    expect(firstTabWithUnread(unreadCounts({ system: 1 }))).toBe('system');
    expect(firstTabWithUnread(unreadCounts())).toBe('comment');
    expect(firstTabWithUnread(null)).toBe('comment');
  });

  it('opens on System when only a system notice is unread, and stays there once it is read', async () => {
    logInAs();
    const network = serve({ system: [systemNotice] }, unreadCounts({ system: 1 }));
    renderApp('/inform', FAST_USER);
    await screen.findByRole('heading', { name: 'Notifications' }, { timeout: LOAD_TIMEOUT_MS });
    const system = await screen.findByRole('tab', { name: /System/ });
    await waitFor(() => expect(system).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByRole('tab', { name: /Comments/ })).toHaveAttribute('aria-selected', 'false');
    expect(await screen.findByText(/Your work was not approved/)).toBeInTheDocument();
    await waitFor(() =>
      expect(network.callsTo('PUT', '/api/v1/notify/read')[0]?.body).toEqual({ kind: 'system' }),
    );
    await waitFor(() => expect(within(system).queryByTestId('inform-tab-badge')).toBeNull());
    // Read now, and still the open tab: nothing else was fetched.
    expect(system).toHaveAttribute('aria-selected', 'true');
    expect(network.callsTo('GET', PATHS.comment)).toHaveLength(0);
  });

  it('lists every kind as a tab in Chinese, and ?tab= still wins', async () => {
    await i18n.changeLanguage('zh');
    logInAs();
    serve({}, unreadCounts({ system: 3 }));
    const { user } = renderApp('/inform?tab=liked', FAST_USER);
    const tabs = await screen.findAllByRole('tab', {}, { timeout: LOAD_TIMEOUT_MS });
    expect(tabs.map((tab) => tab.textContent?.replace(/\d.*$/, ''))).toEqual([
      '评论',
      '点赞',
      '收藏',
      '关注',
      '系统',
    ]);
    expect(screen.getByRole('tab', { name: /点赞/ })).toHaveAttribute('aria-selected', 'true');
    // The unread badge rides on its tab, open or not.
    await waitFor(() =>
      expect(
        within(screen.getByRole('tab', { name: /系统/ })).getByTestId('inform-tab-badge'),
      ).toHaveTextContent('3'),
    );
    await user.click(screen.getByRole('tab', { name: /系统/ }));
    expect(screen.getByRole('tab', { name: /系统/ })).toHaveAttribute('aria-selected', 'true');
  });
});
