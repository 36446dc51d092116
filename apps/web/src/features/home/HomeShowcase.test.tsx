import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createBanner,
  createCategory,
  createCollection,
  HOME_PATHS,
  homeRoutes,
  installFakeApi,
} from '../../test/home-api.fakes';
import { renderApp } from '../../test/render-app';
import { renderHome } from '../../test/render-home';
import { useFeedStore } from '../feed/feed.store';

const CONTENT = {
  carousel: [createBanner({ id: 1, title: 'Print-in-place challenge' })],
  banners: [createBanner({ id: 2, title: 'First upload bonus' })],
  collections: [createCollection({ id: 3, title: 'Laser coasters' })],
  categories: [createCategory(1, '3D Printing', [{ id: 11, name: 'Household' }])],
};

const logo = () => screen.getByRole('link', { name: 'Layerline home: refresh the feed' });

beforeEach(() => {
  useFeedStore.setState(useFeedStore.getInitialState(), true);
});

describe('home content area (SPEC 2)', () => {
  it('shows carousel, banners, collections and the filter bar above the works grid', async () => {
    installFakeApi(homeRoutes(CONTENT));
    renderHome();
    expect(await screen.findByText('Print-in-place challenge')).toBeInTheDocument();
    expect(await screen.findByText('First upload bonus')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Laser coasters' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /3D Printing/ })).toBeInTheDocument();
    // The works grid follows; this fake server has no works for it.
    expect(screen.getByRole('heading', { name: 'Works' })).toBeInTheDocument();
    expect(await screen.findByText('No works here yet.')).toBeInTheDocument();
  });

  it('hides the carousel, banners and collections while searching', async () => {
    installFakeApi(homeRoutes(CONTENT));
    renderHome();
    await screen.findByRole('link', { name: 'Laser coasters' });
    act(() => useFeedStore.getState().setQuery('dragon'));
    expect(screen.queryByRole('region', { name: 'Featured' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Highlights' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Featured collections' })).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Categories' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Works' })).toBeInTheDocument();

    act(() => useFeedStore.getState().setQuery('   '));
    expect(screen.getByText('Print-in-place challenge')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Laser coasters' })).toBeInTheDocument();
  });

  it('hides them after typing in the header search box (300 ms debounce)', async () => {
    installFakeApi(homeRoutes(CONTENT));
    const { user } = renderApp('/');
    await screen.findByText('Print-in-place challenge');
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'gear');
    await waitFor(() => expect(useFeedStore.getState().query).toBe('gear'));
    expect(screen.queryByText('Print-in-place challenge')).toBeNull();
    await user.clear(screen.getByRole('combobox', { name: 'Search' }));
    expect(await screen.findByText('Print-in-place challenge')).toBeInTheDocument();
  });

  it('fetches the home discovery data again when the logo is clicked', async () => {
    const api = installFakeApi(homeRoutes(CONTENT));
    const { user } = renderApp('/');
    await screen.findByRole('link', { name: 'Laser coasters' });
    await screen.findByRole('button', { name: /3D Printing/ });
    const count = (path: string) => api.callsTo(path).length;
    expect([
      count(HOME_PATHS.banners),
      count(HOME_PATHS.collections),
      count(HOME_PATHS.categories),
    ]).toEqual([2, 1, 1]);

    await user.click(logo());
    await waitFor(() =>
      expect([
        count(HOME_PATHS.banners),
        count(HOME_PATHS.collections),
        count(HOME_PATHS.categories),
      ]).toEqual([4, 2, 2]),
    );
  });
});
