import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';

async function scrollContainer() {
  const view = renderApp('/');
  await screen.findByRole('heading', { name: 'Works' });
  return { ...view, container: screen.getByTestId('home-scroll') };
}

function scrollTo(element: HTMLElement, top: number) {
  element.scrollTop = top;
  fireEvent.scroll(element);
}

describe('back-to-top button (SPEC 2 global behaviours, SPEC 9)', () => {
  it('is hidden until the scroll container has scrolled 400px', async () => {
    const { container } = await scrollContainer();
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
    scrollTo(container, 399);
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
    scrollTo(container, 400);
    expect(screen.getByRole('button', { name: 'Back to top' })).toBeInTheDocument();
    scrollTo(container, 120);
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
  });

  it('sits 40px from the right and 108px from the bottom', async () => {
    const { container } = await scrollContainer();
    scrollTo(container, 800);
    const button = screen.getByRole('button', { name: 'Back to top' });
    expect(button).toHaveStyle({ right: '40px', bottom: '108px' });
  });

  it('scrolls the container back to the top', async () => {
    const { container, user } = await scrollContainer();
    scrollTo(container, 900);
    await user.click(screen.getByRole('button', { name: 'Back to top' }));
    // The 300ms animation runs on animation frames, which a busy machine delays:
    // wait for the top itself, not for a time.
    await waitFor(() => expect(container.scrollTop).toBe(0), { timeout: 10_000 });
  });
});
