import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { envelopeReply } from '../../test/fake-network';
import { SEARCH_PATHS } from './api';
import { logIn, renderSearchBox, serveSearch, setVisitorHistory } from './test-fakes';

const recent = () => screen.findByRole('region', { name: 'Recent searches' });
const chips = async () =>
  within(await recent())
    .getAllByRole('listitem')
    .map((item) => item.textContent);
const stored = () => JSON.parse(window.localStorage.getItem('searchHistory') ?? 'null');

async function openPanel() {
  const view = renderSearchBox();
  await view.user.click(screen.getByRole('combobox', { name: 'Search' }));
  await screen.findByRole('dialog', { name: 'Search suggestions' });
  return view;
}

describe('two-step delete of recent searches (SPEC 2, SPEC 7, SPEC 8)', () => {
  const records = [
    { id: 31, words: 'gear clock' },
    { id: 32, words: 'vase' },
  ];

  it('shows delete icons first, then deletes one record with ids [id] and the server msg', async () => {
    logIn();
    const network = serveSearch({ history: records });
    network.on('DELETE', SEARCH_PATHS.deleteRecords, () =>
      envelopeReply({ count: 1 }, 200, 'Gone from your history'),
    );
    const { user } = await openPanel();
    const section = within(await recent());
    expect(section.queryByRole('button', { name: 'Clear all' })).toBeNull();

    await user.click(section.getByRole('button', { name: 'Delete search history' }));
    expect(section.getByRole('button', { name: 'Clear all' })).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(network.callsTo('DELETE', SEARCH_PATHS.deleteRecords)).toHaveLength(0);

    await user.click(section.getByRole('button', { name: 'Delete “vase”' }));
    expect(await screen.findByText('Gone from your history')).toBeInTheDocument();
    const [call] = network.callsTo('DELETE', SEARCH_PATHS.deleteRecords);
    expect(call?.body).toEqual({ ids: [32] });
    await waitFor(() => expect(section.queryByText('vase')).toBeNull());
    expect(section.getByRole('button', { name: 'Delete “gear clock”' })).toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'Cancel' }));
    expect(section.getByRole('button', { name: 'gear clock' })).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Clear all' })).toBeNull();
  });

  it('clears the whole history with ids []', async () => {
    logIn();
    const network = serveSearch({ history: records, hot: ['benchy'] });
    network.on('DELETE', SEARCH_PATHS.deleteRecords, () =>
      envelopeReply({ count: 2 }, 200, 'History emptied'),
    );
    const { user } = await openPanel();
    const section = within(await recent());
    await user.click(section.getByRole('button', { name: 'Delete search history' }));
    await user.click(section.getByRole('button', { name: 'Clear all' }));
    expect(await screen.findByText('History emptied')).toBeInTheDocument();
    expect(network.callsTo('DELETE', SEARCH_PATHS.deleteRecords)[0]?.body).toEqual({ ids: [] });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Recent searches' })).toBeNull(),
    );
    expect(screen.getByRole('region', { name: 'Popular searches' })).toBeInTheDocument();
  });

  it('shows an error message and keeps the record when the delete fails', async () => {
    logIn();
    const network = serveSearch({ history: records });
    network.on('DELETE', SEARCH_PATHS.deleteRecords, () =>
      envelopeReply(null, 400, 'That record could not be found'),
    );
    const { user } = await openPanel();
    const section = within(await recent());
    await user.click(section.getByRole('button', { name: 'Delete search history' }));
    await user.click(section.getByRole('button', { name: 'Delete “gear clock”' }));
    expect(await screen.findByText('That record could not be found')).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Delete “gear clock”' })).toBeInTheDocument();
  });

  it("deletes a visitor's searches from local storage, one and then all", async () => {
    setVisitorHistory(['gear clock', 'vase', 'lamp']);
    const network = serveSearch({});
    const { user } = await openPanel();
    const section = within(await recent());
    await user.click(section.getByRole('button', { name: 'Delete search history' }));
    await user.click(section.getByRole('button', { name: 'Delete “vase”' }));
    expect(await screen.findByText('Search record deleted')).toBeInTheDocument();
    expect(stored()).toEqual(['gear clock', 'lamp']);

    await user.click(section.getByRole('button', { name: 'Clear all' }));
    expect(await screen.findByText('Search history cleared')).toBeInTheDocument();
    expect(stored()).toBeNull();
    expect(network.callsTo('DELETE', SEARCH_PATHS.deleteRecords)).toHaveLength(0);
  });
});

describe('recent-search rows (SPEC 2, SPEC 9: from the panel width, at least 3)', () => {
  const eight = ['a1', 'b2', 'c3', 'd4', 'e5', 'f6', 'g7', 'h8'];
  const descriptor = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth');

  afterEach(() => {
    if (descriptor) Object.defineProperty(Element.prototype, 'clientWidth', descriptor);
  });

  function panelWidth(width: number) {
    Object.defineProperty(Element.prototype, 'clientWidth', {
      configurable: true,
      get() {
        return (this as Element).classList.contains('search-panel') ? width : 0;
      },
    });
  }

  it('shows 3 in a narrow panel, and the rest with the expand toggle', async () => {
    setVisitorHistory(eight);
    serveSearch({});
    const { user } = await openPanel();
    expect(await chips()).toEqual(['a1', 'b2', 'c3']);
    const toggle = screen.getByRole('button', { name: 'Show all (8)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(await chips()).toEqual(eight);
    const collapse = screen.getByRole('button', { name: 'Show less' });
    expect(collapse).toHaveAttribute('aria-expanded', 'true');
    await user.click(collapse);
    expect(await chips()).toEqual(['a1', 'b2', 'c3']);
  });

  it('fits more into a wider panel', async () => {
    panelWidth(560);
    setVisitorHistory(eight);
    serveSearch({});
    await openPanel();
    expect(await chips()).toEqual(['a1', 'b2', 'c3', 'd4', 'e5']);
    expect(screen.getByRole('button', { name: 'Show all (8)' })).toBeInTheDocument();
  });

  it('has no toggle when everything fits', async () => {
    setVisitorHistory(['a1', 'b2', 'c3']);
    serveSearch({});
    await openPanel();
    expect(await chips()).toEqual(['a1', 'b2', 'c3']);
    expect(screen.queryByRole('button', { name: /Show all/ })).toBeNull();
  });
});
