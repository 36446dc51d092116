import { LIMITS } from '@layerline/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFeedStore } from '../feed/feed.store';
import { searchOfUrl, searchPath } from './search-url';
import { renderSearchBox, serveSearch } from './test-fakes';

afterEach(() => {
  vi.useRealTimers();
});

const box = () => screen.getByRole('combobox', { name: 'Search' }) as HTMLInputElement;
const feed = () => useFeedStore.getState();

type TRouter = ReturnType<typeof renderSearchBox>['router'];
const address = (router: TRouter) => {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
};

describe("a search's address (/?q=)", () => {
  it('writes the text cut and trimmed, and reads it back in either language', () => {
    expect(searchPath('  lamp shade ')).toBe('/?q=lamp+shade');
    expect(searchPath('   ')).toBe('/');
    expect(searchPath('')).toBe('/');
    expect(searchPath('x'.repeat(LIMITS.searchMaxLength + 5))).toBe(
      `/?q=${'x'.repeat(LIMITS.searchMaxLength)}`,
    );
    const zh = searchPath('花瓶 灯');
    expect(zh).toBe('/?q=%E8%8A%B1%E7%93%B6+%E7%81%AF');
    expect(searchOfUrl(new URL(zh, 'http://localhost').search)).toBe('花瓶 灯');
    expect(searchOfUrl('?q=%20%20')).toBe('');
    expect(searchOfUrl('?page=2')).toBe('');
  });

  it('loading /?q=lamp searches at once and fills the box', () => {
    serveSearch({});
    renderSearchBox('/?q=lamp');
    expect(feed().query).toBe('lamp');
    expect(box()).toHaveValue('lamp');
  });

  it('loading a Chinese search fills the box with it', () => {
    serveSearch({});
    renderSearchBox(searchPath('花瓶'));
    expect(feed().query).toBe('花瓶');
    expect(box()).toHaveValue('花瓶');
  });

  it('typing puts the search in the address: one entry to start it, then replaced (SPEC 4: 300 ms)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveSearch({});
    const { user, router } = renderSearchBox('/', { fakeTimers: true });
    await user.type(box(), 'gea');
    // Not before the debounce: no address per keystroke.
    expect(address(router)).toBe('/');
    await act(() => vi.advanceTimersByTimeAsync(LIMITS.searchDebounceMs + 50));
    expect(address(router)).toBe('/?q=gea');
    expect(router.state.historyAction).toBe('PUSH');
    await user.type(box(), 'r');
    await act(() => vi.advanceTimersByTimeAsync(LIMITS.searchDebounceMs + 50));
    expect(address(router)).toBe('/?q=gear');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(feed().query).toBe('gear');

    // Back returns to the home before the search: the default list, an empty box.
    await act(() => router.navigate(-1));
    expect(address(router)).toBe('/');
    expect(feed().query).toBe('');
    expect(box()).toHaveValue('');
    // Forward brings the search back.
    await act(() => router.navigate(1));
    expect(address(router)).toBe('/?q=gear');
    expect(feed().query).toBe('gear');
    expect(box()).toHaveValue('gear');
  });

  it('Enter adds one entry per new search; Back and Forward move between them', async () => {
    serveSearch({});
    const { user, router } = renderSearchBox('/');
    await user.type(box(), 'gear{Enter}');
    expect(address(router)).toBe('/?q=gear');
    expect(router.state.historyAction).toBe('PUSH');
    fireEvent.change(box(), { target: { value: 'vase' } });
    await user.keyboard('{Enter}');
    expect(address(router)).toBe('/?q=vase');
    expect(router.state.historyAction).toBe('PUSH');

    // The same text again searches again (SPEC 4 Feed) without another entry.
    const count = feed().searchCount;
    await user.keyboard('{Enter}');
    expect(feed().searchCount).toBe(count + 1);
    await act(() => router.navigate(-1));
    expect(address(router)).toBe('/?q=gear');
    expect(feed().query).toBe('gear');
    expect(box()).toHaveValue('gear');
    await act(() => router.navigate(-1));
    expect(address(router)).toBe('/');
    expect(box()).toHaveValue('');
  });

  it('searching from another screen goes to the search address; Back returns there with an empty box', async () => {
    serveSearch({});
    const { user, router } = renderSearchBox('/community');
    await user.type(box(), 'dragon{Enter}');
    expect(address(router)).toBe('/?q=dragon');
    expect(feed().query).toBe('dragon');
    await act(() => router.navigate(-1));
    expect(address(router)).toBe('/community');
    expect(box()).toHaveValue('');
  });

  it('leaving search for another screen empties the box; Back to the search fills it again', async () => {
    serveSearch({});
    const { user, router } = renderSearchBox('/');
    await user.type(box(), 'gear{Enter}');
    await act(() => router.navigate('/community'));
    expect(box()).toHaveValue('');
    // Nothing typed: the box stays empty and the hidden feed keeps its search.
    await act(() => new Promise((resolve) => setTimeout(resolve, LIMITS.searchDebounceMs + 50)));
    expect(address(router)).toBe('/community');
    expect(feed().query).toBe('gear');
    await act(() => router.navigate(-1));
    expect(address(router)).toBe('/?q=gear');
    expect(box()).toHaveValue('gear');
  });

  it('Back to the search before the emptied box settled keeps the search (no late clearing)', async () => {
    serveSearch({});
    const { user, router } = renderSearchBox('/');
    await user.type(box(), 'gear{Enter}');
    await act(() => router.navigate('/community'));
    expect(box()).toHaveValue('');
    // Back within the 300 ms the emptied box would have waited.
    await act(() => router.navigate(-1));
    await act(() => new Promise((resolve) => setTimeout(resolve, LIMITS.searchDebounceMs + 100)));
    expect(address(router)).toBe('/?q=gear');
    expect(feed().query).toBe('gear');
    expect(box()).toHaveValue('gear');
  });

  it('keeps the box over the feed (the detail at /work/:id)', async () => {
    serveSearch({});
    const { user, router } = renderSearchBox('/');
    await user.type(box(), 'gear{Enter}');
    await act(() => router.navigate('/work/3'));
    expect(box()).toHaveValue('gear');
    await act(() => router.navigate(-1));
    expect(address(router)).toBe('/?q=gear');
    expect(box()).toHaveValue('gear');
  });

  it('going home by a link to / (logo, side navigation) ends the search', async () => {
    serveSearch({});
    const { user, router } = renderSearchBox('/');
    await user.type(box(), 'gear{Enter}');
    await act(() => router.navigate('/'));
    expect(feed().query).toBe('');
    expect(box()).toHaveValue('');
  });

  it('clearing the box takes the search out of the address; Back brings it back', async () => {
    serveSearch({});
    const { user, router } = renderSearchBox('/');
    await user.type(box(), 'gear{Enter}');
    await user.click(screen.getByRole('button', { name: 'Clear search text' }));
    expect(address(router)).toBe('/');
    expect(router.state.historyAction).toBe('PUSH');
    expect(feed().query).toBe('');
    await act(() => router.navigate(-1));
    await waitFor(() => expect(box()).toHaveValue('gear'));
    expect(feed().query).toBe('gear');
  });

  it('choosing a category takes the search out of the address (SPEC 4 Category filter)', async () => {
    serveSearch({});
    const { user, router } = renderSearchBox('/');
    await user.type(box(), 'gear{Enter}');
    act(() => feed().setCategory(4));
    await waitFor(() => expect(address(router)).toBe('/'));
    expect(feed()).toMatchObject({ category: 4, query: '' });
    expect(box()).toHaveValue('');
  });
});
