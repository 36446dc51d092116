import type { TCreateWorkRequest, TWorkCard } from '@layerline/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { KeepAliveActiveContext } from '../../app/KeepAliveOutlet';
import { envelopeReply, fakeNetwork, type TNetworkRequest } from '../../test/fake-network';
import { renderWithProviders } from '../../test/render-app';
import { renderHome } from '../../test/render-home';
import { useSaveWork } from '../works/publish-api';
import { createWorkDetail } from '../works/test-fakes';
import { useFeedStore } from './feed.store';
import { FEED_PATH } from './feed-api';
import type { TFeedView } from './feed-controller';
import { refreshHomeFeed } from './feed-refresh';
import { HomePage } from './HomePage';
import { RENDER_BATCH } from './use-progressive-count';
import { WorksGrid } from './WorksGrid';

function card(id: number, title = `Work ${id}`): TWorkCard {
  return {
    id,
    title,
    cover: [`/files/${id}.webp`],
    nickname: 'maker@example.com',
    avatar: '',
    created_by: 7,
    like: 3,
    favor: 0,
    is_like: false,
    download_count: 5,
    comment_count: 0,
    CreatedAt: '2025-01-01T00:00:00.000Z',
    status: 'published',
    rejection_reason: '',
  };
}

/** GET /works/home answering `total` works in the requested pages. */
function serveFeed(total: number) {
  fakeNetwork().on('GET', FEED_PATH, (request) => {
    const page = Number(request.query.get('page'));
    const size = Number(request.query.get('pageSize'));
    const start = (page - 1) * size;
    const count = Math.max(0, Math.min(size, total - start));
    const data = Array.from({ length: count }, (_, index) => card(start + index + 1));
    return envelopeReply(data, 200, 'success', { total });
  });
}

const feedCalls = (): TNetworkRequest[] => fakeNetwork().callsTo('GET', FEED_PATH);
const cards = () => screen.queryAllByTestId('work-card');

let setActive: (active: boolean) => void = () => {};

/** The page inside the shell's scroll container, shown or hidden as the keep-alive outlet does. */
function Harness() {
  const [active, setState] = useState(true);
  setActive = setState;
  return (
    <KeepAliveActiveContext.Provider value={active}>
      <main data-testid="scroller">
        <HomePage />
      </main>
    </KeepAliveActiveContext.Provider>
  );
}

const FAILED_VIEW: TFeedView = {
  status: 'error',
  params: { query: '', category: null, sort: null },
  items: [],
  total: 0,
  page: 0,
  error: { key: 'network' },
  isBlocked: false,
  generation: 1,
  resetReason: 'change',
};

let blockGrid: () => void = () => {};

/** The grid of a failed feed that the test then blocks. */
function BlockableGrid() {
  const [isBlocked, setBlocked] = useState(false);
  blockGrid = () => setBlocked(true);
  return <WorksGrid view={{ ...FAILED_VIEW, isBlocked }} onRetry={() => {}} />;
}

/** jsdom has no layout: the scroll area's sizes are set by hand. */
function scrollTo(scrollTop: number, scrollHeight = 10_000, clientHeight = 800) {
  const scroller = screen.getByTestId('scroller');
  Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: clientHeight });
  scroller.scrollTop = scrollTop;
  fireEvent.scroll(scroller);
  return scroller;
}

/**
 * jsdom has no layout: the works section ends `sectionBottom` px down (far
 * below the 800 px area at first), every other element is the area itself.
 */
function fakeLayout() {
  const layout = { sectionBottom: 10_000, restore: () => {} };
  const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: Element,
  ) {
    return this.classList.contains('works-section')
      ? DOMRect.fromRect({ x: 0, y: layout.sectionBottom - 1_000, width: 390, height: 1_000 })
      : DOMRect.fromRect({ x: 0, y: 0, width: 390, height: 800 });
  });
  layout.restore = () => rect.mockRestore();
  return layout;
}

beforeEach(() => {
  useFeedStore.setState(useFeedStore.getInitialState(), true);
});

/** The publish form's save, as a button: create (no id) or update. */
function SaveWorkButton({ id }: { id: number | null }) {
  const save = useSaveWork();
  return (
    <button type="button" onClick={() => save.mutate({ payload: {} as TCreateWorkRequest, id })}>
      Save work
    </button>
  );
}

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
