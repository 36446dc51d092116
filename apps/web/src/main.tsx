import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/AppRoot';
import { installNewBuildReload } from './app/new-build-reload';
import { createAppRouter } from './app/router';
import { initI18n, loadLocale } from './i18n/i18n';
import { detectLocale } from './i18n/locale';
import './styles/global.css';

// SPEC 4 Section loading (preload-error event, rethrown when unhandled) is
// Vite's own preload behaviour. A chunk that fails to load, as an older
// build's page asks for one after a deploy, reloads the page onto the new
// build once (ADR 0054); the route error page offers a reload after that.
installNewBuildReload(window, () => pendingUrl());
const locale = detectLocale();
initI18n(locale);

/**
 * The router, made in a task of its own before the first render: matching
 * the address and starting the page's chunk (with its preload tags) was a
 * third of the first render's task on a slow phone (docs/PERFORMANCE.md).
 */
let router: ReturnType<typeof createAppRouter> | undefined;
const routerMade = new Promise<void>((resolve) => {
  setTimeout(() => {
    try {
      router = createAppRouter();
    } finally {
      resolve();
    }
  }, 0);
});

/** Where a navigation still loading its page's chunk is going: a reload for a new build goes there. */
function pendingUrl(): string | undefined {
  const navigation = router?.state.navigation;
  // An idle navigation has no location.
  if (!navigation?.location) return undefined;
  const { pathname, search, hash } = navigation.location;
  return `${pathname}${search}${hash}`;
}

function render() {
  const container = document.getElementById('root');
  if (!container) return;
  const root = createRoot(container);
  // A transition renders in slices that yield to the browser between them, so
  // the first render of the whole app is no single long task on a slow phone
  // (the boot shell stays on screen until it is done).
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppRoot router={router} />
      </StrictMode>,
    );
  });
}

/** The longest the app waits for the boot shell's carousel image. */
const BOOT_HERO_WAIT_MS = 1000;

/**
 * The home's HTML carries its first carousel image (the server fills it in):
 * on a phone it is the page's largest paint. The app replaces the boot shell on
 * its first render, so it lets that image paint first. On a slow network the
 * image, a few KiB, arrives long before the scripts and nothing waits.
 */
function bootHeroPainted(): Promise<void> {
  const image = document.querySelector<HTMLImageElement>('.boot-shell__hero img');
  if (!image || image.offsetParent === null) return Promise.resolve();
  return new Promise((resolve) => {
    // The cap also covers a hidden tab, where animation frames do not run.
    setTimeout(resolve, BOOT_HERO_WAIT_MS);
    const painted = () => requestAnimationFrame(() => setTimeout(resolve, 0));
    if (image.complete) painted();
    else {
      image.addEventListener('load', painted, { once: true });
      image.addEventListener('error', () => resolve(), { once: true });
    }
  });
}

// A Chinese page waits for its catalog (its own chunk); should that fail, it
// shows the English texts rather than nothing.
Promise.all([loadLocale(locale).catch(() => undefined), bootHeroPainted(), routerMade]).then(
  render,
  render,
);
