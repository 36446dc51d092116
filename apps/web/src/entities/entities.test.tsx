import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveComments } from '../features/comments/comments.fakes';
import {
  createPost,
  deferred,
  openCommunity,
  serveFeed,
} from '../features/community/community.fakes';
import { FEED_PATH } from '../features/feed/feed-api';
import { createWorkCard, createWorkDetail, serveWork } from '../features/works/test-fakes';
import { useSessionStore } from '../stores/session.store';
import { FAST_USER, LOAD_TIMEOUT_MS, logInAs } from '../test/auth-fakes';
import { envelopeReply, fakeNetwork } from '../test/fake-network';
import { renderApp } from '../test/render-app';
import { noteWorks, patchWorkState, readWorkState } from './works';

afterEach(() => {
  vi.useRealTimers();
});

/** A card in the feed behind the detail modal (hidden from the accessibility tree meanwhile). */
const feedCard = (title: string) =>
  within(screen.getByRole('article', { name: title, hidden: true }));

/** The work 5 in its detail, and a card of it and of work 6 in the home feed behind it. */
async function openWorkOverFeed(detail = createWorkDetail({ id: 5, like: 12, favor: 3 })) {
  serveWork(detail);
  const cards = [
    // The same work as the detail's answer has it.
    createWorkCard({ id: 5, title: detail.title, like: detail.like, favor: detail.favor }),
    createWorkCard({ id: 6, title: 'Gear clock', like: 12 }),
  ];
  fakeNetwork().on('GET', FEED_PATH, () => envelopeReply(cards, 200, 'success', { total: 2 }));
  const view = renderApp('/work/5', FAST_USER);
  const found = await screen.findByTestId('work-detail', {}, { timeout: LOAD_TIMEOUT_MS });
  const inDetail = within(found);
  await inDetail.findByTestId('like-button', {}, { timeout: LOAD_TIMEOUT_MS });
  await waitFor(() =>
    expect(feedCard(detail.title).getByTestId('work-card-likes')).toHaveTextContent('12'),
  );
  return { ...view, detail: inDetail };
}

