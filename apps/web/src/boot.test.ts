import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import bootScript from '../public/boot.js?raw';

/**
 * public/boot.js (ADR 0023): it starts the app's entry after the boot shell's
 * carousel image has painted, and decides whether that image is shown without
 * laying the page out (docs/PERFORMANCE.md, ninth pass).
 */
function runBoot({ isHeroShown, isComplete }: { isHeroShown: boolean; isComplete: boolean }) {
  document.head.innerHTML = '';
  document.body.innerHTML = `
    <div id="root">
      <div class="boot-shell__hero" style="display: ${isHeroShown ? 'block' : 'none'}"><img src="/files/hero.webp" alt=""></div>
    </div>`;
  const image = document.querySelector('img') as HTMLImageElement;
  Object.defineProperty(image, 'complete', { configurable: true, get: () => isComplete });
  const tag = document.createElement('script');
  tag.setAttribute('data-entry', '/assets/index-a1.js');
  tag.setAttribute('data-preload', '/assets/react-b2.js');
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(tag);
  new Function(bootScript)();
  return image;
}

const entryScripts = () => document.head.querySelectorAll('script[type="module"]');

describe('boot script (ADR 0023)', () => {
  let layoutReads = 0;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    layoutReads = 0;
    // Any read of the layout would lay the page out inside the script.
    for (const name of ['offsetParent', 'offsetWidth', 'offsetHeight'] as const) {
      vi.spyOn(HTMLElement.prototype, name, 'get').mockImplementation(() => {
        layoutReads += 1;
        return null as never;
      });
    }
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => {
      layoutReads += 1;
      return new DOMRect();
    });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("waits for a shown carousel image to load, then starts the app's entry after a frame", () => {
    const image = runBoot({ isHeroShown: true, isComplete: false });
    vi.advanceTimersByTime(500);
    expect(entryScripts()).toHaveLength(0);
    image.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(20);
    expect(entryScripts()).toHaveLength(1);
    expect(entryScripts()[0]).toHaveAttribute('src', '/assets/index-a1.js');
    expect(document.head.querySelector('link[rel="modulepreload"]')).toHaveAttribute(
      'href',
      '/assets/react-b2.js',
    );
    expect(layoutReads).toBe(0);
  });

  it('does not wait for an image a wide screen does not show', () => {
    runBoot({ isHeroShown: false, isComplete: false });
    vi.advanceTimersByTime(20);
    expect(entryScripts()).toHaveLength(1);
    expect(layoutReads).toBe(0);
  });

  it('starts after at most a second when the image never arrives', () => {
    runBoot({ isHeroShown: true, isComplete: false });
    vi.advanceTimersByTime(999);
    expect(entryScripts()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(entryScripts()).toHaveLength(1);
  });
});
