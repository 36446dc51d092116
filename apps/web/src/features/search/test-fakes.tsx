import type { TSearchRecord } from '@layerline/contract';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { ApiBridge } from '../../app/ApiBridge';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../../app/query-client';
import { useSessionStore } from '../../stores/session.store';
import { envelopeReply, fakeNetwork, type TRouteHandler } from '../../test/fake-network';
import { useFeedStore } from '../feed/feed.store';
import { SEARCH_PATHS } from './api';
import { SearchBox } from './SearchBox';
import { searchFromUrl } from './search-url';

const words = (list: string[]) => list.map((item) => ({ words: item }));

/** The search endpoints at the network boundary; a handler instead of data scripts failures. */
export function serveSearch(data: {
  history?: TSearchRecord[] | TRouteHandler;
  hot?: string[] | TRouteHandler;
  guess?: string[] | TRouteHandler;
}) {
  const reply = <T,>(value: T | TRouteHandler | undefined, fallback: unknown): TRouteHandler =>
    typeof value === 'function' ? (value as TRouteHandler) : () => envelopeReply(value ?? fallback);
  const network = fakeNetwork();
  network.on('GET', SEARCH_PATHS.history, reply(data.history, []));
  network.on(
    'GET',
    SEARCH_PATHS.hot,
    reply(Array.isArray(data.hot) ? words(data.hot) : data.hot, []),
  );
  network.on(
    'GET',
    SEARCH_PATHS.guess,
    reply(Array.isArray(data.guess) ? words(data.guess) : data.guess, []),
  );
  return network;
}

export function logIn(userId = '7') {
  useSessionStore.getState().setToken('access-search');
  useSessionStore.getState().setProfile({ userId });
}

export function setVisitorHistory(list: string[]) {
  window.localStorage.setItem('searchHistory', JSON.stringify(list));
}

/**
 * The search box in a memory router: '/' stands for home, any other path for
 * another screen. As in the app, the box is in the shell around every screen
 * and the home's address sets the feed's search (searchFromUrl). Works under
 * fake timers (with `shouldAdvanceTime`).
 */
export function renderSearchBox(path = '/', options: { fakeTimers?: boolean } = {}) {
  useFeedStore.setState(useFeedStore.getInitialState(), true);
  const shell = (
    <>
      <SearchBox />
      <Outlet />
    </>
  );
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: shell,
        children: [
          { id: 'home-search', index: true, element: null, loader: searchFromUrl },
          { path: '*', element: null },
        ],
      },
    ],
    // The first address's search is set here, so the box shows at once (no
    // loading state while the loader would run); later addresses run it.
    { initialEntries: [path], hydrationData: { loaderData: { 'home-search': null } } },
  );
  if (new URL(path, 'http://localhost').pathname === '/') {
    searchFromUrl({ request: new Request(new URL(path, 'http://localhost')) });
  }
  const user = userEvent.setup(
    options.fakeTimers ? { advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : {},
  );
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <ApiBridge />
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user, queryClient };
}
