import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCollection, homeRoutes, installFakeApi } from '../../test/home-api.fakes';
import { renderHome } from '../../test/render-home';
import { CollectionStrip } from './CollectionStrip';

const strip = () => screen.findByRole('region', { name: 'Featured collections' });

describe('collection strip (SPEC 2, SPEC 9 mosaic of 4)', () => {
  it('hides collections whose count is 0', async () => {
    installFakeApi(
      homeRoutes({
        collections: [
          createCollection({ id: 1, title: 'Laser coasters', count: 7 }),
          createCollection({ id: 2, title: 'Empty shelf', count: 0 }),
          createCollection({ id: 3, title: 'Desk organisation', count: 1 }),
        ],
      }),
    );
    renderHome(<CollectionStrip />);
    const region = await strip();
    await within(region).findByRole('link', { name: 'Laser coasters' });
    expect(within(region).getByRole('link', { name: 'Desk organisation' })).toBeInTheDocument();
    expect(within(region).queryByText('Empty shelf')).toBeNull();
    expect(region).toHaveTextContent('7 works');
    expect(region).toHaveTextContent('1 work');
  });

  it('shows nothing when every collection is empty', async () => {
    const api = installFakeApi(homeRoutes({ collections: [createCollection({ count: 0 })] }));
    renderHome(<CollectionStrip />);
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    await vi.waitFor(() => expect(screen.queryByRole('region')).toBeNull());
  });

  it('shows at most 4 cover images as a mosaic, lazily loaded', async () => {
    const cover = [1, 2, 3, 4, 5, 6].map((n) => `/files/cover-${n}.webp`);
    installFakeApi(homeRoutes({ collections: [createCollection({ id: 5, cover })] }));
    const { container } = renderHome(<CollectionStrip />);
    await screen.findByRole('link', { name: 'Collection 5' });
    const images = [...container.querySelectorAll('.collection-card img')];
    expect(images.map((image) => image.getAttribute('src'))).toEqual(cover.slice(0, 4));
    expect(images.every((image) => image.getAttribute('loading') === 'lazy')).toBe(true);
  });

  it('opens /collections/{id} on click', async () => {
    installFakeApi(homeRoutes({ collections: [createCollection({ id: 42, title: 'UV gifts' })] }));
    const { user, router } = renderHome(<CollectionStrip />);
    await user.click(await screen.findByRole('link', { name: 'UV gifts' }));
    expect(router.state.location.pathname).toBe('/collections/42');
  });

  it("shows 'load failed' for a broken cover, with a retry that reloads it", async () => {
    installFakeApi(homeRoutes({ collections: [createCollection({ id: 3, cover: ['/x.webp'] })] }));
    const { user, router, container } = renderHome(<CollectionStrip />);
    await screen.findByRole('link', { name: 'Collection 3' });
    fireEvent.error(container.querySelector('.collection-card img') as HTMLImageElement);
    expect(screen.getByText('Load failed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(container.querySelector('.collection-card img')).toHaveAttribute(
      'src',
      '/x.webp?retry=1',
    );
    // The retry stays on the page instead of opening the collection.
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('collection strip marquee (SPEC 4: 0.5 px per frame, pause on hover)', () => {
  const widths: Record<string, PropertyDescriptor | undefined> = {};

  function stubWidths(copyWidth: number, viewportWidth: number) {
    for (const name of ['scrollWidth', 'offsetWidth', 'clientWidth'] as const) {
      widths[name] = Object.getOwnPropertyDescriptor(HTMLElement.prototype, name);
    }
    Object.defineProperty(HTMLElement.prototype, 'scrollWidth', {
      configurable: true,
      get() {
        return this.classList.contains('collection-strip__group') ? copyWidth : 0;
      },
    });
    Object.defineProperty(HTMLElement.prototype, 'offsetWidth', {
      configurable: true,
      get() {
        return this.classList.contains('collection-strip__group') ? copyWidth : 0;
      },
    });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
      configurable: true,
      get() {
        return this.classList.contains('collection-strip') ? viewportWidth : 0;
      },
    });
  }

  afterEach(() => {
    vi.useRealTimers();
    for (const [name, descriptor] of Object.entries(widths)) {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
    }
  });

  /** The duplicate the loop needs is rendered, and the effect that drives it has run. */
  async function waitForLoop(container: HTMLElement) {
    // The strip measures itself on the frame after it mounts.
    await vi.waitFor(() => {
      if (vi.getTimerCount() > 0) vi.advanceTimersToNextFrame();
      expect(container.querySelectorAll('.collection-strip__group')).toHaveLength(2);
    });
    // React runs the effect that requests the first frame a moment after the render.
    await vi.waitFor(() => expect(vi.getTimerCount()).toBeGreaterThan(0));
  }

  async function renderScrolling() {
    // Only the frames are faked: the data still arrives on real timers.
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    installFakeApi(homeRoutes({ collections: [1, 2, 3].map((id) => createCollection({ id })) }));
    const view = renderHome(<CollectionStrip />);
    await screen.findByRole('link', { name: 'Collection 1' });
    return view;
  }

  /** How far the track has moved left, in px. */
  const offsetOf = (track: HTMLElement) =>
    -Number(/translate3d\((-?[\d.]+)px/.exec(track.style.transform)?.[1] ?? 0);

  const frames = (count: number) => {
    for (let frame = 0; frame < count; frame += 1) vi.advanceTimersToNextFrame();
  };

  it('scrolls a duplicated copy 0.5 px per frame and loops without a seam', async () => {
    stubWidths(600, 400);
    const { container } = await renderScrolling();
    await waitForLoop(container);
    const [, copy] = container.querySelectorAll('.collection-strip__group');
    expect(copy).toHaveAttribute('aria-hidden', 'true');
    const track = container.querySelector('.collection-strip__track') as HTMLElement;

    frames(1);
    const start = offsetOf(track);
    frames(2);
    expect(offsetOf(track)).toBe(start + 1);
    // One copy is 600 px: after 1200 frames the track is back where it was, never beyond one copy.
    let furthest = 0;
    for (let frame = 0; frame < 1198; frame += 1) {
      vi.advanceTimersToNextFrame();
      furthest = Math.max(furthest, offsetOf(track));
    }
    expect(furthest).toBeLessThan(600);
    expect(offsetOf(track)).toBe(start);
  });

  it('goes on from the position kept in homePageCollectionView (SPEC 3) and keeps it', async () => {
    sessionStorage.setItem('homePageCollectionView', '240');
    stubWidths(600, 400);
    const { container, unmount } = await renderScrolling();
    await waitForLoop(container);
    const track = container.querySelector('.collection-strip__track') as HTMLElement;
    frames(1);
    // Starts from the kept 240 px (a few frames may already have run), not from 0.
    const start = offsetOf(track);
    expect(start).toBeGreaterThan(240);
    expect(start).toBeLessThan(245);
    frames(120);
    const kept = Number(sessionStorage.getItem('homePageCollectionView'));
    expect(kept).toBeGreaterThan(start);
    expect(kept).toBeLessThanOrEqual(start + 60);
    frames(21);
    const last = offsetOf(track);
    unmount();
    // Kept in whole pixels when the strip goes away.
    expect(sessionStorage.getItem('homePageCollectionView')).toBe(String(Math.round(last)));
    sessionStorage.removeItem('homePageCollectionView');
  });

  it('pauses while hovered', async () => {
    stubWidths(600, 400);
    const { container } = await renderScrolling();
    await waitForLoop(container);
    const viewport = container.querySelector('.collection-strip') as HTMLElement;
    const track = container.querySelector('.collection-strip__track') as HTMLElement;
    frames(1);
    const start = offsetOf(track);
    fireEvent.mouseEnter(viewport);
    frames(10);
    expect(offsetOf(track)).toBe(start);
    fireEvent.mouseLeave(viewport);
    frames(1);
    expect(offsetOf(track)).toBe(start + 0.5);
  });

  it('does not move or duplicate when the user prefers reduced motion', async () => {
    stubWidths(600, 400);
    const matchMedia = window.matchMedia;
    window.matchMedia = (query: string) =>
      ({ ...matchMedia(query), matches: query.includes('reduce') }) as MediaQueryList;
    try {
      const { container } = await renderScrolling();
      frames(10);
      expect(container.querySelectorAll('.collection-strip__group')).toHaveLength(1);
      expect(
        (container.querySelector('.collection-strip__track') as HTMLElement).style.transform,
      ).toBe('');
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('does not loop when the collections fit the strip', async () => {
    stubWidths(300, 400);
    const { container } = await renderScrolling();
    frames(10);
    expect(container.querySelectorAll('.collection-strip__group')).toHaveLength(1);
  });
});
