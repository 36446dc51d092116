import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { createQueryClient } from '../app/query-client';
import { createTestRouter } from '../app/router';

/** Renders the whole app (providers + every route) in memory at `path`. */
export function renderApp(path = '/') {
  const router = createTestRouter([path]);
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user };
}

/** Renders one component inside the app providers (no router). */
export function renderWithProviders(ui: ReactNode) {
  const user = userEvent.setup();
  const view = render(<AppProviders queryClient={createQueryClient()}>{ui}</AppProviders>);
  return { ...view, user };
}
