import { apiPath, HOME_ANSWERS_MAX_AGE_MS, homeAnswerKey } from '@layerline/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { startTransition } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../lib/api';
import { createHomeAnswerStore } from '../../lib/api/home-answers';
import { createCollection, homeRoutes, installFakeApi } from '../../test/home-api.fakes';
import { renderHome } from '../../test/render-home';
import { CollectionStrip } from './CollectionStrip';

// The real startTransition, watched: the strip starts its loop in one.
vi.mock('react', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react')>();
  return { ...actual, startTransition: vi.fn(actual.startTransition) };
});

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

  it("renders the collections the home's HTML brought in its first render, asking nothing", () => {
    const api = installFakeApi(homeRoutes({ collections: [] }));
    const answer = {
      code: 200,
      msg: 'Success',
      data: [createCollection({ id: 8, title: 'Brought along', count: 3 })],
      total: 1,
    };
    configureApiClient({
      getToken: () => null,
      homeAnswers: createHomeAnswerStore(
        { locale: 'en', answers: { [homeAnswerKey(apiPath('collections.list'))]: answer } },
        () => 0,
        HOME_ANSWERS_MAX_AGE_MS,
      ),
    });
    renderHome(<CollectionStrip />);
    // No waiting: the first render has them.
    expect(screen.getByRole('link', { name: 'Brought along' })).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
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

  /**
   * The browser's Web Animations, which jsdom lacks: an animation's time runs
   * on a clock the test moves, while it plays.
   */
  const clock = { now: 0 };
  class FakeAnimation {
    playState: 'running' | 'paused' | 'idle' = 'running';
    private base = 0;
    private since = clock.now;
    constructor(
      readonly element: Element,
      readonly keyframes: Keyframe[],
      readonly options: KeyframeAnimationOptions,
    ) {}
    get currentTime(): number {
      return this.playState === 'running' ? this.base + clock.now - this.since : this.base;
    }
    set currentTime(time: number) {
      this.base = time;
      this.since = clock.now;
    }
    pause() {
      this.base = this.currentTime;
      this.playState = 'paused';
    }
    play() {
      if (this.playState === 'running') return;
      this.since = clock.now;
      this.playState = 'running';
    }
    cancel() {
      this.playState = 'idle';
    }
  }
  let animations: FakeAnimation[] = [];

  beforeEach(() => {
    clock.now = 0;
    animations = [];
    Object.defineProperty(HTMLElement.prototype, 'animate', {
      configurable: true,
      writable: true,
      value(this: Element, keyframes: Keyframe[], options: KeyframeAnimationOptions) {
        const animation = new FakeAnimation(this, keyframes, options);
        animations.push(animation);
        return animation;
      },
    });
  });

  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(HTMLElement.prototype, 'animate');
    for (const [name, descriptor] of Object.entries(widths)) {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
    }
  });

  /** A 60 Hz screen's frames go by: the clock moves and the timers due meanwhile fire. */
  const frames = (count: number) => {
    const ms = (count * 1000) / 60;
    clock.now += ms;
    vi.advanceTimersByTime(ms);
  };

  /** The duplicate the loop needs is rendered, and its animation runs. */
  async function waitForLoop(container: HTMLElement): Promise<FakeAnimation> {
    // The strip measures itself on the frame after it mounts.
    await vi.waitFor(() => {
      if (vi.getTimerCount() > 0) vi.advanceTimersToNextFrame();
      expect(container.querySelectorAll('.collection-strip__group')).toHaveLength(2);
      expect(animations.filter((animation) => animation.playState !== 'idle')).toHaveLength(1);
    });
    const running = animations.find((animation) => animation.playState !== 'idle');
    if (!running) throw new Error('no running animation');
    return running;
  }

  async function renderScrolling() {
    // Only the frames and the saving interval are faked: the data still arrives on real timers.
    vi.useFakeTimers({
      toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setInterval', 'clearInterval'],
    });
    installFakeApi(homeRoutes({ collections: [1, 2, 3].map((id) => createCollection({ id })) }));
    const view = renderHome(<CollectionStrip />);
    await screen.findByRole('link', { name: 'Collection 1' });
    return view;
  }

  /** How far the track is moved left, in px, where the animation is now. */
  const offsetOf = (animation: FakeAnimation) => {
    const end = String(animation.keyframes[1]?.transform);
    const distance = -Number(/translate3d\((-?[\d.]+)px/.exec(end)?.[1]);
    const duration = Number(animation.options.duration);
    return ((animation.currentTime % duration) / duration) * distance;
  };

  it("moves a duplicated copy left by one copy's width at 0.5 px per frame, on a loop with no seam", async () => {
    stubWidths(600, 400);
    const { container } = await renderScrolling();
    const animation = await waitForLoop(container);
    const [, copy] = container.querySelectorAll('.collection-strip__group');
    expect(copy).toHaveAttribute('aria-hidden', 'true');
    expect(animation.element).toHaveClass('collection-strip__track');
    // One loop is exactly one copy: the copy behind takes the first one's place.
    expect(animation.keyframes).toEqual([
      { transform: 'translate3d(0, 0, 0)' },
      { transform: 'translate3d(-600px, 0, 0)' },
    ]);
    // 600 px at 0.5 px a frame is 1200 frames of a 60 Hz screen, evenly, for ever.
    expect(animation.options).toEqual({
      duration: 20_000,
      iterations: Number.POSITIVE_INFINITY,
      easing: 'linear',
    });
    expect(offsetOf(animation)).toBe(0);
    frames(2);
    expect(offsetOf(animation)).toBeCloseTo(1, 6);
  });

  it('goes on from the position kept in homePageCollectionView (SPEC 3) and keeps it', async () => {
    sessionStorage.setItem('homePageCollectionView', '240');
    stubWidths(600, 400);
    const { container, unmount } = await renderScrolling();
    const animation = await waitForLoop(container);
    expect(offsetOf(animation)).toBeCloseTo(240, 6);
    // Kept about once a second: 60 frames later it is 30 px further.
    frames(60);
    expect(sessionStorage.getItem('homePageCollectionView')).toBe('270');
    frames(21);
    unmount();
    // Kept in whole pixels when the strip goes away, and the animation ends with it.
    expect(sessionStorage.getItem('homePageCollectionView')).toBe('281');
    expect(animation.playState).toBe('idle');
    sessionStorage.removeItem('homePageCollectionView');
  });

  it('pauses while hovered or while focus is inside', async () => {
    stubWidths(600, 400);
    const { container } = await renderScrolling();
    const animation = await waitForLoop(container);
    const viewport = container.querySelector('.collection-strip') as HTMLElement;
    frames(10);
    const start = offsetOf(animation);
    fireEvent.mouseEnter(viewport);
    frames(10);
    expect(animation.playState).toBe('paused');
    expect(offsetOf(animation)).toBe(start);
    fireEvent.mouseLeave(viewport);
    frames(1);
    expect(offsetOf(animation)).toBeCloseTo(start + 0.5, 6);

    const link = within(viewport).getAllByRole('link')[0] as HTMLElement;
    fireEvent.focusIn(link);
    expect(animation.playState).toBe('paused');
    fireEvent.focusOut(link, { relatedTarget: document.body });
    expect(animation.playState).toBe('running');
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
      expect(animations).toHaveLength(0);
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('renders the copy that starts the loop as a transition, so that render yields to the page', async () => {
    stubWidths(600, 400);
    const { container } = await renderScrolling();
    vi.mocked(startTransition).mockClear();
    expect(container.querySelectorAll('.collection-strip__group')).toHaveLength(1);
    await waitForLoop(container);
    // The measurement's updates went through a transition (docs/PERFORMANCE.md, ninth pass).
    expect(startTransition).toHaveBeenCalled();
  });

  it('does not loop when the collections fit the strip', async () => {
    stubWidths(300, 400);
    const { container } = await renderScrolling();
    frames(10);
    expect(container.querySelectorAll('.collection-strip__group')).toHaveLength(1);
    expect(animations).toHaveLength(0);
  });
});
