import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/AppProviders';
import { createQueryClient } from '../app/query-client';
import { HomePage } from '../features/feed/HomePage';

function Elsewhere() {
  const params = useParams();
  return <p data-testid="elsewhere" data-params={JSON.stringify(params)} />;
}

/**
 * Renders `ui` (the home page by default) at '/' in a memory router without
 * the shell or lazy routes, so it also works under fake timers. Any other
 * path renders a marker, so tests can see where a click led.
 */
export function renderHome(ui: ReactNode = <HomePage />, options: { fakeTimers?: boolean } = {}) {
  const router = createMemoryRouter(
    [
      { path: '/', element: ui },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: ['/'] },
  );
  const user = userEvent.setup(
    options.fakeTimers ? { advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : {},
  );
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user, queryClient };
}
