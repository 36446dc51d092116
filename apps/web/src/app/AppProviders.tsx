import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useLayoutEffect, useSyncExternalStore } from 'react';
import { isFeedbackHostWanted, subscribeFeedbackHost } from './feedback';
import { queryClient as defaultQueryClient } from './query-client';
import { Toaster } from './Toaster';
import { cssVariables } from './theme';
import { useViewerScope } from './use-viewer-scope';

const FeedbackHost = lazy(() => import('./FeedbackHost'));

/** antd's message and modal host, mounted once the app first asks for it (app/feedback.ts). */
function FeedbackHostSlot() {
  const isWanted = useSyncExternalStore(subscribeFeedbackHost, isFeedbackHostWanted);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <FeedbackHost />
    </Suspense>
  );
}

/** What was read for one viewer goes old when the session's user changes. */
function ViewerScope() {
  useViewerScope();
  return null;
}

/**
 * Server state and our CSS variables (on <html>, so dialogs rendered in
 * portals see them). antd's theme and locale are not here: lazily loaded
 * pages and dialogs render in AntdScope, so the shell and the home load
 * without antd (docs/PERFORMANCE.md, "Web first load").
 */
export function AppProviders({
  children,
  queryClient = defaultQueryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  useLayoutEffect(() => {
    const root = document.documentElement;
    for (const [name, value] of Object.entries(cssVariables))
      root.style.setProperty(name, String(value));
  }, []);

  return (
    <QueryClientProvider client={queryClient}>
      <ViewerScope />
      <div className="app-root">{children}</div>
      <Toaster />
      <FeedbackHostSlot />
    </QueryClientProvider>
  );
}
