import type { TFollowResult, TFollowState } from '@layerline/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../../stores/ui.store';
import { FAST_USER, LOAD_TIMEOUT_MS, logInAs } from '../../test/auth-fakes';
import { envelopeReply, fakeNetwork } from '../../test/fake-network';
import { renderApp } from '../../test/render-app';
import { serveComments } from '../comments/comments.fakes';
import { createAuthorCard, createWorkDetail, serveWork } from '../works/test-fakes';

const LIKE = '/api/v1/works/like/5';
const FAVOR = '/api/v1/favor/5';
const FOLLOW = '/api/v1/follow/user/9';

/** A reply the test sends when it wants: the state before the answer is checked. */
function deferred() {
  let answer: (response: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => {
    answer = resolve;
  });
  return { promise, answer };
}

async function openWork(overrides: Parameters<typeof createWorkDetail>[0] = {}) {
  serveWork(createWorkDetail(overrides));
  serveComments([]);
  const view = renderApp('/work/5', FAST_USER);
  const detail = await screen.findByTestId('work-detail', {}, { timeout: LOAD_TIMEOUT_MS });
  await within(detail).findByTestId('like-button', {}, { timeout: LOAD_TIMEOUT_MS });
  return { ...view, detail: within(detail) };
}

const followResult = (state: TFollowState, fans: number): TFollowResult => ({
  id: 9,
  is_follow: state === 'following' || state === 'mutual',
  follow_state: state,
  follow_count: 7,
  fans_count: fans,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('like (SPEC 4: changes after success; SPEC 8 like error)', () => {
  it('changes only after the server answered', async () => {
    logInAs();
    const reply = deferred();
    fakeNetwork().on('PUT', LIKE, () => reply.promise);
    const { detail, user } = await openWork();
    const like = detail.getByTestId('like-button');
    await user.click(like);
    await waitFor(() => expect(fakeNetwork().callsTo('PUT', LIKE)).toHaveLength(1));
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(detail.getByTestId('work-likes')).toHaveTextContent('12');
    expect(fakeNetwork().callsTo('PUT', LIKE)[0]?.authorization).toBe('Bearer access-0');

    reply.answer(envelopeReply({ id: 5, is_like: true, like: 13 }));
    await waitFor(() => expect(detail.getByTestId('work-likes')).toHaveTextContent('13'));
    expect(like).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps the state and shows the like-error message on failure', async () => {
    logInAs();
    fakeNetwork().on('PUT', LIKE, () => envelopeReply(null, 404, 'gone'));
    const { detail, user } = await openWork();
    await user.click(detail.getByTestId('like-button'));
    expect(await screen.findByText('Like failed, please try again later')).toBeInTheDocument();
    expect(detail.getByTestId('work-likes')).toHaveTextContent('12');
    expect(detail.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'false');
  });

  it('drops a click within 500 ms of the previous one, then unlikes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    logInAs();
    fakeNetwork()
      .on('PUT', LIKE, () => envelopeReply({ id: 5, is_like: true, like: 13 }))
      .on('DELETE', LIKE, () => envelopeReply({ id: 5, is_like: false, like: 12 }));
    const { detail, user } = await openWork();
    const like = detail.getByTestId('like-button');
    await user.click(like);
    await user.click(like);
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'));
    expect(fakeNetwork().callsTo('PUT', LIKE)).toHaveLength(1);
    expect(fakeNetwork().callsTo('DELETE', LIKE)).toHaveLength(0);

    vi.setSystemTime(Date.now() + 500);
    await user.click(like);
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'false'));
    expect(fakeNetwork().callsTo('DELETE', LIKE)).toHaveLength(1);
    expect(detail.getByTestId('work-likes')).toHaveTextContent('12');
  });
});

