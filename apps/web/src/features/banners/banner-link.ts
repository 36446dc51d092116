/** Where a carousel or banner link leads (SPEC 4 'Links'). */
export type TLinkTarget =
  | { kind: 'none' }
  | { kind: 'internal'; path: string }
  | { kind: 'external'; url: string };

const HAS_SCHEME = /^https?:\/\//i;

/**
 * SPEC 4: a link is ignored when empty or '#'; an address without an http or
 * https prefix gets https. Deviation: an address starting with a single '/' is
 * one of our own paths (the seeded banners link to '/community',
 * '/collections/1', ...), so it stays inside the app and goes through the
 * router instead of becoming 'https:///community'. A protocol-relative '//host'
 * is still an external address.
 */
export function resolveLink(raw: string | null | undefined): TLinkTarget {
  const link = (raw ?? '').trim();
  if (link === '' || link === '#') return { kind: 'none' };
  if (link.startsWith('/') && !link.startsWith('//')) return { kind: 'internal', path: link };
  if (HAS_SCHEME.test(link)) return { kind: 'external', url: link };
  return { kind: 'external', url: `https://${link.replace(/^\/\//, '')}` };
}

/** The href an anchor shows for a target (for hover, copy and middle-click). */
export function linkHref(target: TLinkTarget): string | undefined {
  if (target.kind === 'internal') return target.path;
  if (target.kind === 'external') return target.url;
  return undefined;
}

export interface TLinkEffects {
  navigate: (path: string) => unknown;
  /** Opens a new tab; null when the browser refused (a popup blocker). */
  openTab: (url: string) => Window | null;
  /** Same-tab navigation to an external address. */
  assign: (url: string) => void;
  /** SPEC 4: shows the failed-link-redirect message. */
  onFailed: () => void;
}

/**
 * SPEC 4: external links open in a new tab, falling back to the same tab; if
 * that fails, the failed-link-redirect message is shown. Returns whether the
 * link led anywhere.
 */
export function followLink(target: TLinkTarget, effects: TLinkEffects): boolean {
  if (target.kind === 'none') return false;
  if (target.kind === 'internal') {
    try {
      const result = effects.navigate(target.path);
      if (result instanceof Promise) result.catch(effects.onFailed);
      return true;
    } catch {
      effects.onFailed();
      return false;
    }
  }
  let opened: Window | null = null;
  try {
    opened = effects.openTab(target.url);
  } catch {
    opened = null;
  }
  if (opened) return true;
  try {
    effects.assign(target.url);
    return true;
  } catch {
    effects.onFailed();
    return false;
  }
}

/**
 * A 'noopener' feature string makes window.open return null even when the
 * tab opened, which would hide a blocked popup and trigger the same-tab
 * fallback as well. So the tab is opened plainly and its opener cut at once,
 * before the new page can run any script.
 */
export function openInNewTab(url: string): Window | null {
  const opened = window.open(url, '_blank');
  if (opened) opened.opener = null;
  return opened ?? null;
}
