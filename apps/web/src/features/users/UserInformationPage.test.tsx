import type { TUserProfile, TWorkCard } from '@layerline/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { useUiStore } from '../../stores/ui.store';
import { createUserInfo, logInAs, serveUserInfo } from '../../test/auth-fakes';
import { envelopeReply, fakeNetwork } from '../../test/fake-network';
import { renderApp } from '../../test/render-app';
import { createPost } from '../community/community.fakes';
import { createWorkCard } from '../works/test-fakes';

const ME = createUserInfo({ userId: 7, points: 120 });

function createProfile(overrides: Partial<TUserProfile> = {}): TUserProfile {
  return {
    id: 9,
    nickname: 'Maker Nine',
    avatar: '/files/avatar-9.png',
    bio: 'Laser-cut lamps.',
    creatorTag: 'Laser pro',
    follows: 3,
    fans: 12,
    likes: 1500,
    favorites: 40,
    points: null,
    follow_count: 3,
    fans_count: 12,
    work_count: 5,
    is_follow: false,
    follow_state: 'none',
    is_self: false,
    likesPublic: false,
    favorPublic: false,
    ...overrides,
  };
}

function serveProfile(profile: TUserProfile) {
  fakeNetwork().on('GET', `/api/v1/user/profile/${profile.id}`, () => envelopeReply(profile));
  return profile;
}

function serveList(path: string, works: TWorkCard[]) {
  fakeNetwork().on('GET', path, () =>
    envelopeReply(works, 200, 'success', { total: works.length }),
  );
}

function logInAsMe() {
  serveUserInfo(ME);
  logInAs(ME);
}

