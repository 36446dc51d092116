import { afterEach, describe, expect, it, vi } from 'vitest';
import { bindNavigation, navigateHome, navigateTo, navigateTo404 } from './navigation';

describe('navigation bridge (SPEC 2: a not-found response sends the browser to /404)', () => {
  let unbind: (() => void) | null = null;
  afterEach(() => unbind?.());

  it('forwards to the bound router', () => {
    const navigate = vi.fn();
    unbind = bindNavigation(navigate);
    navigateTo404();
    navigateHome();
    navigateTo('/community');
    expect(navigate.mock.calls).toEqual([
      ['/404', { replace: true }],
      ['/', {}],
      ['/community', {}],
    ]);
  });

  it('unbinding only removes its own navigator', () => {
    const first = vi.fn();
    const second = vi.fn();
    const unbindFirst = bindNavigation(first);
    unbind = bindNavigation(second);
    unbindFirst();
    navigateTo('/aiCreate');
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith('/aiCreate', {});
  });
});
