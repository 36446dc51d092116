import { StyleProvider } from '@ant-design/cssinjs';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ConfigProvider from 'antd/es/config-provider';
import type { ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import { AntdScope } from '../app/AntdScope';
import { ApiBridge } from '../app/ApiBridge';
import { AppProviders } from '../app/AppProviders';
import { createQueryClient } from '../app/query-client';
import { createTestRouter } from '../app/router';

/**
 * antd's generated style sheets go to a detached element: jsdom answers every
 * getComputedStyle (Testing Library calls it for each role query) by matching
 * every rule in the document, which made each form test take seconds. No
 * click waves and no motion either; none of this is under test here.
 */
const DETACHED_STYLES = document.createElement('div');

function TestSpeedups({ children }: { children: ReactNode }) {
  return (
    <StyleProvider container={DETACHED_STYLES}>
      <ConfigProvider wave={{ disabled: true }} theme={{ token: { motion: false } }}>
        {children}
      </ConfigProvider>
    </StyleProvider>
  );
}

type TUserEventOptions = Parameters<typeof userEvent.setup>[0];

/**
 * Renders the whole app (providers, API client wiring and every route) in
 * memory at `path`, as AppRoot does in the browser.
 */
export function renderApp(path = '/', userOptions?: TUserEventOptions) {
  const router = createTestRouter([path]);
  const user = userEvent.setup(userOptions);
  const queryClient = createQueryClient();
  const view = render(
    <TestSpeedups>
      <AppProviders queryClient={queryClient}>
        <ApiBridge />
        <RouterProvider router={router} />
      </AppProviders>
    </TestSpeedups>,
  );
  return { ...view, router, user, queryClient };
}

/**
 * Renders one component inside the app providers (no router), in the antd
 * scope that lazily loaded pages and dialogs render in.
 */
export function renderWithProviders(ui: ReactNode, userOptions?: TUserEventOptions) {
  const user = userEvent.setup(userOptions);
  const view = render(
    <TestSpeedups>
      <AppProviders queryClient={createQueryClient()}>
        <AntdScope>{ui}</AntdScope>
      </AppProviders>
    </TestSpeedups>,
  );
  return { ...view, user };
}
