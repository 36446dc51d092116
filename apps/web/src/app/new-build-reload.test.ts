import { describe, expect, it, vi } from 'vitest';
import {
  currentBuild,
  installNewBuildReload,
  isChunkLoadError,
  reloadForNewBuild,
  type TNewBuildDeps,
} from './new-build-reload';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

function deps(overrides: Partial<TNewBuildDeps> = {}): TNewBuildDeps {
  return {
    storage: memoryStorage(),
    reload: vi.fn(),
    build: '/assets/index-OLD.js',
    isOnline: true,
    ...overrides,
  };
}

/** A page with the built boot tag (boot.js's data-entry names the build). */
function builtPage(entry: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  const tag = doc.createElement('script');
  tag.src = '/boot.js';
  tag.setAttribute('data-entry', entry);
  doc.head.append(tag);
  return doc;
}

/** A window as installNewBuildReload uses it, after a reload onto `entry`'s build. */
function fakeWindow(entry: string, storage = memoryStorage()) {
  const target = new EventTarget();
  const reload = vi.fn();
  const assign = vi.fn();
  const win = Object.assign(target, {
    sessionStorage: storage,
    location: { reload, assign },
    document: builtPage(entry),
    navigator: { onLine: true },
  });
  return { win: win as unknown as Window, reload, assign, storage };
}

function preloadError(win: Window) {
  const event = new Event('vite:preloadError', { cancelable: true });
  Object.assign(event, { payload: new TypeError('Failed to fetch dynamically imported module') });
  win.dispatchEvent(event);
}

describe('a chunk gone after a deploy (ADR 0054)', () => {
  it('knows the messages of a chunk that did not load, in each browser', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://x.test/assets/Page-abc.js',
      'error loading dynamically imported module: https://x.test/assets/Page-abc.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/Page-abc.css',
      "Failed to load module script: Expected a JavaScript module script but the server responded with a MIME type of 'application/json'. 'application/json' is not a valid JavaScript MIME type.",
    ]) {
      expect(isChunkLoadError(new TypeError(message))).toBe(true);
    }
    expect(isChunkLoadError(new Error('chunk failed'))).toBe(false);
    expect(
      isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')")),
    ).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });

  it("names the build by the page's entry script", () => {
    expect(currentBuild(builtPage('/assets/index-AbC123.js'))).toBe('/assets/index-AbC123.js');
    const dev = document.implementation.createHTMLDocument('dev');
    const module = dev.createElement('script');
    module.type = 'module';
    module.setAttribute('src', '/src/main.tsx');
    dev.body.append(module);
    expect(currentBuild(dev)).toBe('/src/main.tsx');
  });

  it('reloads once per build: a page of the same build again does not loop', () => {
    const storage = memoryStorage();
    const first = deps({ storage });
    expect(reloadForNewBuild(first)).toBe(true);
    expect(first.reload).toHaveBeenCalledTimes(1);
    // The reload brought the same build back (a stale page): no second reload.
    const again = deps({ storage });
    expect(reloadForNewBuild(again)).toBe(false);
    expect(again.reload).not.toHaveBeenCalled();
    // A later deploy, met by the page of the build it reloaded onto: once more.
    const later = deps({ storage, build: '/assets/index-NEW.js' });
    expect(reloadForNewBuild(later)).toBe(true);
    expect(later.reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload offline, nor without session storage to guard against a loop', () => {
    const offline = deps({ isOnline: false });
    expect(reloadForNewBuild(offline)).toBe(false);
    const blocked = deps({
      storage: {
        getItem: () => null,
        setItem: () => {
          throw new DOMException('blocked', 'SecurityError');
        },
      },
    });
    expect(reloadForNewBuild(blocked)).toBe(false);
    expect(deps({ storage: undefined }).reload).not.toHaveBeenCalled();
    expect(offline.reload).not.toHaveBeenCalled();
    expect(blocked.reload).not.toHaveBeenCalled();
  });

  it("reloads on Vite's preload error, once, and on an unhandled chunk rejection", () => {
    const { win, reload, storage } = fakeWindow('/assets/index-OLD.js');
    installNewBuildReload(win);
    preloadError(win);
    preloadError(win);
    expect(reload).toHaveBeenCalledTimes(1);

    // The page the reload brought, of the new build, meets a later deploy's gap.
    const next = fakeWindow('/assets/index-NEW.js', storage);
    installNewBuildReload(next.win);
    const rejection = new Event('unhandledrejection');
    Object.assign(rejection, {
      reason: new TypeError('Importing a module script failed.'),
    });
    next.win.dispatchEvent(rejection);
    expect(next.reload).toHaveBeenCalledTimes(1);

    const other = new Event('unhandledrejection');
    Object.assign(other, { reason: new Error('a bug') });
    const third = fakeWindow('/assets/index-THIRD.js', storage);
    installNewBuildReload(third.win);
    third.win.dispatchEvent(other);
    expect(third.reload).not.toHaveBeenCalled();
  });

  it('loads the address a navigation was going to when its page chunk failed', () => {
    const { win, reload, assign } = fakeWindow('/assets/index-OLD.js');
    let pending: string | undefined = '/community?tab=square';
    installNewBuildReload(win, () => pending);
    preloadError(win);
    expect(assign).toHaveBeenCalledWith('/community?tab=square');
    expect(reload).not.toHaveBeenCalled();

    const idle = fakeWindow('/assets/index-NEW.js');
    pending = undefined;
    installNewBuildReload(idle.win, () => pending);
    preloadError(idle.win);
    expect(idle.reload).toHaveBeenCalledTimes(1);
    expect(idle.assign).not.toHaveBeenCalled();
  });
});
