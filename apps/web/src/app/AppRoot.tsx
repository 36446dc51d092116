import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { ApiBridge } from './ApiBridge';
import { AppProviders } from './AppProviders';
import { createAppRouter } from './router';

/** The app; `router` is one made before the first render (main.tsx), else it makes its own. */
export function AppRoot({ router: made }: { router?: ReturnType<typeof createAppRouter> }) {
  const [router] = useState(() => made ?? createAppRouter());
  return (
    <AppProviders>
      <ApiBridge />
      <RouterProvider router={router} />
    </AppProviders>
  );
}
