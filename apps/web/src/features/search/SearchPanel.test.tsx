import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelopeReply } from '../../test/fake-network';
import { useFeedStore } from '../feed/feed.store';
import { SEARCH_PATHS } from './api';
import { reloadSearchData } from './search-reload';
import { logIn, renderSearchBox, serveSearch, setVisitorHistory } from './test-fakes';

afterEach(() => {
  vi.useRealTimers();
});

const box = () => screen.getByRole('combobox', { name: 'Search' });
const panel = () => screen.findByRole('dialog', { name: 'Search suggestions' });
const region = async (name: string) => within(await screen.findByRole('region', { name }));
/** The term buttons of a section, in order (icon-only buttons have no text). */
const terms = async (name: string) =>
  (await region(name))
    .getAllByRole('button')
    .map((button) => button.textContent ?? '')
    .filter(Boolean);

describe('suggestions panel contents (SPEC 2, SPEC 4 Search)', () => {
  it('opens on focus with recent, ranked popular and guessed searches', async () => {
    setVisitorHistory(['gear clock', 'vase']);
    const network = serveSearch({
      hot: ['benchy', 'lamp', 'dragon', 'coaster'],
      guess: ['keychain'],
    });
    const { user } = renderSearchBox();
    expect(network.calls).toHaveLength(0);
    expect(box()).toHaveAttribute('aria-expanded', 'false');

    await user.click(box());
    const dialog = await panel();
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(box()).toHaveAttribute('aria-controls', dialog.id);

    expect(await terms('Recent searches')).toEqual(['gear clock', 'vase']);
    const popular = await region('Popular searches');
    expect(popular.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '1benchy',
      '2lamp',
      '3dragon',
      '4coaster',
    ]);
    expect(popular.getByRole('button', { name: 'benchy' })).toBeInTheDocument();
    expect(await terms('You may be looking for')).toEqual(['keychain']);
    // A visitor's history is local: the server's is not asked for.
    expect(network.callsTo('GET', SEARCH_PATHS.history)).toHaveLength(0);
  });

  it('shows a loading state until the search data arrives', async () => {
    let answer: (response: Response) => void = () => {};
    serveSearch({ hot: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { user } = renderSearchBox();
    await user.click(box());
    expect(within(await panel()).getByRole('status')).toHaveTextContent('Loading suggestions…');
    act(() => answer(envelopeReply([{ words: 'benchy' }])));
    expect(await terms('Popular searches')).toEqual(['1benchy']);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("shows a logged-in user's history from the server, not the local one", async () => {
    logIn();
    setVisitorHistory(['local only']);
    const network = serveSearch({
      history: [
        { id: 9, words: 'drone frame' },
        { id: 4, words: 'planter' },
      ],
      hot: ['benchy'],
    });
    const { user } = renderSearchBox();
    await user.click(box());
    expect(await terms('Recent searches')).toEqual(['drone frame', 'planter']);
    expect(screen.queryByText('local only')).toBeNull();
    const [call] = network.callsTo('GET', SEARCH_PATHS.history);
    expect(call?.authorization).toBe('Bearer access-search');
  });

  it('asks for the history again on each opening and after login', async () => {
    logIn();
    const network = serveSearch({ history: [{ id: 1, words: 'gear' }] });
    const { user, queryClient } = renderSearchBox();
    await user.click(box());
    await region('Recent searches');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(box());
    await waitFor(() => expect(network.callsTo('GET', SEARCH_PATHS.history)).toHaveLength(2));

    // What the login flow does once the user is in (SPEC 4).
    act(() => void reloadSearchData(queryClient));
    await waitFor(() => expect(network.callsTo('GET', SEARCH_PATHS.history)).toHaveLength(3));
    expect(network.callsTo('GET', SEARCH_PATHS.hot).length).toBeGreaterThanOrEqual(2);
  });

  it('fills the box and searches when a term is clicked', async () => {
    serveSearch({ hot: ['benchy'], guess: ['keychain'] });
    const { user } = renderSearchBox();
    await user.click(box());
    await user.click((await region('Popular searches')).getByRole('button', { name: 'benchy' }));
    expect(useFeedStore.getState().query).toBe('benchy');
    expect(box()).toHaveValue('benchy');
    expect(box()).toHaveFocus();
    expect(screen.queryByRole('dialog')).toBeNull();
    // The visitor's search is remembered locally (SPEC 3 'searchHistory').
    expect(JSON.parse(window.localStorage.getItem('searchHistory') ?? '[]')).toEqual(['benchy']);
  });

  it('narrows the lists to terms containing the typed text, and closes when none match', async () => {
    setVisitorHistory(['Gear clock', 'vase']);
    serveSearch({ hot: ['gearbox', 'lamp'], guess: ['keychain'] });
    const { user } = renderSearchBox();
    await user.click(box());
    await region('Popular searches');
    await user.type(box(), 'GEAR');
    await waitFor(() => expect(screen.queryByText('vase')).toBeNull());
    expect(await terms('Recent searches')).toEqual(['Gear clock']);
    expect(await terms('Popular searches')).toEqual(['1gearbox']);
    expect(screen.queryByRole('region', { name: 'You may be looking for' })).toBeNull();

    await user.type(box(), 'zzz');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on a click outside and on Escape', async () => {
    serveSearch({ hot: ['benchy'] });
    const { user } = renderSearchBox();
    await user.click(box());
    await panel();
    await user.click(document.body);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(box());
    await panel();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('moves through the panel with the arrow keys and returns to the box', async () => {
    setVisitorHistory(['vase']);
    serveSearch({ hot: ['benchy'] });
    const { user } = renderSearchBox();
    await user.click(box());
    await region('Popular searches');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Delete search history' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'vase' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'benchy' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(box()).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(useFeedStore.getState().query).toBe('vase');
    expect(box()).toHaveFocus();
  });
});

describe('search data retries (SPEC 4, SPEC 9: 3 retries after 2, 4, 8 s)', () => {
  it('retries 3 times, then shows the empty state with four tags', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const broken = () => envelopeReply(null, 400, 'Search is resting');
    const network = serveSearch({ hot: broken, guess: broken });
    const { user } = renderSearchBox('/', { fakeTimers: true });
    const hotCalls = () => network.callsTo('GET', SEARCH_PATHS.hot).length;
    await user.click(box());
    await waitFor(() => expect(hotCalls()).toBe(1));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading suggestions…');

    // Real time also moves the fake clock here, hence the margin around each delay.
    for (const [delay, expected] of [
      [2000, 2],
      [4000, 3],
      [8000, 4],
    ] as const) {
      await act(() => vi.advanceTimersByTimeAsync(delay - 1000));
      expect(hotCalls()).toBe(expected - 1);
      await act(() => vi.advanceTimersByTimeAsync(1000));
      await waitFor(() => expect(hotCalls()).toBe(expected));
    }
    expect(network.callsTo('GET', SEARCH_PATHS.guess)).toHaveLength(4);

    const empty = await screen.findByText('No search suggestions yet. Try one of these:');
    const tags = within(empty.closest('section') as HTMLElement).getAllByRole('button');
    expect(tags.map((tag) => tag.textContent)).toEqual([
      'Creative design',
      'Illustration art',
      'UI design',
      'Photography',
    ]);
    // No toast: search data fails quietly into the empty state.
    expect(screen.queryByText('Search is resting')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(hotCalls()).toBe(4);

    await user.click(screen.getByRole('button', { name: 'Photography' }));
    expect(useFeedStore.getState().query).toBe('Photography');
  });

  it('shows the empty state when there is no search data at all', async () => {
    serveSearch({});
    const { user } = renderSearchBox();
    await user.click(box());
    expect(await screen.findByRole('button', { name: 'Creative design' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recent searches' })).toBeNull();
  });
});