describe('collect (SPEC 4 optimistic, SPEC 8 revert)', () => {
  it('toggles at once and reverts with the message when the call fails', async () => {
    logInAs();
    const reply = deferred();
    fakeNetwork().on('POST', FAVOR, () => reply.promise);
    const { detail, user } = await openWork();
    const favor = detail.getByTestId('favor-button');
    await user.click(favor);
    expect(favor).toHaveAttribute('aria-pressed', 'true');
    expect(detail.getByTestId('work-collects')).toHaveTextContent('4');

    reply.answer(envelopeReply(null, 400, 'no'));
    expect(await screen.findByText('operation failed, please retry later')).toBeInTheDocument();
    expect(favor).toHaveAttribute('aria-pressed', 'false');
    expect(detail.getByTestId('work-collects')).toHaveTextContent('3');
  });

  it("keeps the server's count on success, and uncollects never below 0", async () => {
    logInAs();
    fakeNetwork().on('DELETE', FAVOR, () => envelopeReply({ id: 5, is_favor: false, favor: 0 }));
    const { detail, user } = await openWork({ is_favor: true, favor: 0 });
    await user.click(detail.getByTestId('favor-button'));
    expect(detail.getByTestId('work-collects')).toHaveTextContent('0');
    await waitFor(() => expect(fakeNetwork().callsTo('DELETE', FAVOR)).toHaveLength(1));
    expect(detail.getByTestId('favor-button')).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('follow (SPEC 4: follow, following, mutual; 500 ms debounce)', () => {
  it('follows after success, ignores a bounce, and unfollows later', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    logInAs();
    fakeNetwork()
      .on('POST', FOLLOW, () => envelopeReply(followResult('following', 10)))
      .on('DELETE', FOLLOW, () => envelopeReply(followResult('none', 9)));
    const { detail, user } = await openWork();
    const follow = detail.getByTestId('follow-button');
    expect(follow).toHaveTextContent('Follow');
    await user.click(follow);
    await user.click(follow);
    await waitFor(() => expect(detail.getByTestId('follow-button')).toHaveTextContent('Following'));
    expect(detail.getByTestId('follow-button')).toHaveAttribute('data-state', 'following');
    expect(fakeNetwork().callsTo('POST', FOLLOW)).toHaveLength(1);
    expect(fakeNetwork().callsTo('DELETE', FOLLOW)).toHaveLength(0);

    vi.setSystemTime(Date.now() + 600);
    await user.click(detail.getByTestId('follow-button'));
    await waitFor(() => expect(detail.getByTestId('follow-button')).toHaveTextContent(/^Follow$/));
    expect(fakeNetwork().callsTo('DELETE', FOLLOW)).toHaveLength(1);
  });

  it("offers 'follow back' and becomes mutual in the hover card and the author block", async () => {
    logInAs();
    fakeNetwork()
      .on('GET', '/api/v1/works/author/9', () =>
        envelopeReply(createAuthorCard({ follow_state: 'follow_back', fans_count: 90 })),
      )
      .on('POST', FOLLOW, () => envelopeReply(followResult('mutual', 91)));
    const { detail, user } = await openWork({ follow_state: 'follow_back' });
    expect(detail.getByTestId('follow-button')).toHaveTextContent('Follow back');

    await user.hover(detail.getByTestId('work-author'));
    const card = within(await screen.findByTestId('author-card', {}, { timeout: LOAD_TIMEOUT_MS }));
    await card.findByText('90');
    await user.click(card.getByTestId('follow-button'));
    await waitFor(() =>
      expect(card.getByTestId('follow-button')).toHaveTextContent('Mutual follow'),
    );
    expect(card.getByText('91')).toBeInTheDocument();
    expect(detail.getByTestId('follow-button')).toHaveTextContent('Mutual follow');
    expect(fakeNetwork().callsTo('POST', FOLLOW)).toHaveLength(1);
  });
});

describe('a fetch in flight during a follow', () => {
  it('does not put the old state back in the hover card', async () => {
    logInAs();
    const stale = deferred();
    let cardCalls = 0;
    fakeNetwork()
      .on('GET', '/api/v1/works/author/9', () => {
        cardCalls += 1;
        // The first card was asked for before the follow and answers after it.
        if (cardCalls === 1) return stale.promise;
        return envelopeReply(createAuthorCard({ follow_state: 'following', fans_count: 10 }));
      })
      .on('POST', FOLLOW, () => envelopeReply(followResult('following', 10)));
    const { detail, user } = await openWork();
    await user.hover(detail.getByTestId('work-author'));
    const card = within(await screen.findByTestId('author-card', {}, { timeout: LOAD_TIMEOUT_MS }));
    await waitFor(() => expect(cardCalls).toBe(1));

    await user.click(detail.getByTestId('follow-button'));
    await waitFor(() => expect(detail.getByTestId('follow-button')).toHaveTextContent('Following'));
    stale.answer(envelopeReply(createAuthorCard({ follow_state: 'none', fans_count: 9 })));

    await waitFor(() => expect(card.getByText('10')).toBeInTheDocument());
    expect(card.getByTestId('follow-button')).toHaveTextContent('Following');
    expect(detail.getByTestId('follow-button')).toHaveTextContent('Following');
  });
});

describe('visitors (SPEC 6)', () => {
  it('get the login dialog for like, collect, follow and comment, and nothing is sent', async () => {
    const { detail, user } = await openWork();
    // The comment button only opens and closes the panel, which visitors may read (SPEC 4, 6).
    for (const testId of ['like-button', 'favor-button', 'follow-button', 'comment-input']) {
      await user.click(detail.getByTestId(testId));
      expect(useUiStore.getState().loginDialog).toMatchObject({
        open: true,
        pendingRoute: '/work/5',
      });
      useUiStore.getState().closeLogin();
    }
    const writes = fakeNetwork().calls.filter((call) => call.method !== 'GET');
    expect(writes).toEqual([]);
  });
});
