import { apiPath, LIMITS, type TCommunityTab, type TPost } from '@layerline/contract';
import { screen } from '@testing-library/react';
import { FAST_USER, LOAD_TIMEOUT_MS } from '../../test/auth-fakes';
import { envelopeReply, type FakeNetwork, fakeNetwork } from '../../test/fake-network';
import { renderApp } from '../../test/render-app';

/** Five minutes ago: reads as '5 minutes ago' (SPEC 9 time display). */
const RECENT = () => new Date(Date.now() - 5 * 60_000).toISOString();

/** A post as the community paths send it (contract ZPost). */
export function createPost(overrides: Partial<TPost> = {}): TPost {
  const images = overrides.images ?? [];
  return {
    id: 1,
    content: 'First print on the new bed',
    images,
    thumbs: overrides.thumbs ?? images.map((image) => `${image}.thumb.webp`),
    topic: null,
    work: null,
    user_id: 11,
    nickname: 'Alice',
    avatar: '',
    like: 3,
    is_like: false,
    comment_count: 0,
    CreatedAt: RECENT(),
    UpdatedAt: RECENT(),
    activity: null,
    activity_at: null,
    ...overrides,
  };
}

/** `count` posts with ids from `first` down, newest first. */
export function createPosts(count: number, first = 100): TPost[] {
  return Array.from({ length: count }, (_, index) =>
    createPost({ id: first - index, content: `Post ${first - index}` }),
  );
}

/** Answers a feed tab by page and pageSize (20 by default, as the contract says). */
export function serveFeed(
  tab: TCommunityTab,
  posts: TPost[] | (() => TPost[]),
  network: FakeNetwork = fakeNetwork(),
) {
  network.on('GET', apiPath('community.feed', { tab }), (request) => {
    const page = Number(request.query.get('page') ?? 1);
    const size = Number(request.query.get('pageSize') ?? LIMITS.postPageSize);
    const all = typeof posts === 'function' ? posts() : posts;
    return envelopeReply(all.slice((page - 1) * size, page * size), 200, 'success', {
      total: all.length,
    });
  });
}

/** Calls made to a feed tab. */
export function feedCalls(tab: TCommunityTab, network: FakeNetwork = fakeNetwork()) {
  return network.callsTo('GET', apiPath('community.feed', { tab }));
}

/** Renders the app at a /community address and waits for the page's chunk. */
export async function openCommunity(
  path = '/community',
  userOptions: Parameters<typeof renderApp>[1] = {},
) {
  const view = renderApp(path, { ...FAST_USER, ...userOptions });
  await screen.findByTestId('community-page', {}, { timeout: LOAD_TIMEOUT_MS });
  return view;
}

/** The card of one post. */
export function postCard(id: number): HTMLElement {
  const found = document.querySelector<HTMLElement>(
    `[data-testid="post-card"][data-post-id="${id}"]`,
  );
  if (!found) throw new Error(`no post ${id}`);
  return found;
}

/** A test-controlled answer: the request waits until `resolve` is called. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
