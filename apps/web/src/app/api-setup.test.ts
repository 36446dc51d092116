import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n';
import { useSessionStore } from '../stores/session.store';
import { useUiStore } from '../stores/ui.store';
import { apiClientOptions } from './api-setup';
import { bindNavigation } from './navigation';

function setup(path = '/inform') {
  const navigate = vi.fn();
  const [pathname = '', query = ''] = path.split('?');
  const search = query ? `?${query}` : '';
  const unbind = bindNavigation(navigate, () => ({ pathname, search }));
  const feedback = { notify: vi.fn(), warnDialog: vi.fn() };
  const options = apiClientOptions(feedback);
  return { navigate, unbind, feedback, options };
}

describe('API client wiring', () => {
  let unbind: (() => void) | undefined;
  afterEach(() => unbind?.());

  it('reads tokens and language from the app and stores refreshed tokens', async () => {
    const ctx = setup();
    unbind = ctx.unbind;
    expect(ctx.options.getToken?.()).toBeNull();
    ctx.options.onTokens?.({ access_token: 'a2', refresh_token: 'r2' });
    expect(useSessionStore.getState()).toMatchObject({
      token: 'a2',
      refreshToken: 'r2',
      isLogin: true,
    });
    expect(ctx.options.getToken?.()).toBe('a2');
    expect(ctx.options.getRefreshToken?.()).toBe('r2');
    expect(ctx.options.getLocale?.()).toBe('en');
    await i18n.changeLanguage('zh');
    expect(ctx.options.getLocale?.()).toBe('zh');
  });

  it('translates client messages through the api namespace', () => {
    const ctx = setup();
    unbind = ctx.unbind;
    expect(ctx.options.t?.('api.timeout')).toBe('System interface request timeout');
    expect(ctx.options.t?.('api.statusError', { status: 502 })).toBe(
      'System interface 502 exception',
    );
  });

  it('sends a not-found response to /404 (SPEC 2)', () => {
    const ctx = setup();
    unbind = ctx.unbind;
    ctx.options.onNotFound?.();
    expect(ctx.navigate).toHaveBeenCalledWith('/404', { replace: true });
  });

  it('on token expiry clears the session, warns once and goes home (SPEC 2)', () => {
    useSessionStore.getState().setToken('old');
    const ctx = setup('/inform');
    unbind = ctx.unbind;
    ctx.options.onSessionExpired?.();
    ctx.options.onSessionExpired?.();
    expect(useSessionStore.getState().isLogin).toBe(false);
    expect(ctx.feedback.warnDialog).toHaveBeenCalledTimes(1);
    expect(ctx.feedback.warnDialog).toHaveBeenCalledWith(
      'Login has expired',
      'Your login session has expired. Please log in again',
    );
    expect(ctx.navigate).toHaveBeenCalledWith('/', {});
  });

  it('on token expiry in the community opens the login dialog instead, keeping the open post', () => {
    useSessionStore.getState().setToken('old');
    const ctx = setup('/community?tab=square&post=3&comment=9');
    unbind = ctx.unbind;
    ctx.options.onSessionExpired?.();
    expect(useUiStore.getState().loginDialog).toMatchObject({
      open: true,
      pendingRoute: '/community?tab=square&post=3&comment=9',
    });
    expect(ctx.navigate).not.toHaveBeenCalled();
    expect(ctx.feedback.warnDialog).not.toHaveBeenCalled();
  });
});
