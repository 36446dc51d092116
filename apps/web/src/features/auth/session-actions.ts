import { LIMITS, type TTokens } from '@layerline/contract';
import type { QueryClient } from '@tanstack/react-query';
import { currentPath, navigateTo } from '../../app/navigation';
import { PATHS } from '../../app/paths';
import { useSessionStore } from '../../stores/session.store';
import { useUiStore } from '../../stores/ui.store';
import { reloadSearchData } from '../search/search-reload';
import { loadMyInfo } from '../users/api';
import { logoutOnServer } from './logout-api';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * SPEC 4 'Login success': store the tokens (setToken marks the user logged
 * in), fetch user info but go on after 5 s at the latest, store avatar, name,
 * points and nickname, reload search data, then go to the remembered route,
 * or home unless already there (SPEC 2). A late user-info answer still lands
 * in the session when it arrives.
 */
export async function completeLogin(
  tokens: TTokens,
  onUserInfoError: (error: unknown) => void,
  queryClient: QueryClient,
): Promise<void> {
  const session = useSessionStore.getState();
  const { pendingRoute } = useUiStore.getState().loginDialog;
  session.setLoginInProgress(true);
  try {
    session.setToken(tokens.access_token);
    // Answers kept for the visitor (or the previous account) go old with the
    // session's user (app/use-viewer-scope.ts).
    session.setRefreshToken(tokens.refresh_token);
    const info = loadMyInfo().catch(onUserInfoError);
    await Promise.race([info, wait(LIMITS.loginUserInfoFallbackMs)]);
  } finally {
    useSessionStore.getState().setLoginInProgress(false);
  }
  useUiStore.getState().closeLogin();
  void reloadSearchData(queryClient);
  const target = pendingRoute ?? PATHS.home;
  if (target !== currentPath()) navigateTo(target);
}

/**
 * SPEC 4 Logout (also after a password change or reset): clear token, refresh
 * token, login flag, user id, name and avatar, then tell the server with the
 * token the session had. Local clean-up never waits for the server.
 */
export function endSession(): void {
  const { token } = useSessionStore.getState();
  useSessionStore.getState().clearUser();
  if (token) void logoutOnServer(token).catch(() => {});
}
