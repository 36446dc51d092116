import type { TCreateWorkRequest, TWorkCard } from '@layerline/contract';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { vi } from 'vitest';
import { KeepAliveActiveContext } from '../../app/KeepAliveOutlet';
import { envelopeReply, fakeNetwork, type TNetworkRequest } from '../../test/fake-network';
import { useSaveWork } from '../works/publish-api';
import { FEED_PATH } from './feed-api';
import type { TFeedView } from './feed-controller';
import { HomePage } from './HomePage';
import { WorksGrid } from './WorksGrid';

/** Test fakes of the home page's tests (HomePage.test.tsx): works, the feed, the page's shell. */

/** A work card with a creator and counts. */
export function card(id: number, title = `Work ${id}`): TWorkCard {
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
export function serveFeed(total: number) {
  fakeNetwork().on('GET', FEED_PATH, (request) => {
    const page = Number(request.query.get('page'));
    const size = Number(request.query.get('pageSize'));
    const start = (page - 1) * size;
    const count = Math.max(0, Math.min(size, total - start));
    const data = Array.from({ length: count }, (_, index) => card(start + index + 1));
    return envelopeReply(data, 200, 'success', { total });
  });
}

export const feedCalls = (): TNetworkRequest[] => fakeNetwork().callsTo('GET', FEED_PATH);
export const cards = () => screen.queryAllByTestId('work-card');

let setHarnessActive: (active: boolean) => void = () => {};

/** Shows or hides the Harness's page, as leaving and coming back to it does. */
export function setActive(active: boolean): void {
  setHarnessActive(active);
}

/** The page inside the shell's scroll container, shown or hidden as the keep-alive outlet does. */
export function Harness() {
  const [active, setState] = useState(true);
  setHarnessActive = setState;
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

let blockShownGrid: () => void = () => {};

/** Blocks the BlockableGrid's feed. */
export function blockGrid(): void {
  blockShownGrid();
}

/** The grid of a failed feed that the test then blocks. */
export function BlockableGrid() {
  const [isBlocked, setBlocked] = useState(false);
  blockShownGrid = () => setBlocked(true);
  return <WorksGrid view={{ ...FAILED_VIEW, isBlocked }} onRetry={() => {}} />;
}

/** jsdom has no layout: the scroll area's sizes are set by hand. */
export function scrollTo(scrollTop: number, scrollHeight = 10_000, clientHeight = 800) {
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
export function fakeLayout() {
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

/** The publish form's save, as a button: create (no id) or update. */
export function SaveWorkButton({ id }: { id: number | null }) {
  const save = useSaveWork();
  return (
    <button type="button" onClick={() => save.mutate({ payload: {} as TCreateWorkRequest, id })}>
      Save work
    </button>
  );
}
