import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { addCatalog, i18n, initI18n } from '../i18n/i18n';
import { en } from '../i18n/locales/en';
import { zh } from '../i18n/locales/zh';
import { resetApiClient, takeContractDrifts } from '../lib/api';
import { useSessionStore } from '../stores/session.store';
import { useUiStore } from '../stores/ui.store';
import { installFakeNetwork } from './fake-network';
import { resizeWindowTo } from './window';

// jsdom lacks the layout APIs antd probes (DESIGN 4: antd needs matchMedia).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList,
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.defineProperty(window, 'ResizeObserver', {
  writable: true,
  configurable: true,
  value: ResizeObserverStub,
});

const scrollToStub = function scrollTo(this: Element | Window, ...args: unknown[]) {
  const [first] = args;
  if (this instanceof Element && first && typeof first === 'object' && 'top' in first) {
    this.scrollTop = Number((first as ScrollToOptions).top ?? 0);
  }
};
window.scrollTo = scrollToStub as typeof window.scrollTo;
Element.prototype.scrollTo = scrollToStub as typeof Element.prototype.scrollTo;

// jsdom does not implement pseudo-element styles and warns each time antd asks.
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

// jsdom's CSS parser rejects some rules antd generates (browsers accept them)
// and reports each one; other jsdom errors are still reported.
type TJsdomError = Error & { type?: string };
const virtualConsole = (
  window as unknown as {
    jsdom?: {
      virtualConsole?: {
        listeners: (event: string) => ((error: TJsdomError) => void)[];
        removeAllListeners: (event: string) => void;
        on: (event: string, listener: (error: TJsdomError) => void) => void;
      };
    };
  }
).jsdom?.virtualConsole;
if (virtualConsole) {
  const forward = virtualConsole.listeners('jsdomError');
  virtualConsole.removeAllListeners('jsdomError');
  virtualConsole.on('jsdomError', (error) => {
    if (error.type !== 'css-parsing') for (const listener of forward) listener(error);
  });
}

// findBy/waitFor wait up to 10 s for what the user would see: a file's first
// lazily loaded page brings antd, whose modules are transformed on first use,
// which takes seconds on a busy machine (the home and its dialogs no longer
// load antd ahead of it, ADR 0027). A test that fails still fails; it only
// takes longer to say so.
configure({ asyncUtilTimeout: 10_000 });

initI18n('en');
// The app loads the Chinese catalog on demand and registers English namespaces
// outside the core with their chunks (ADR 0028); tests have every text at once.
addCatalog('en', en);
addCatalog('zh', zh);

const initialSession = useSessionStore.getInitialState();
const initialUi = useUiStore.getInitialState();

beforeEach(async () => {
  // Every test gets a scripted, silent network (DESIGN 6: outbound HTTP only to local fakes).
  installFakeNetwork();
  resetApiClient();
  useSessionStore.setState(initialSession, true);
  useUiStore.setState(initialUi, true);
  window.localStorage.clear();
  window.sessionStorage.clear();
  await i18n.changeLanguage('en');
  document.documentElement.lang = 'en';
  resizeWindowTo(1280);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // ADR 0021: an answer off the contract fails the test even when a screen swallowed it.
  const drifts = takeContractDrifts();
  if (drifts.length > 0) throw new Error(drifts.map((drift) => drift.message).join('\n'));
});
