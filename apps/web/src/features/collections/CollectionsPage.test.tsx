import { LIMITS, type TWorkCard } from '@layerline/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelopeReply, fakeNetwork } from '../../test/fake-network';
import { createCollection } from '../../test/home-api.fakes';
import { renderApp } from '../../test/render-app';
import { createWorkCard } from '../works/test-fakes';

const INFO = '/api/v1/collection/getCollectionInfo/4';
const WORKS = '/api/v1/collection/getWorks/4';

const cards = (from: number, count: number): TWorkCard[] =>
  Array.from({ length: count }, (_, index) =>
    createWorkCard({ id: from + index, title: `Work ${from + index}` }),
  );

function serveInfo(overrides: Parameters<typeof createCollection>[0] = {}) {
  const collection = createCollection({
    id: 4,
    title: 'Desk toys',
    description: 'Small prints for the desk.',
    count: 75,
    cover: ['/files/a.webp', '/files/b.webp', '/files/c.webp', '/files/d.webp'],
    ...overrides,
  });
  fakeNetwork().on('GET', INFO, () => envelopeReply(collection));
  return collection;
}

/** Pages of the collection by number; the total claims more than one page of 50. */
function serveWorks(pages: Record<number, TWorkCard[]>, total: number) {
  fakeNetwork().on('GET', WORKS, (request) =>
    envelopeReply(pages[Number(request.query.get('page'))] ?? [], 200, 'success', { total }),
  );
}

/** Scrolls the shell's content area to `fromBottom` px above its end. */
function scrollContent(fromBottom: number) {
  const main = screen.getByTestId('home-scroll');
  Object.defineProperty(main, 'scrollHeight', { configurable: true, value: 3000 });
  Object.defineProperty(main, 'clientHeight', { configurable: true, value: 800 });
  main.scrollTop = 3000 - 800 - fromBottom;
  fireEvent.scroll(main);
}

const grid = () => within(screen.getByTestId('collection-works'));
/** The page is its own chunk: wait for it before looking inside. */
const findGrid = async () => within(await screen.findByTestId('collection-works'));

describe('collection page (SPEC 2 /collections/:id)', () => {
  it('titles the page after the collection, also on coming back to it (SPEC 2 page tags)', async () => {
    serveInfo();
    serveWorks({ 1: cards(1, 2) }, 2);
    const { router } = renderApp('/collections/4');
    await waitFor(() => expect(document.title).toBe('Desk toys - Layerline'));
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Small prints for the desk.',
    );
    await act(() => router.navigate('/feedback'));
    await waitFor(() => expect(document.title).not.toBe('Desk toys - Layerline'));
    await act(() => router.navigate('/collections/4'));
    await waitFor(() => expect(document.title).toBe('Desk toys - Layerline'));
  });

  it('shows the mosaic, title, description and count, then the works', async () => {
    serveInfo();
    serveWorks({ 1: cards(1, 2) }, 2);
    renderApp('/collections/4');
    expect(await screen.findByRole('heading', { level: 1, name: 'Desk toys' })).toBeInTheDocument();
    expect(screen.getByText('Small prints for the desk.')).toBeInTheDocument();
    expect(screen.getByTestId('collection-count')).toHaveTextContent('75 works');
    const mosaic = screen.getAllByTestId('collection-mosaic')[0];
    expect(mosaic?.querySelectorAll('img')).toHaveLength(LIMITS.collectionMosaic);
    expect(await grid().findByRole('article', { name: 'Work 1' })).toBeInTheDocument();
    expect(grid().getByRole('article', { name: 'Work 2' })).toBeInTheDocument();
    expect(grid().getByText('You have reached the end of the list.')).toBeInTheDocument();
    const [call] = fakeNetwork().callsTo('GET', WORKS);
    expect(call?.query.get('page')).toBe('1');
    expect(call?.query.get('pageSize')).toBe('50');
  });

  it('shows 10 skeleton cards while the first page loads', async () => {
    serveInfo();
    renderApp('/collections/4');
    const loading = await screen.findByTestId('paged-works-loading');
    expect(loading.children).toHaveLength(LIMITS.skeletonCards);
  });

  it('loads the next page near the bottom (distance 100), and stops after the last', async () => {
    serveInfo();
    serveWorks({ 1: cards(1, 2), 2: cards(3, 1) }, 75);
    renderApp('/collections/4');
    await (await findGrid()).findByRole('article', { name: 'Work 2' });
    expect(grid().queryByText('You have reached the end of the list.')).toBeNull();

    scrollContent(LIMITS.infiniteScrollDistance + 50);
    expect(fakeNetwork().callsTo('GET', WORKS)).toHaveLength(1);

    // The scroll handler is throttled: the next check waits for its window.
    await act(() => new Promise((resolve) => setTimeout(resolve, LIMITS.scrollThrottleMs + 20)));
    scrollContent(LIMITS.infiniteScrollDistance - 10);
    expect(await grid().findByRole('article', { name: 'Work 3' })).toBeInTheDocument();
    expect(
      fakeNetwork()
        .callsTo('GET', WORKS)
        .map((call) => call.query.get('page')),
    ).toEqual(['1', '2']);
    expect(grid().getByText('You have reached the end of the list.')).toBeInTheDocument();

    await act(() => new Promise((resolve) => setTimeout(resolve, LIMITS.scrollThrottleMs + 20)));
    scrollContent(0);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(fakeNetwork().callsTo('GET', WORKS)).toHaveLength(2);
  });

  it('says so when the collection has no works', async () => {
    serveInfo({ count: 0, cover: [] });
    serveWorks({}, 0);
    renderApp('/collections/4');
    expect(
      await (await findGrid()).findByText('This collection has no works yet.'),
    ).toBeInTheDocument();
    expect(screen.getAllByTestId('collection-mosaic')[0]?.querySelectorAll('img')).toHaveLength(0);
  });

  it('shows the failure in the SPEC 8 feed words, and retries', async () => {
    serveInfo();
    let fail = true;
    fakeNetwork().on('GET', WORKS, () =>
      fail
        ? envelopeReply(null, 404, 'Not here')
        : envelopeReply(cards(1, 1), 200, 'success', { total: 1 }),
    );
    const { user } = renderApp('/collections/4');
    const alert = await (await findGrid()).findByRole('alert');
    expect(alert).toHaveTextContent('The requested resource does not exist.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await grid().findByRole('article', { name: 'Work 1' })).toBeInTheDocument();
  });

  it('sends an unknown collection to /404', async () => {
    fakeNetwork().on('GET', INFO, () => envelopeReply(null, 404, 'Not found'));
    const { router } = renderApp('/collections/4');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });
});
