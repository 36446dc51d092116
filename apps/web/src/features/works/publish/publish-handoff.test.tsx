import { act, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { createQueryClient } from '../../../app/query-client';
import { PublishPage } from '../PublishPage';
import { setUpPublisher, stubEditorLayout } from './publish.fakes';
import { clearPublishHandoff, handOffToPublish, readPublishHandoff } from './publish-handoff';

let restoreLayout = () => {};
beforeAll(() => {
  restoreLayout = stubEditorLayout();
});
afterAll(() => restoreLayout());

const HANDOFF = {
  title: 'Relief of a cat',
  files: [{ url: '/files/relief.stl', filename: 'relief.stl', size: 2048, mime: 'model/stl' }],
  covers: [{ url: '/files/relief.webp', filename: 'relief.webp', size: 512, mime: 'image/webp' }],
  isAiAssisted: true,
};

describe("the AI page's hand-off to /publish", () => {
  it('is read as often as asked until it is cleared', () => {
    handOffToPublish(HANDOFF);
    expect(readPublishHandoff()?.values.title).toBe('Relief of a cat');
    expect(readPublishHandoff()?.files).toHaveLength(1);
    clearPublishHandoff();
    expect(readPublishHandoff()).toBeNull();
  });

  it('survives a render React throws away, and is cleared once the form shows it', async () => {
    setUpPublisher();
    handOffToPublish(HANDOFF);
    // A sibling still loading makes React set the page's first render aside
    // and mount it afresh later, as a navigation to a page still loading can.
    let release = () => {};
    const pending = new Promise<void>((resolve) => {
      release = resolve;
    });
    const Sibling = lazy(() => pending.then(() => ({ default: () => null })));
    const router = createMemoryRouter(
      [
        {
          path: '/publish',
          element: (
            <Suspense fallback={<p>loading</p>}>
              <PublishPage />
              <Sibling />
            </Suspense>
          ),
        },
      ],
      { initialEntries: ['/publish'] },
    );
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByText('loading')).toBeInTheDocument();
    await act(async () => release());
    expect(await screen.findByTestId('publish-title')).toHaveValue('Relief of a cat');
    expect(sessionStorage.getItem('publishHandoff')).toBeNull();
  });
});
