import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFeedStore } from '../../features/feed/feed.store';
import { renderApp } from '../../test/render-app';

describe('header logo (SPEC 2: logo with beta tag refreshes the home feed)', () => {
  it('shows the product title with a beta tag', async () => {
    renderApp('/');
    await screen.findByRole('heading', { name: 'Works' });
    const logo = screen.getByRole('link', { name: 'Layerline home: refresh the feed' });
    expect(logo).toHaveTextContent('Layerline');
    expect(logo).toHaveTextContent('Beta');
  });

  it('goes home and asks the feed to refresh', async () => {
    const refreshes = () => useFeedStore.getState().refreshCount;
    const before = refreshes();
    const { router, user } = renderApp('/community');
    await screen.findByRole('heading', { name: 'Model talk' });
    await user.click(screen.getByRole('link', { name: 'Layerline home: refresh the feed' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(refreshes()).toBe(before + 1);

    await user.click(screen.getByRole('link', { name: 'Layerline home: refresh the feed' }));
    expect(refreshes()).toBe(before + 2);
  });

  it('keeps the search text within 100 characters (SPEC 5)', async () => {
    const { user } = renderApp('/');
    await screen.findByRole('heading', { name: 'Works' });
    const search = screen.getByRole('combobox', { name: 'Search' });
    expect(search).toHaveAttribute('placeholder', 'Search models, makers and collections');
    await user.type(search, 'x'.repeat(120));
    expect((search as HTMLInputElement).value).toHaveLength(100);
  });
});
