import { describe, expect, it, vi } from 'vitest';
import { followLink, openInNewTab, resolveLink, type TLinkEffects } from './banner-link';

function effects(overrides: Partial<TLinkEffects> = {}) {
  return {
    navigate: vi.fn(),
    openTab: vi.fn((): Window | null => ({}) as Window),
    assign: vi.fn(),
    onFailed: vi.fn(),
    ...overrides,
  } satisfies TLinkEffects;
}

describe('banner links (SPEC 4 Links)', () => {
  it('ignores empty, blank and # links', () => {
    for (const link of ['', '   ', '#', ' # ', null, undefined]) {
      expect(resolveLink(link)).toEqual({ kind: 'none' });
    }
    const fx = effects();
    expect(followLink(resolveLink('#'), fx)).toBe(false);
    expect(fx.navigate).not.toHaveBeenCalled();
    expect(fx.openTab).not.toHaveBeenCalled();
    expect(fx.assign).not.toHaveBeenCalled();
  });

  it('adds https to an address without an http or https prefix', () => {
    expect(resolveLink('example.com/page')).toEqual({
      kind: 'external',
      url: 'https://example.com/page',
    });
    expect(resolveLink('//cdn.example.com/x')).toEqual({
      kind: 'external',
      url: 'https://cdn.example.com/x',
    });
    expect(resolveLink('http://example.com')).toEqual({
      kind: 'external',
      url: 'http://example.com',
    });
    expect(resolveLink('HTTPS://example.com')).toEqual({
      kind: 'external',
      url: 'HTTPS://example.com',
    });
  });

  it('keeps our own paths inside the app (deviation: seeded links are /community, /collections/1)', () => {
    expect(resolveLink('/collections/1')).toEqual({ kind: 'internal', path: '/collections/1' });
    const fx = effects();
    expect(followLink(resolveLink('/community'), fx)).toBe(true);
    expect(fx.navigate).toHaveBeenCalledWith('/community');
    expect(fx.openTab).not.toHaveBeenCalled();
  });

  it('opens external links in a new tab', () => {
    const fx = effects();
    expect(followLink(resolveLink('example.com'), fx)).toBe(true);
    expect(fx.openTab).toHaveBeenCalledWith('https://example.com');
    expect(fx.assign).not.toHaveBeenCalled();
  });

  it('falls back to the same tab when the new tab is refused or throws', () => {
    const blocked = effects({ openTab: vi.fn(() => null) });
    expect(followLink(resolveLink('https://example.com'), blocked)).toBe(true);
    expect(blocked.assign).toHaveBeenCalledWith('https://example.com');

    const throwing = effects({
      openTab: vi.fn(() => {
        throw new Error('blocked');
      }),
    });
    followLink(resolveLink('https://example.com'), throwing);
    expect(throwing.assign).toHaveBeenCalledWith('https://example.com');
    expect(throwing.onFailed).not.toHaveBeenCalled();
  });

  it('shows the failed-link message when the same tab fails too', () => {
    const fx = effects({
      openTab: vi.fn(() => null),
      assign: vi.fn(() => {
        throw new Error('navigation refused');
      }),
    });
    expect(followLink(resolveLink('https://example.com'), fx)).toBe(false);
    expect(fx.onFailed).toHaveBeenCalledTimes(1);
  });

  it('shows the failed-link message when in-app navigation fails', async () => {
    const fx = effects({ navigate: vi.fn(() => Promise.reject(new Error('chunk failed'))) });
    followLink(resolveLink('/aiCreate'), fx);
    await vi.waitFor(() => expect(fx.onFailed).toHaveBeenCalledTimes(1));
  });

  it('opens the new tab without giving it a handle on this page', () => {
    const tab = { opener: window } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(tab);
    expect(openInNewTab('https://example.com')).toBe(tab);
    expect(open).toHaveBeenCalledWith('https://example.com', '_blank');
    expect(tab.opener).toBeNull();
    open.mockReturnValue(null);
    expect(openInNewTab('https://example.com')).toBeNull();
  });
});
