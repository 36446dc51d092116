import { callApi } from '../../lib/api';

/**
 * SPEC 4 logout calls the server with the token the session had, even though
 * the local session is already cleared; the answer changes nothing locally.
 */
export async function logoutOnServer(token: string): Promise<void> {
  await callApi('auth.logout', {}, { silent: true, headers: { Authorization: `Bearer ${token}` } });
}
