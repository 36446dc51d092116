import { LIMITS } from '@layerline/contract';
import { currentLocale, i18n } from '../i18n/i18n';
import type { TCatalog } from '../i18n/locales/en';
import { configureApiClient, type TApiClientOptions, type TNotifyKind } from '../lib/api';
import { useSessionStore } from '../stores/session.store';
import { useUiStore } from '../stores/ui.store';
import { currentPath, currentPathname, navigateHome, navigateTo404 } from './navigation';
import { PATHS } from './paths';

export interface TApiFeedback {
  notify: (kind: TNotifyKind, text: string) => void;
  warnDialog: (title: string, content: string) => void;
}

/**
 * The API client's hooks into the app: session tokens, language, router,
 * messages and, after a write, the Query cache (`onWrite`). Kept as a plain
 * options object so it can be tested without React.
 */
export function apiClientOptions(
  feedback: TApiFeedback,
  onWrite?: () => void,
): Partial<TApiClientOptions> {
  let lastExpiredAt = Number.NEGATIVE_INFINITY;
  const session = () => useSessionStore.getState();
  return {
    getLocale: currentLocale,
    getToken: () => session().token || null,
    getRefreshToken: () => session().refreshToken || null,
    onTokens: ({ access_token, refresh_token }) => {
      session().setToken(access_token);
      session().setRefreshToken(refresh_token);
    },
    // SPEC 2: a token-expired response sends the user home, or shows the login
    // dialog on a community page. SPEC 9: one notice per second at most.
    onSessionExpired: () => {
      const pathname = currentPathname();
      session().clearUser();
      const now = Date.now();
      if (now - lastExpiredAt < LIMITS.tokenExpiredDialogResetMs) return;
      lastExpiredAt = now;
      if (pathname.startsWith(PATHS.community)) {
        // Back to the same tab or post after logging in, not just /community.
        useUiStore.getState().openLogin(currentPath());
        return;
      }
      feedback.warnDialog(i18n.t('api:sessionExpiredTitle'), i18n.t('api:sessionExpired'));
      if (pathname !== PATHS.home) navigateHome();
    },
    onNotFound: navigateTo404,
    onWrite,
    // ADR 0014: the shell's notice says why writes are refused from now on.
    onSuspended: (reason) => session().setProfile({ suspension: { reason } }),
    notify: feedback.notify,
    // The client names its keys 'api.x'; in i18next that is namespace 'api', key 'x'.
    t: (key, params) => {
      const name = key.slice('api.'.length) as keyof TCatalog['api'];
      return i18n.t(`api:${name}`, params ?? {});
    },
  };
}

export function setupApiClient(feedback: TApiFeedback, onWrite?: () => void): void {
  configureApiClient(apiClientOptions(feedback, onWrite));
}