describe("a work's state has one home (ADR 0049)", () => {
  it('shows a like made in the detail on the same work’s card in the feed mounted behind it', async () => {
    logInAs();
    fakeNetwork().on('PUT', '/api/v1/works/like/5', () =>
      envelopeReply({ id: 5, is_like: true, like: 13 }),
    );
    const { user, detail } = await openWorkOverFeed();

    await user.click(detail.getByTestId('like-button'));
    await waitFor(() =>
      expect(feedCard('Lithophane lamp').getByTestId('work-card-likes')).toHaveTextContent('13'),
    );
    expect(detail.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
    expect(detail.getByTestId('work-likes')).toHaveTextContent('13');
    expect(detail.getByTestId('work-stat-likes')).toHaveTextContent('13');
    expect(feedCard('Gear clock').getByTestId('work-card-likes')).toHaveTextContent('12');
    // Nothing was asked again to show it.
    expect(fakeNetwork().callsTo('GET', FEED_PATH)).toHaveLength(1);
    expect(fakeNetwork().callsTo('GET', '/api/v1/works/5')).toHaveLength(1);
  });

  it('puts an optimistic collect back everywhere it shows when the server refuses', async () => {
    logInAs();
    const answer = deferred<Response>();
    fakeNetwork().on('POST', '/api/v1/favor/5', () => answer.promise);
    const { user, detail } = await openWorkOverFeed();

    await user.click(detail.getByTestId('favor-button'));
    // SPEC 4: collect is optimistic.
    expect(detail.getByTestId('work-collects')).toHaveTextContent('4');
    expect(detail.getByTestId('work-stat-collects')).toHaveTextContent('4');
    act(() => answer.resolve(envelopeReply(null, 400, 'No')));
    await waitFor(() => expect(detail.getByTestId('work-collects')).toHaveTextContent('3'));
    expect(detail.getByTestId('work-stat-collects')).toHaveTextContent('3');
    expect(detail.getByTestId('favor-button')).toHaveAttribute('aria-pressed', 'false');
  });
});

const POST_LIKE = '/api/v1/community/post/9/like';

/** Post 9 in its dialog and as a card of the recommend list under it. */
async function openPostOverList() {
  const post = createPost({ id: 9, content: 'Linked post', like: 3 });
  serveFeed('recommend', [createPost({ id: 8, content: 'Another' }), post]);
  fakeNetwork().on('GET', '/api/v1/community/post/9', () => envelopeReply(post));
  serveComments([], { path: '/api/v1/community/comment/post/withsub/9' });
  const view = await openCommunity('/community?post=9');
  const dialog = await screen.findByTestId('post-dialog');
  await within(dialog).findByText('Linked post');
  await waitFor(() => expect(listCards()).toHaveLength(2));
  const inList = () => {
    const card = listCards().find((item) => item.dataset.postId === '9');
    if (!card) throw new Error('post 9 is not in the list');
    return within(card);
  };
  return { ...view, dialog: within(dialog), inList };
}

/** The cards of the page's list, not the dialog's. */
const listCards = () =>
  screen
    .queryAllByTestId('post-card', {})
    .filter((card) => !card.closest('[data-testid="post-dialog"]'));

describe("a post's state has one home (ADR 0049)", () => {
  it('shows a like made in the post’s dialog on its card in the list, at once and as answered', async () => {
    logInAs();
    const answer = deferred<Response>();
    fakeNetwork().on('PUT', POST_LIKE, () => answer.promise);
    const { user, dialog, inList } = await openPostOverList();
    expect(inList().getByTestId('post-likes')).toHaveTextContent('3');

    await user.click(dialog.getByTestId('post-like'));
    expect(inList().getByTestId('post-like')).toHaveAttribute('aria-pressed', 'true');
    expect(inList().getByTestId('post-likes')).toHaveTextContent('4');
    act(() => answer.resolve(envelopeReply({ id: 9, is_like: true, like: 6 })));
    await waitFor(() => expect(inList().getByTestId('post-likes')).toHaveTextContent('6'));
    expect(dialog.getByTestId('post-likes')).toHaveTextContent('6');
  });

  it('rolls the like back on the card and in the dialog when the server refuses', async () => {
    logInAs();
    const answer = deferred<Response>();
    fakeNetwork().on('PUT', POST_LIKE, () => answer.promise);
    const { user, dialog, inList } = await openPostOverList();

    await user.click(inList().getByTestId('post-like'));
    expect(dialog.getByTestId('post-likes')).toHaveTextContent('4');
    act(() => answer.resolve(envelopeReply(null, 400, 'No')));
    await waitFor(() => expect(dialog.getByTestId('post-likes')).toHaveTextContent('3'));
    expect(dialog.getByTestId('post-like')).toHaveAttribute('aria-pressed', 'false');
    expect(inList().getByTestId('post-likes')).toHaveTextContent('3');
    expect(inList().getByTestId('post-like')).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('entries and answers', () => {
  it('takes an answer only when it was asked for after the entry was written', () => {
    vi.useFakeTimers({ now: 10_000 });
    const queryClient = new QueryClient();
    patchWorkState(queryClient, 5, { like: 13, is_like: true });
    // Asked before the like was answered: it shows the old count.
    noteWorks(queryClient, [createWorkCard({ id: 5, like: 12, is_like: false })], 9_999);
    expect(readWorkState(queryClient, 5)).toMatchObject({ like: 13, is_like: true });
    // Asked after: the server's newer count (someone else liked it too).
    noteWorks(queryClient, [createWorkCard({ id: 5, like: 20, is_like: true })], 10_001);
    expect(readWorkState(queryClient, 5)).toMatchObject({ like: 20, is_like: true });
  });

  it('makes entries from a detail’s answer only, and keeps counts at 0 or more', () => {
    const queryClient = new QueryClient();
    noteWorks(queryClient, [createWorkCard({ id: 6 })], Date.now());
    expect(readWorkState(queryClient, 6)).toBeUndefined();
    noteWorks(queryClient, [createWorkDetail({ id: 6, favor: 2 })], Date.now(), { create: true });
    expect(readWorkState(queryClient, 6)).toMatchObject({ favor: 2, is_favor: false });
    patchWorkState(queryClient, 6, { favor: -1 });
    expect(readWorkState(queryClient, 6)?.favor).toBe(0);
  });

  it('are forgotten when the viewer changes, their flags being the viewer’s', async () => {
    logInAs();
    const { queryClient } = renderApp('/community', FAST_USER);
    patchWorkState(queryClient, 5, { is_like: true, like: 13 });
    act(() => useSessionStore.getState().clearUser());
    await waitFor(() => expect(readWorkState(queryClient, 5)).toBeUndefined());
  });
});
