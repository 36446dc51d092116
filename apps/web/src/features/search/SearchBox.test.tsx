import { LIMITS } from '@layerline/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFeedStore } from '../feed/feed.store';
import { logIn, renderSearchBox, serveSearch, setVisitorHistory } from './test-fakes';

afterEach(() => {
  vi.useRealTimers();
});

const box = () => screen.getByRole('combobox', { name: 'Search' }) as HTMLInputElement;
const query = () => useFeedStore.getState().query;
const stored = () => JSON.parse(window.localStorage.getItem('searchHistory') ?? '[]');

describe('typing in the search box (SPEC 4 Search, SPEC 9: 300 ms debounce)', () => {
  it('searches 300 ms after the last keystroke', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveSearch({});
    const { user } = renderSearchBox('/', { fakeTimers: true });
    await user.type(box(), 'gea');
    await act(() => vi.advanceTimersByTimeAsync(LIMITS.searchDebounceMs - 100));
    await user.type(box(), 'r');
    await act(() => vi.advanceTimersByTimeAsync(LIMITS.searchDebounceMs - 100));
    expect(query()).toBe('');
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(query()).toBe('gear');
    // Typed (not submitted) text is no history entry: 'g', 'ge', ... would pile up.
    expect(stored()).toEqual([]);
  });

  it('searches 300 ms after the last keystroke away from home too, going home', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveSearch({});
    const { user, router } = renderSearchBox('/userInfor/7', { fakeTimers: true });
    await user.type(box(), 'dragon');
    await act(() => vi.advanceTimersByTimeAsync(LIMITS.searchDebounceMs - 100));
    // Still typing: the page is not left yet.
    expect(router.state.location.pathname).toBe('/userInfor/7');
    expect(query()).toBe('');
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(router.state.location.pathname).toBe('/');
    expect(query()).toBe('dragon');
    expect(box()).toHaveValue('dragon');
    expect(stored()).toEqual([]);
  });

  it('stays on another screen when the box only holds the current search', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveSearch({});
    const { user, router } = renderSearchBox('/', { fakeTimers: true });
    await user.type(box(), 'gear{Enter}');
    await act(() => router.navigate('/work/3'));
    await act(() => vi.advanceTimersByTimeAsync(LIMITS.searchDebounceMs * 2));
    expect(router.state.location.pathname).toBe('/work/3');
    expect(query()).toBe('gear');
  });

  it('clearing the box restores the default list at once', async () => {
    serveSearch({});
    const { user } = renderSearchBox();
    await user.type(box(), 'gear{Enter}');
    expect(query()).toBe('gear');
    await user.clear(box());
    expect(query()).toBe('');
  });

  it('has a clear button while there is text, which empties the box and keeps the focus', async () => {
    serveSearch({});
    const { user } = renderSearchBox();
    expect(screen.queryByRole('button', { name: 'Clear search text' })).toBeNull();
    await user.type(box(), 'gear{Enter}');
    await user.click(screen.getByRole('button', { name: 'Clear search text' }));
    expect(box()).toHaveValue('');
    expect(box()).toHaveFocus();
    expect(query()).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear search text' })).toBeNull();
  });

  it('treats blank text as no search', async () => {
    serveSearch({});
    const { user, router } = renderSearchBox('/community');
    await user.type(box(), '   {Enter}');
    expect(query()).toBe('');
    expect(router.state.location.pathname).toBe('/community');
    expect(stored()).toEqual([]);
  });

  it('empties the box when a category is chosen (SPEC 4 Category filter)', async () => {
    serveSearch({});
    const { user } = renderSearchBox();
    await user.type(box(), 'gear{Enter}');
    act(() => useFeedStore.getState().setCategory(4));
    expect(box()).toHaveValue('');
  });

  it('keeps its text when a search leaves the chosen category', async () => {
    serveSearch({});
    const { user } = renderSearchBox();
    act(() => useFeedStore.getState().setCategory(4));
    await user.type(box(), 'gear{Enter}');
    expect(useFeedStore.getState()).toMatchObject({ category: null, query: 'gear' });
    expect(box()).toHaveValue('gear');
  });
});

describe('submitting a search (SPEC 4 Search)', () => {
  it('goes home first, then sets the feed query', async () => {
    serveSearch({});
    const { user, router } = renderSearchBox('/userInfor/7');
    await user.type(box(), 'dragon{Enter}');
    expect(router.state.location.pathname).toBe('/');
    expect(query()).toBe('dragon');
    expect(box()).toHaveValue('dragon');
  });

  it("keeps a visitor's searches newest first, without duplicates, capped", async () => {
    setVisitorHistory(Array.from({ length: LIMITS.searchHistoryMax }, (_, i) => `old ${i}`));
    serveSearch({});
    const { user } = renderSearchBox();
    await user.type(box(), 'Gear clock{Enter}');
    await user.clear(box());
    await user.type(box(), 'vase{Enter}');
    await user.clear(box());
    await user.type(box(), '  gear  CLOCK {Enter}');
    const list = stored();
    expect(list.slice(0, 3)).toEqual(['gear  CLOCK', 'vase', 'old 0']);
    expect(list).toHaveLength(LIMITS.searchHistoryMax);
    expect(list).not.toContain('Gear clock');
    expect(list).not.toContain(`old ${LIMITS.searchHistoryMax - 2}`);
  });

  it("leaves a logged-in user's history to the server", async () => {
    logIn();
    serveSearch({});
    const { user } = renderSearchBox();
    await user.type(box(), 'gear{Enter}');
    expect(query()).toBe('gear');
    expect(window.localStorage.getItem('searchHistory')).toBeNull();
  });
});

describe('search text limit (SPEC 5, SPEC 9: 100 characters)', () => {
  it('cuts longer text to 100 characters and says why', async () => {
    serveSearch({});
    const { user } = renderSearchBox();
    await user.click(box());
    expect(screen.queryByRole('alert')).toBeNull();
    await user.paste('x'.repeat(LIMITS.searchMaxLength + 20));
    expect(box().value).toHaveLength(LIMITS.searchMaxLength);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The search text cannot exceed 100 characters');
    expect(box()).toHaveAttribute('aria-invalid', 'true');
    expect(box().getAttribute('aria-describedby')).toContain(alert.id);

    await user.keyboard('{Enter}');
    expect(query()).toHaveLength(LIMITS.searchMaxLength);
    await user.keyboard('{Backspace}');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('accepts exactly 100 characters without a notice', async () => {
    serveSearch({});
    renderSearchBox();
    fireEvent.change(box(), { target: { value: 'y'.repeat(LIMITS.searchMaxLength) } });
    expect(box().value).toHaveLength(LIMITS.searchMaxLength);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
