import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { ApiBridge } from './ApiBridge';
import { AppProviders } from './AppProviders';
import { createAppRouter } from './router';

export function AppRoot() {
  const [router] = useState(createAppRouter);
  return (
    <AppProviders>
      <ApiBridge />
      <RouterProvider router={router} />
    </AppProviders>
  );
}
