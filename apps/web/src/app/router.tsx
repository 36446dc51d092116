import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  createMemoryRouter,
  Navigate,
  Outlet,
  type RouteObject,
  redirect,
} from 'react-router';
import { searchFromUrl } from '../features/search/search-url';
import { loadInAntdScope } from './antd-lazy';
import { HomeLayout } from './layout/HomeLayout';
import { bindNavigation } from './navigation';
import { PATHS } from './paths';
import { RootLayout } from './RootLayout';
import { RouteErrorPage } from './RouteErrorPage';
import { RouteLoading } from './RouteLoading';
import { requireLogin } from './require-login';
import type { TRouteHandle } from './route-handle';

type TPageImport = () => Promise<ComponentType>;

/**
 * Every page is its own chunk; the route waits for it before switching. Pages
 * load antd with them, except those drawn without it (`withoutAntd`: the
 * home, so that its first load has none; docs/PERFORMANCE.md, "Web first
 * load").
 */
function page(
  load: TPageImport,
  handle: TRouteHandle,
  {
    withoutAntd = false,
    ...extra
  }: Omit<RouteObject, 'lazy' | 'handle' | 'children' | 'index'> & { withoutAntd?: boolean } = {},
) {
  return {
    ...extra,
    handle,
    loader: handle.requiresLogin ? requireLogin : extra.loader,
    errorElement: <RouteErrorPage />,
    lazy: async () => ({ Component: await (withoutAntd ? load() : loadInAntdScope(load)) }),
  };
}

/** A page whose child routes render over it, e.g. a modal with its own address. */
function withOverlays(Page: ComponentType): ComponentType {
  return function PageWithOverlays() {
    return (
      <>
        <Page />
        <Outlet />
      </>
    );
  };
}

/** The empty overlay slot of a page with overlays. */
function NoOverlay() {
  return null;
}

/** SPEC 2 route table. */
export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <RouteLoading />,
    children: [
      {
        id: 'home-shell',
        path: PATHS.home,
        element: <HomeLayout />,
        handle: { keepAlive: true } satisfies TRouteHandle,
        children: [
          {
            // SPEC 2 product detail modal: /work/:id opens over the feed, which
            // stays mounted (and cached under '/') behind it.
            id: 'home-feed',
            ...page(
              async () => withOverlays((await import('../features/feed/HomePage')).HomePage),
              { seo: 'home', keepAlive: true },
              { withoutAntd: true },
            ),
            children: [
              // Nothing over the feed at '/' itself, whose `?q=` is the feed's search.
              { index: true, Component: NoOverlay, loader: searchFromUrl },
              {
                path: 'work/:id',
                ...page(
                  async () => (await import('../features/works/detail/WorkRoute')).WorkRoute,
                  { seo: 'work' },
                  // Its first screen is ours; tabs, files and comments bring antd (ADR 0058).
                  { withoutAntd: true },
                ),
              },
            ],
          },
          {
            path: 'userInfor/:id',
            ...page(
              async () =>
                (await import('../features/users/UserInformationPage')).UserInformationPage,
              // Open to visitors (SPEC 1, 6; ADR 0016); following and liking ask them to log in.
              { seo: 'profile', keepAlive: true },
              // Its first screen is ours; the profile editor brings antd (ADR 0058).
              { withoutAntd: true },
            ),
          },
          {
            path: 'inform',
            ...page(
              async () =>
                (await import('../features/notifications/NotificationsPage')).NotificationsPage,
              { seo: 'inform', keepAlive: true, requiresLogin: true },
            ),
          },
          {
            path: 'community',
            ...page(
              async () => (await import('../features/community/CommunityPage')).CommunityPage,
              {
                seo: 'community',
                keepAlive: true,
              },
              // Its first screen is ours; the composer, menus and dialogs bring antd (ADR 0060).
              { withoutAntd: true },
            ),
          },
          {
            // SPEC 2 feedback screen: the dialog's form as a page, open to visitors.
            path: 'feedback',
            ...page(async () => (await import('../features/feedback/FeedbackPage')).FeedbackPage, {
              seo: 'feedback',
            }),
          },
          {
            path: 'collections/:id',
            ...page(
              async () => (await import('../features/collections/CollectionsPage')).CollectionsPage,
              { seo: 'collection', keepAlive: true },
              // Drawn without antd, as the home's grid is (ADR 0058).
              { withoutAntd: true },
            ),
          },
        ],
      },
      {
        path: PATHS.publish,
        ...page(async () => (await import('../features/works/PublishPage')).PublishPage, {
          seo: 'publish',
          requiresLogin: true,
        }),
      },
      {
        path: PATHS.aiCreate,
        ...page(async () => (await import('../features/ai/AiCreatePage')).AiCreatePage, {
          seo: 'aiCreate',
          keepAlive: true,
        }),
      },
      {
        // Moderators and admins only; the gate shows others the 404 page and
        // loads the console's chunk only for them.
        path: PATHS.admin,
        ...page(async () => (await import('./AdminGate')).AdminGate, { seo: 'notFound' }),
      },
      {
        path: PATHS.notFound,
        ...page(async () => (await import('./NotFoundPage')).NotFoundPage, { seo: 'notFound' }),
      },
      // SPEC 2: any other path redirects to home.
      {
        path: '*',
        loader: () => redirect(PATHS.home),
        element: <Navigate to={PATHS.home} replace />,
      },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(appRoutes);
  bindNavigation(
    (to, options) => router.navigate(to, options),
    () => router.state.location,
  );
  return router;
}

/** Same routes in memory, for tests. */
export function createTestRouter(initialEntries: string[] = [PATHS.home]) {
  const router = createMemoryRouter(appRoutes, { initialEntries });
  bindNavigation(
    (to, options) => router.navigate(to, options),
    () => router.state.location,
  );
  return router;
}