const nav = () => within(screen.getByRole('navigation', { name: 'Main navigation' }));
const card = async () => within(await screen.findByTestId('profile-card'));
const counter = (key: string) => screen.getByTestId(`profile-counter-${key}`);
const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe("one's own profile (SPEC 2 /userInfor/:id)", () => {
  it('shows the edit entry, counters with points, all four tabs and highlights Mine', async () => {
    logInAsMe();
    serveProfile(createProfile({ id: 7, nickname: 'Maker Seven', points: 120, is_self: true }));
    serveList('/api/v1/works', []);
    renderApp('/userInfor/7');
    const head = await card();
    expect(head.getByRole('button', { name: /Edit profile/ })).toBeInTheDocument();
    expect(head.queryByTestId('follow-button')).toBeNull();
    await waitFor(() => expect(counter('fans')).toHaveTextContent('Followers12'));
    expect(counter('follows')).toHaveTextContent('Following3');
    expect(counter('likes')).toHaveTextContent('Likes1.5K');
    expect(counter('favorites')).toHaveTextContent('Favourites40');
    expect(counter('works')).toHaveTextContent('Works5');
    expect(counter('points')).toHaveTextContent('Points120');
    expect(tabNames()).toEqual(['Works', 'Posts', 'Collections', 'Liked']);
    expect(nav().getByRole('link', { name: 'Mine' })).toHaveAttribute('aria-current', 'page');
  });

  it('lists its own works in every review state, with the rejected marks and the in-review badge', async () => {
    logInAsMe();
    serveProfile(createProfile({ id: 7, is_self: true, points: 120 }));
    const mine = { created_by: 7, nickname: 'Maker Seven' };
    serveList('/api/v1/works', [
      createWorkCard({ ...mine, id: 1, title: 'Refused', status: 'rejected' }),
      createWorkCard({ ...mine, id: 2, title: 'Waiting', status: 'in_review' }),
      createWorkCard({ ...mine, id: 3, title: 'Live', status: 'published' }),
    ]);
    renderApp('/userInfor/7');
    const list = within(await screen.findByTestId('profile-list-works'));
    const refused = within(await list.findByRole('article', { name: 'Refused' }));
    expect(refused.getByTestId('work-card-appeal')).toBeInTheDocument();
    expect(refused.getByTestId('work-card-delete')).toBeInTheDocument();
    const waiting = within(list.getByRole('article', { name: 'Waiting' }));
    expect(waiting.getByTestId('work-card-in-review')).toHaveTextContent('In review');
    expect(
      within(list.getByRole('article', { name: 'Live' })).queryByTestId('work-card-appeal'),
    ).toBeNull();
    const [call] = fakeNetwork().callsTo('GET', '/api/v1/works');
    expect(call?.query.get('mine')).toBe('1');
    expect(call?.query.get('pageSize')).toBe('50');
  });

  it('says when there are no works yet, offers to publish, and shows the empty liked tab', async () => {
    logInAsMe();
    serveProfile(createProfile({ id: 7, is_self: true, points: 120 }));
    serveList('/api/v1/works', []);
    serveList('/api/v1/works/like', []);
    const { user, router } = renderApp('/userInfor/7');
    expect(await screen.findByText('You have not published any works yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Liked' }));
    expect(await screen.findByText('You have not liked any works yet.')).toBeInTheDocument();
    expect(fakeNetwork().callsTo('GET', '/api/v1/works/like')).toHaveLength(1);

    await user.click(screen.getByRole('tab', { name: 'Works' }));
    await user.click(await screen.findByRole('button', { name: 'Publish your first work' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/publish'));
  });

  it('opens the editor from the Edit profile entry, keeping the page', async () => {
    logInAsMe();
    serveProfile(createProfile({ id: 7, is_self: true, points: 120 }));
    serveList('/api/v1/works', []);
    const { user, router } = renderApp('/userInfor/7?tab=collections');
    const head = await card();
    await user.click(head.getByRole('button', { name: /Edit profile/ }));
    expect(await screen.findByRole('dialog', { name: 'Edit profile' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=collections&edit=profile');
  });

  it('moves between its tabs with the arrow keys, Home and End (WAI-ARIA tabs)', async () => {
    logInAsMe();
    serveProfile(createProfile({ id: 7, is_self: true, points: 120 }));
    serveList('/api/v1/works', []);
    serveList('/api/v1/works/like', []);
    fakeNetwork().on('GET', '/api/v1/community/user/7/posts', () =>
      envelopeReply([], 200, 'success', { total: 0 }),
    );
    const { user } = renderApp('/userInfor/7');
    (await screen.findByRole('tab', { name: 'Works', selected: true })).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Posts', selected: true })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Liked', selected: true })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Liked' })).toBeInTheDocument();
  });
});

describe("a maker's profile for visitors (SPEC 1, 6; ADR 0016)", () => {
  it('shows the head and works, and asks for login only to follow', async () => {
    serveProfile(createProfile());
    serveList('/api/v1/works/author/all/9', [createWorkCard({ id: 5, title: 'Gear clock' })]);
    const { user, router } = renderApp('/userInfor/9');
    const head = await card();
    expect(router.state.location.pathname).toBe('/userInfor/9');
    expect(await head.findByRole('heading', { name: /^Maker Nine/ })).toBeInTheDocument();
    expect(tabNames()).toEqual(['Works', 'Posts']);
    const list = within(await screen.findByTestId('profile-list-works'));
    expect(await list.findByRole('article', { name: 'Gear clock' })).toBeInTheDocument();
    expect(fakeNetwork().callsTo('GET', '/api/v1/works/like')).toHaveLength(0);

    await user.click(head.getByTestId('follow-button'));
    expect(useUiStore.getState().loginDialog.open).toBe(true);
    expect(fakeNetwork().callsTo('POST', '/api/v1/follow/user/9')).toHaveLength(0);
  });

  it('sends a visitor to /404 for a maker who does not exist', async () => {
    fakeNetwork().on('GET', '/api/v1/user/profile/99999', () =>
      envelopeReply(null, 404, 'Not found'),
    );
    serveList('/api/v1/works/author/all/99999', []);
    const { router } = renderApp('/userInfor/99999');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });
});

describe("another maker's profile (SPEC 2, SPEC 4 follow states)", () => {
  it('shows their head with a follow button, no edit entry, no points and no Liked tab', async () => {
    logInAsMe();
    serveProfile(createProfile({ nickname: 'nine@example.com', follow_state: 'mutual' }));
    serveList('/api/v1/works/author/all/9', [createWorkCard({ id: 5, title: 'Gear clock' })]);
    renderApp('/userInfor/9');
    const head = await card();
    expect(head.getByRole('heading', { name: /^nine/ })).toBeInTheDocument();
    expect(head.queryByText(/@example\.com/)).toBeNull();
    expect(head.getByText('Laser pro')).toBeInTheDocument();
    expect(head.getByText('Laser-cut lamps.')).toBeInTheDocument();
    expect(head.getByTestId('follow-button')).toHaveTextContent('Mutual follow');
    expect(head.queryByRole('button', { name: /Edit profile/ })).toBeNull();
    expect(screen.queryByTestId('profile-counter-points')).toBeNull();
    expect(counter('fans')).toHaveTextContent('Followers12');
    // ADR 0010: likes and collections are private to their owner; posts are public (ADR 0013).
    expect(tabNames()).toEqual(['Works', 'Posts']);
    expect(nav().getByRole('link', { name: 'Mine' })).not.toHaveAttribute('aria-current');

    const list = within(await screen.findByTestId('profile-list-works'));
    expect(await list.findByRole('article', { name: 'Gear clock' })).toBeInTheDocument();
    const [call] = fakeNetwork().callsTo('GET', '/api/v1/works/author/all/9');
    expect(call?.query.get('author')).toBe('9');
    expect(fakeNetwork().callsTo('GET', '/api/v1/works')).toHaveLength(0);
  });

  it('follows after the call succeeds and updates the fan count', async () => {
    logInAsMe();
    serveProfile(createProfile());
    serveList('/api/v1/works/author/all/9', []);
    fakeNetwork().on('POST', '/api/v1/follow/user/9', () =>
      envelopeReply({
        id: 9,
        is_follow: true,
        follow_state: 'following',
        follow_count: 3,
        fans_count: 13,
      }),
    );
    const { user } = renderApp('/userInfor/9');
    const head = await card();
    await user.click(head.getByTestId('follow-button'));
    await waitFor(() => expect(head.getByTestId('follow-button')).toHaveTextContent('Following'));
    expect(counter('fans')).toHaveTextContent('Followers13');
    expect(fakeNetwork().callsTo('POST', '/api/v1/follow/user/9')).toHaveLength(1);
  });

  it('has no Collections tab: favourites are private (ADR 0010)', async () => {
    logInAsMe();
    serveProfile(createProfile());
    serveList('/api/v1/works/author/all/9', []);
    renderApp('/userInfor/9?tab=collections');
    expect(await screen.findByRole('tab', { name: 'Works', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Collections' })).toBeNull();
    expect(fakeNetwork().callsTo('GET', '/api/v1/favor/9')).toHaveLength(0);
  });

  it('ignores ?tab=liked on someone else’s profile and opens their works', async () => {
    logInAsMe();
    serveProfile(createProfile());
    serveList('/api/v1/works/author/all/9', []);
    renderApp('/userInfor/9?tab=liked');
    expect(await screen.findByRole('tab', { name: 'Works', selected: true })).toBeInTheDocument();
    expect(fakeNetwork().callsTo('GET', '/api/v1/works/like')).toHaveLength(0);
  });

  // SPEC 2 profile tabs; ADR 0019: shown when the maker made their likes public, and said so.
  it.each([
    ['a maker', true],
    ['a visitor', false],
  ])('shows %s their Liked tab when they made likes public, with a note', async (_, isMaker) => {
    if (isMaker) logInAsMe();
    serveProfile(createProfile({ likesPublic: true }));
    serveList('/api/v1/works/author/all/9', []);
    serveList('/api/v1/works/like', [createWorkCard({ id: 6, title: 'Dragon lamp' })]);
    const { user } = renderApp('/userInfor/9');
    const liked = await screen.findByRole('tab', { name: 'Liked' });
    expect(tabNames()).toEqual(['Works', 'Posts', 'Liked']);
    expect(within(liked).getByTestId('profile-tab-liked')).toHaveAttribute(
      'title',
      'This maker chose to show the works they liked.',
    );
    await user.click(liked);
    expect(await screen.findByTestId('profile-liked-note')).toHaveTextContent(
      'This maker chose to show the works they liked.',
    );
    const list = within(await screen.findByTestId('profile-list-liked'));
    expect(await list.findByRole('article', { name: 'Dragon lamp' })).toBeInTheDocument();
    const [call] = fakeNetwork().callsTo('GET', '/api/v1/works/like');
    expect(call?.query.get('uid')).toBe('9');
  });

  it('shows another maker’s Collections tab when their favourites are public, with a note (SPEC 2)', async () => {
    logInAsMe();
    serveProfile(createProfile({ favorPublic: true }));
    serveList('/api/v1/works/author/all/9', []);
    serveList('/api/v1/favor/9', [createWorkCard({ id: 8, title: 'Gear clock' })]);
    const { user } = renderApp('/userInfor/9');
    const collections = await screen.findByRole('tab', { name: 'Collections' });
    expect(tabNames()).toEqual(['Works', 'Posts', 'Collections']);
    await user.click(collections);
    expect(await screen.findByTestId('profile-collections-note')).toHaveTextContent(
      'This maker chose to show the works they collected.',
    );
    const list = within(await screen.findByTestId('profile-list-collections'));
    expect(await list.findByRole('article', { name: 'Gear clock' })).toBeInTheDocument();
    expect(fakeNetwork().callsTo('GET', '/api/v1/favor/9')[0]?.query.get('uid')).toBe('9');
    await i18n.changeLanguage('zh');
    expect(await screen.findByTestId('profile-collections-note')).toHaveTextContent(
      '这位创作者选择公开了收藏的作品。',
    );
  });

  it('says so in Chinese too', async () => {
    await i18n.changeLanguage('zh');
    logInAsMe();
    serveProfile(createProfile({ likesPublic: true }));
    serveList('/api/v1/works/author/all/9', []);
    serveList('/api/v1/works/like', []);
    const { user } = renderApp('/userInfor/9?tab=liked');
    expect(await screen.findByTestId('profile-liked-note')).toHaveTextContent(
      '这位创作者选择公开了喜欢的作品。',
    );
    await user.click(screen.getByRole('tab', { name: '喜欢' }));
    expect(await screen.findByTestId('profile-list-liked')).toBeInTheDocument();
  });

  it("titles the page after the maker's name (SPEC 2 page tags)", async () => {
    logInAsMe();
    serveProfile(createProfile());
    serveList('/api/v1/works/author/all/9', []);
    renderApp('/userInfor/9');
    await waitFor(() => expect(document.title).toBe('Maker Nine - Layerline'));
  });

  it('sends a maker who does not exist to /404 (SPEC 2)', async () => {
    logInAsMe();
    fakeNetwork().on('GET', '/api/v1/user/profile/99999', () =>
      envelopeReply(null, 404, 'Not found'),
    );
    serveList('/api/v1/works/author/all/99999', []);
    const { router } = renderApp('/userInfor/99999');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });

  it('shows a failed profile in the SPEC 8 words with a retry', async () => {
    logInAsMe();
    let fail = true;
    fakeNetwork().on('GET', '/api/v1/user/profile/9', () =>
      fail ? envelopeReply(null, 4001, 'Profiles are resting') : envelopeReply(createProfile()),
    );
    serveList('/api/v1/works/author/all/9', []);
    const { user } = renderApp('/userInfor/9');
    const alert = await screen.findByText('Profiles are resting');
    fail = false;
    await user.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button'));
    expect(await card()).toBeTruthy();
    expect(screen.getByTestId('follow-button')).toBeInTheDocument();
  });
});

describe("a maker's community posts (ADR 0013 profile tab)", () => {
  const postsPath = (uid: number) => `/api/v1/community/user/${uid}/posts`;

  it('lists their posts newest first in the Posts tab, 20 a page', async () => {
    logInAsMe();
    serveProfile(createProfile());
    serveList('/api/v1/works/author/all/9', []);
    fakeNetwork().on('GET', postsPath(9), () =>
      envelopeReply(
        [
          createPost({
            id: 32,
            user_id: 9,
            nickname: 'Maker Nine',
            content: 'Lamp shade v2 is out',
          }),
          createPost({ id: 31, user_id: 9, nickname: 'Maker Nine', content: 'Which plywood?' }),
        ],
        200,
        'success',
        { total: 2 },
      ),
    );
    const { user } = renderApp('/userInfor/9');
    await user.click(await screen.findByRole('tab', { name: 'Posts' }));
    const list = within(await screen.findByTestId('profile-list-posts'));
    expect(await list.findByText('Lamp shade v2 is out')).toBeInTheDocument();
    expect(list.getByText('Which plywood?')).toBeInTheDocument();
    expect(list.getAllByTestId('post-card')).toHaveLength(2);
    const [call] = fakeNetwork().callsTo('GET', postsPath(9));
    expect(call?.query.get('page')).toBe('1');
    expect(call?.query.get('pageSize')).toBe('20');
  });

  it("opens on ?tab=posts and, on one's own empty profile, offers a first post", async () => {
    logInAsMe();
    serveProfile(createProfile({ id: 7, is_self: true, points: 120 }));
    serveList('/api/v1/works', []);
    fakeNetwork().on('GET', postsPath(7), () => envelopeReply([], 200, 'success', { total: 0 }));
    const { user, router } = renderApp('/userInfor/7?tab=posts');
    expect(await screen.findByRole('tab', { name: 'Posts', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('You have not posted in Model talk yet.')).toBeInTheDocument();
    // Only the open tab asks for its list.
    expect(fakeNetwork().callsTo('GET', '/api/v1/works')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Write your first post' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/community'));
  });

  it('says so in Chinese when another maker has no posts', async () => {
    await i18n.changeLanguage('zh');
    logInAsMe();
    serveProfile(createProfile());
    serveList('/api/v1/works/author/all/9', []);
    fakeNetwork().on('GET', postsPath(9), () => envelopeReply([], 200, 'success', { total: 0 }));
    renderApp('/userInfor/9?tab=posts');
    expect(await screen.findByRole('tab', { name: '动态', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('这位创作者还没有在模型圈发布动态。')).toBeInTheDocument();
  });
});
