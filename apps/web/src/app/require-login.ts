import { type LoaderFunctionArgs, redirect } from 'react-router';
import { hasStoredToken } from '../stores/session.store';
import { useUiStore } from '../stores/ui.store';
import { PATHS } from './paths';

/**
 * SPEC 2: a login-only route is allowed only when a stored token exists;
 * otherwise the visitor goes to '/' and the login dialog opens remembering the
 * target (SPEC 2 Home screen: Publish, Inform and Mine remember it).
 */
export function requireLogin({ request }: LoaderFunctionArgs): Response | null {
  if (hasStoredToken()) return null;
  const url = new URL(request.url);
  useUiStore.getState().openLogin(`${url.pathname}${url.search}`);
  return redirect(PATHS.home);
}
