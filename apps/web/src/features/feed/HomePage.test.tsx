import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelopeReply, fakeNetwork } from '../../test/fake-network';
import { renderWithProviders } from '../../test/render-app';
import { renderHome } from '../../test/render-home';
import { createWorkDetail } from '../works/test-fakes';
import { useFeedStore } from './feed.store';
import { FEED_PATH } from './feed-api';
import { refreshHomeFeed } from './feed-refresh';
import {
  BlockableGrid,
  blockGrid,
  card,
  cards,
  fakeLayout,
  feedCalls,
  Harness,
  SaveWorkButton,
  scrollTo,
  serveFeed,
  setActive,
} from './home-page.fakes';
import { RENDER_BATCH } from './use-progressive-count';

beforeEach(() => {
  useFeedStore.setState(useFeedStore.getInitialState(), true);
});

describe('home works grid (SPEC 2, SPEC 4 Feed)', () => {
  it.each([
    ['publishing', null, 'POST', '/api/v1/works/create'],
    ['editing', 2, 'PUT', '/api/v1/works/update'],
  ] as const)('shows fresh pages on coming back after %s a work', async (_, id, method, path) => {
    let total = 3;
    fakeNetwork().on('GET', FEED_PATH, () =>
      envelopeReply(
        Array.from({ length: total }, (_, index) => card(index + 1)),
        200,
        'success',
        { total },
      ),
    );
    fakeNetwork().on(method, path, () => envelopeReply(createWorkDetail({ id: 4 })));
    const { user } = renderHome(
      <>
        <Harness />
        <SaveWorkButton id={id} />
      </>,
    );
    await waitFor(() => expect(cards()).toHaveLength(3));
    // The maker goes to the publish page (the feed stays mounted, hidden) and saves.
    act(() => setActive(false));
    total = 4;
    await user.click(screen.getByRole('button', { name: 'Save work' }));
    await waitFor(() => expect(fakeNetwork().callsTo(method, path)).toHaveLength(1));
    // Back on Discover well within SPEC 4's 5 minutes: the list is the new one.
    act(() => setActive(true));
    await waitFor(() => expect(cards()).toHaveLength(4));
  });

  it('shows 10 skeleton cards while the first page loads', () => {
    renderHome(<Harness />);
    expect(document.querySelectorAll('.work-card-skeleton')).toHaveLength(10);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the feed…');
  });

  it('asks for page 1 of 50 and shows the cards with creator and counts', async () => {
    serveFeed(3);
    renderHome(<Harness />);
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(document.querySelectorAll('.work-card-skeleton')).toHaveLength(0);
    const [call] = feedCalls();
    expect(Object.fromEntries(call?.query ?? [])).toEqual({ page: '1', pageSize: '50' });
    // SPEC 3: an e-mail-like nickname shows the part before '@'.
    expect(screen.getAllByText('maker')).toHaveLength(3);
    expect(screen.getByText('You have reached the end of the list.')).toBeInTheDocument();
  });

  it('says so when there are no works, and when a search finds none', async () => {
    serveFeed(0);
    renderHome(<Harness />);
    expect(await screen.findByText('No works here yet.')).toBeInTheDocument();
    act(() => useFeedStore.getState().setQuery('dragon'));
    expect(
      await screen.findByText('No works match “dragon”. Try other words.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('You have reached the end of the list.')).toBeNull();
  });

  it('sends the search text or the category (SPEC 7: either), and a chosen order', async () => {
    serveFeed(2);
    renderHome(<Harness />);
    await waitFor(() => expect(cards()).toHaveLength(2));
    act(() => useFeedStore.getState().setCategory(12));
    await waitFor(() => expect(feedCalls()).toHaveLength(2));
    expect(feedCalls()[1]?.query.get('category')).toBe('12');

    act(() => useFeedStore.getState().setQuery('dragon'));
    await waitFor(() => expect(feedCalls()).toHaveLength(3));
    expect(feedCalls()[2]?.query.get('query')).toBe('dragon');
    expect(feedCalls()[2]?.query.has('category')).toBe(false);
    expect(await screen.findByTestId('search-summary')).toHaveTextContent(
      '2 works found for “dragon”',
    );

    fireEvent.click(screen.getByText('Most liked'));
    await waitFor(() => expect(feedCalls()).toHaveLength(4));
    expect(feedCalls()[3]?.query.get('sort')).toBe('likes');
  });

  it('loads the next page within 50 px of the bottom, throttled, until no more remain', async () => {
    serveFeed(120);
    renderHome(<Harness />);
    await waitFor(() => expect(cards()).toHaveLength(50));

    // 100 px from the bottom: nothing yet.
    scrollTo(9_100);
    expect(feedCalls()).toHaveLength(1);
    // 40 px from the bottom, within the 150 ms of the last handled scroll: runs when it ends.
    scrollTo(9_160);
    expect(feedCalls()).toHaveLength(1);
    await waitFor(() => expect(feedCalls()).toHaveLength(2));
    expect(feedCalls()[1]?.query.get('page')).toBe('2');
    await waitFor(() => expect(cards()).toHaveLength(100));
    expect(screen.queryByText('You have reached the end of the list.')).toBeNull();

    await new Promise((resolve) => setTimeout(resolve, 160));
    scrollTo(19_200, 20_000);
    await waitFor(() => expect(cards()).toHaveLength(120));
    expect(feedCalls()[2]?.query.get('page')).toBe('3');
    expect(screen.getByText('You have reached the end of the list.')).toBeInTheDocument();

    await new Promise((resolve) => setTimeout(resolve, 160));
    scrollTo(23_200, 24_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(feedCalls()).toHaveLength(3);
  });

  it('renders the cards as the visitor nears them; the next page waits until all are there', async () => {
    serveFeed(120);
    const layout = fakeLayout();
    try {
      renderHome(<Harness />);
      await waitFor(() => expect(cards()).toHaveLength(RENDER_BATCH));
      scrollTo(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      // A visitor who does not scroll: the first batch only.
      expect(cards()).toHaveLength(RENDER_BATCH);

      // Near the bottom of a list still being rendered: no second page yet.
      scrollTo(9_160);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(feedCalls()).toHaveLength(1);
      expect(cards()).toHaveLength(RENDER_BATCH);

      // Scrolled until the end of the cards is within a screen: the rest follow.
      layout.sectionBottom = 1_200;
      scrollTo(200);
      await waitFor(() => expect(cards()).toHaveLength(50));
      expect(feedCalls()).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 160));
      scrollTo(9_160);
      await waitFor(() => expect(feedCalls()).toHaveLength(2));
      expect(feedCalls()[1]?.query.get('page')).toBe('2');
    } finally {
      layout.restore();
    }
  });

  it('asks for the next page when the last cards arrive while the visitor is at the bottom', async () => {
    serveFeed(120);
    const layout = fakeLayout();
    try {
      renderHome(<Harness />);
      await waitFor(() => expect(cards()).toHaveLength(RENDER_BATCH));
      // One scroll to the bottom; the area can scroll no further, so no other
      // scroll comes while the rest of the cards render.
      layout.sectionBottom = 1_200;
      scrollTo(9_160);
      await waitFor(() => expect(cards()).toHaveLength(50));
      await waitFor(() => expect(feedCalls()).toHaveLength(2));
      expect(feedCalls()[1]?.query.get('page')).toBe('2');
    } finally {
      layout.restore();
    }
  });

  it('loads no more works while a search shows its posts, and keeps the works list (ADR 0013)', async () => {
    serveFeed(120);
    renderHome(<Harness />);
    await waitFor(() => expect(cards()).toHaveLength(50));
    act(() => useFeedStore.getState().setQuery('dragon'));
    await waitFor(() => expect(feedCalls()).toHaveLength(2));
    await waitFor(() => expect(cards()).toHaveLength(50));

    fireEvent.click(screen.getByText('Posts'));
    await waitFor(() => expect(cards()).toHaveLength(0));
    expect(await screen.findByTestId('post-search-results')).toBeInTheDocument();
    scrollTo(9_160);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(feedCalls()).toHaveLength(2);

    fireEvent.click(screen.getByText('Works'));
    await waitFor(() => expect(cards()).toHaveLength(50));
    expect(feedCalls()).toHaveLength(2);
  });

  it('shows the SPEC 8 feed message and a retry when the feed fails', async () => {
    fakeNetwork().on('GET', FEED_PATH, () => envelopeReply(null, 404, 'not found'));
    renderHome(<Harness />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The requested resource does not exist.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(cards()).toHaveLength(0);
  });

  it('blocks the feed after 3 errors with the SPEC 8 notice, retries 5 s apart', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fakeNetwork().on('GET', FEED_PATH, () => envelopeReply(null, 404, 'not found'));
      renderHome(<Harness />);
      for (const expected of [2, 3]) {
        fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
        await act(() => vi.advanceTimersByTimeAsync(4_000));
        expect(feedCalls()).toHaveLength(expected - 1);
        await act(() => vi.advanceTimersByTimeAsync(1_100));
        await waitFor(() => expect(feedCalls()).toHaveLength(expected));
      }
      const notice = 'Too many failed requests. Please try again later or refresh the page.';
      // The line under the grid (the toast that also says so is the next test's).
      const footer = () => within(screen.getByRole('region', { name: 'Works' })).getByRole('alert');
      await waitFor(() => expect(footer()).toHaveTextContent(notice));
      expect(screen.getByRole('button', { name: 'Try again' })).toBeDisabled();

      await act(() => vi.advanceTimersByTimeAsync(30_000));
      expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(footer()).toHaveTextContent('The requested resource does not exist.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('raises the SPEC 8 notice once when the feed gets blocked', async () => {
    const notice = 'Too many failed requests. Please try again later or refresh the page.';
    renderWithProviders(<BlockableGrid />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Network connection failed. Please check your network settings.',
    );
    act(() => blockGrid());
    // The line under the grid and the toast.
    await waitFor(() => expect(screen.getAllByText(notice)).toHaveLength(2));
  });

  it("shows a business error's own message", async () => {
    fakeNetwork().on('GET', FEED_PATH, () => envelopeReply(null, 1099, 'Search is resting'));
    renderHome(<Harness />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Search is resting');
  });
});

describe('returning to home (SPEC 3 session storage, SPEC 4 cache)', () => {
  it('keeps the list and puts back homePageScrollTop, recording homePageLastLeaveTime', async () => {
    serveFeed(120);
    renderHome(<Harness />);
    await waitFor(() => expect(cards()).toHaveLength(50));
    const scroller = scrollTo(1_234);
    expect(sessionStorage.getItem('homePageScrollTop')).toBe('1234');

    const before = Date.now();
    act(() => setActive(false));
    expect(Number(sessionStorage.getItem('homePageLastLeaveTime'))).toBeGreaterThanOrEqual(before);
    // Another page uses the content area meanwhile; its scrolling is not home's.
    scroller.scrollTop = 0;
    fireEvent.scroll(scroller);
    expect(sessionStorage.getItem('homePageScrollTop')).toBe('1234');

    act(() => setActive(true));
    await waitFor(() => expect(scroller.scrollTop).toBe(1_234));
    expect(cards()).toHaveLength(50);
    expect(feedCalls()).toHaveLength(1);
  });

  it('after a reload puts back the stored position only if home was left within 300 s', async () => {
    serveFeed(120);
    sessionStorage.setItem('homePageScrollTop', '700');
    sessionStorage.setItem('homePageLastLeaveTime', String(Date.now() - 10_000));
    const first = renderHome(<Harness />);
    await waitFor(() => expect(cards()).toHaveLength(50));
    await waitFor(() => expect(screen.getByTestId('scroller').scrollTop).toBe(700));
    first.unmount();

    sessionStorage.setItem('homePageLastLeaveTime', String(Date.now() - 301_000));
    renderHome(<Harness />);
    await waitFor(() => expect(cards()).toHaveLength(50));
    expect(screen.getByTestId('scroller').scrollTop).toBe(0);
  });

  it('starts over at the top when the logo refreshes the feed', async () => {
    serveFeed(120);
    const { queryClient } = renderHome(<Harness />);
    await waitFor(() => expect(cards()).toHaveLength(50));
    const scroller = scrollTo(3_000);
    act(() => {
      refreshHomeFeed(queryClient);
    });
    expect(scroller.scrollTop).toBe(0);
    await waitFor(() => expect(feedCalls()).toHaveLength(2));
    expect(feedCalls()[1]?.query.get('page')).toBe('1');
    await waitFor(() => expect(cards()).toHaveLength(50));
  });
});
