import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../../lib/api/test-fakes';
import { createCategory, HOME_PATHS, homeRoutes, installFakeApi } from '../../test/home-api.fakes';
import { renderApp } from '../../test/render-app';
import { renderHome } from '../../test/render-home';
import { useFeedStore } from '../feed/feed.store';
import { CategoryFilterBar } from './CategoryFilterBar';

const CATEGORIES = [
  createCategory(1, '3D Printing', [
    { id: 11, name: 'Functional Parts' },
    { id: 12, name: 'Household' },
  ]),
  createCategory(2, 'Empty parent'),
  createCategory(3, 'Laser', [{ id: 31, name: 'Wood Crafts' }]),
];

const bar = () => screen.getByRole('navigation', { name: 'Categories' });
const chip = (name: string | RegExp) => within(bar()).getByRole('button', { name });

async function renderBar() {
  installFakeApi(homeRoutes({ categories: CATEGORIES }));
  const view = renderHome(<CategoryFilterBar />);
  await within(bar()).findByRole('button', { name: /3D Printing/ });
  return view;
}

beforeEach(() => {
  useFeedStore.setState(useFeedStore.getInitialState(), true);
});

describe('category filter bar (SPEC 2, SPEC 4 Category filter)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows 'All' and only the parent categories that have children", async () => {
    await renderBar();
    const names = within(bar())
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(names).toEqual(['All', '3D Printing', 'Laser']);
    expect(chip('All')).toHaveAttribute('aria-pressed', 'true');
  });

  it('selects the first child when a parent is clicked', async () => {
    const { user } = await renderBar();
    await user.click(chip(/3D Printing/));
    expect(useFeedStore.getState().category).toBe(11);
    expect(chip(/3D Printing/)).toHaveAttribute('aria-pressed', 'true');
    expect(chip(/3D Printing/)).toHaveTextContent('Functional Parts');
    expect(chip('All')).toHaveAttribute('aria-pressed', 'false');
  });

  it('offers the children in a dropdown', async () => {
    const { user } = await renderBar();
    await user.hover(chip(/3D Printing/));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Household' }));
    expect(useFeedStore.getState().category).toBe(12);
  });

  it('ignores a second selection within 300 ms, and re-selecting the same category', async () => {
    const { user } = await renderBar();
    vi.useFakeTimers({ toFake: ['Date'], now: 10_000 });
    await user.click(chip(/3D Printing/));
    expect(useFeedStore.getState().category).toBe(11);

    vi.setSystemTime(10_299);
    await user.click(chip(/Laser/));
    expect(useFeedStore.getState().category).toBe(11);

    vi.setSystemTime(10_300);
    await user.click(chip(/Laser/));
    expect(useFeedStore.getState().category).toBe(31);

    // Same category, long after: still ignored, so the search text is kept
    // (a search is on 'All', see below).
    act(() => useFeedStore.getState().setQuery('dragon'));
    vi.setSystemTime(20_000);
    await user.click(chip('All'));
    expect(useFeedStore.getState()).toMatchObject({ category: null, query: 'dragon' });

    vi.setSystemTime(30_000);
    await user.click(chip(/Laser/));
    expect(useFeedStore.getState()).toMatchObject({ category: 31, query: '' });
  });

  it("shows 'All' again once a search is made, since a search covers every category", async () => {
    const { user } = await renderBar();
    await user.click(chip(/Laser/));
    expect(chip(/Laser/)).toHaveAttribute('aria-pressed', 'true');
    act(() => useFeedStore.getState().setQuery('dragon'));
    expect(chip(/Laser/)).toHaveAttribute('aria-pressed', 'false');
    expect(chip('All')).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the category-fetch-failed message when the tree cannot be loaded', async () => {
    installFakeApi({ [HOME_PATHS.categories]: () => envelope(null, 400, 'bad request') });
    renderHome(<CategoryFilterBar />);
    expect(
      await screen.findByText('Failed to load categories. Please try again later.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(bar())
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['All']),
    );
  });
});

describe('category and search together (SPEC 4: choosing a category clears the search text)', () => {
  it('clears the header search box and shows the top area again', async () => {
    installFakeApi(homeRoutes({ categories: CATEGORIES }));
    const { user } = renderApp('/');
    const search = await screen.findByRole('combobox', { name: 'Search' });
    await user.type(search, 'dragon{Enter}');
    expect(useFeedStore.getState().query).toBe('dragon');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Featured' })).toBeNull());

    await user.click(await within(bar()).findByRole('button', { name: /Laser/ }));
    expect(useFeedStore.getState()).toMatchObject({ category: 31, query: '' });
    expect(search).toHaveValue('');
    expect(await screen.findByRole('region', { name: 'Featured' })).toBeInTheDocument();
  });
});
