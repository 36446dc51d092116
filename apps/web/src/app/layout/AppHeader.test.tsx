import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';

/**
 * DESIGN 3 phones: the header's search folds into an icon (shell.css hides the
 * box below 780px); the icon opens it full width over the header, focused.
 */
describe('header search on a phone', () => {
  it('opens from the icon with the box focused and folds back from the close button', async () => {
    const { user } = renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Open search' });
    const header = toggle.closest('header');
    expect(header).not.toHaveClass('app-header--search-open');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(header).toHaveClass('app-header--search-open');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Search' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Close search' }));
    expect(header).not.toHaveClass('app-header--search-open');
    expect(toggle).toHaveFocus();
  });

  it('folds on a second Escape, the first one closing the suggestions', async () => {
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Open search' }));
    const header = screen.getByTestId('header-search').closest('header');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Search' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await user.keyboard('{Escape}');
    expect(header).not.toHaveClass('app-header--search-open');
  });
});
