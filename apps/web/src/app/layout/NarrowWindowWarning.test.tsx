import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../stores/session.store';
import { renderApp } from '../../test/render-app';
import { resizeWindowTo } from '../../test/window';
import { NARROW_NOTICE_DISMISSED_KEY } from './NarrowWindowWarning';

const NOTICE = 'Mobile devices are not fully supported';

const notice = () => screen.queryByRole('note', { name: NOTICE });

/**
 * SPEC 2 global behaviours, narrowed by DESIGN 3: below 780 px the creation
 * screens say they are made for a PC, in a banner the user can close; the
 * page, its header and the bottom navigation stay usable under it.
 */
describe('narrow-window notice (SPEC 2 global behaviours, DESIGN 3)', () => {
  it('is a banner on /aiCreate below 780px, not a cover: the page, header and bottom navigation stay usable', async () => {
    resizeWindowTo(390);
    const { user, router } = renderApp('/aiCreate');
    await screen.findByRole('heading', { name: 'AI create', level: 1 });
    const banner = await screen.findByRole('note', { name: NOTICE });
    expect(banner).toHaveTextContent(/use a PC or a window at least 780px wide/);
    // No modal in the way of the page.
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.querySelector('[aria-modal="true"]')).toBeNull();
    // The banner sits in the page's content, above the page's own heading.
    const main = screen.getByRole('main');
    expect(main).toContainElement(banner);
    // The bottom navigation (the home shell's on phones) leads home from here.
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await user.click(within(nav).getByRole('link', { name: 'Discover' }));
    await screen.findByRole('heading', { name: 'Works' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('closes with its button, and stays closed for the session', async () => {
    resizeWindowTo(390);
    const first = renderApp('/aiCreate');
    await screen.findByRole('note', { name: NOTICE });
    await first.user.click(screen.getByRole('button', { name: 'Close this notice' }));
    expect(notice()).toBeNull();
    expect(sessionStorage.getItem(NARROW_NOTICE_DISMISSED_KEY)).toBe('1');
    // A new page load in the same session: still closed.
    first.unmount();
    renderApp('/aiCreate');
    await screen.findByRole('heading', { name: 'AI create', level: 1 });
    expect(notice()).toBeNull();
  });

  it('is a closable banner on /publish below 780px, and the form is there under it', async () => {
    useSessionStore.getState().setToken('access-token');
    resizeWindowTo(500);
    const { user } = renderApp('/publish');
    await screen.findByRole('note', { name: NOTICE });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close this notice' }));
    expect(notice()).toBeNull();
  });

  it('is not shown at 780px or wider, where the creation screens have no bottom navigation', async () => {
    resizeWindowTo(780);
    renderApp('/aiCreate');
    await screen.findByRole('heading', { name: 'AI create' });
    expect(notice()).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });

  it('is not shown on browsing screens, which are responsive instead', async () => {
    resizeWindowTo(400);
    renderApp('/community');
    await screen.findByRole('heading', { name: 'Model talk' });
    expect(notice()).toBeNull();
  });

  it('follows window resizes', async () => {
    renderApp('/aiCreate');
    await screen.findByRole('heading', { name: 'AI create' });
    expect(notice()).toBeNull();
    act(() => resizeWindowTo(700));
    expect(notice()).not.toBeNull();
    act(() => resizeWindowTo(1024));
    expect(notice()).toBeNull();
  });
});
