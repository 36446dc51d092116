import { useEffect } from 'react';
import { useSessionStore } from '../../stores/session.store';
import { fetchUnread, streamTicket, streamUrl } from './api';
import type { LiveUnreadClient } from './live-unread';
import { useUnreadStore } from './unread.store';

/**
 * Runs the live unread counts while logged in: started with a token, reopened
 * with the new token after a refresh or another login, stopped (and the counts
 * forgotten) on logout. Mounted once, by the side navigation. The client (and
 * the zod check of its events) is loaded with the first session, so a
 * visitor's first load does not carry it.
 */
export function useLiveUnread(): void {
  useEffect(() => {
    const session = useSessionStore;
    let client: LiveUnreadClient | null = null;
    let loading: Promise<LiveUnreadClient> | null = null;
    let disposed = false;
    const load = () => {
      loading ??= import('./live-unread').then(({ LiveUnreadClient }) => {
        client = new LiveUnreadClient({
          getToken: () => session.getState().token,
          getTicket: streamTicket,
          streamUrl,
          createEventSource:
            typeof EventSource === 'undefined' ? null : (url) => new EventSource(url),
          fetchUnread,
          onCounts: (counts) => useUnreadStore.getState().setCounts(counts),
        });
        return client;
      });
      return loading;
    };
    // At once when the client is there; else once loaded, by the session as it is then.
    const follow = () => {
      if (client) {
        client.renew();
        return;
      }
      void load().then((live) => {
        if (disposed) return;
        if (session.getState().token) live.renew();
        else live.stop();
      });
    };
    let token = session.getState().token;
    if (token) follow();
    const unsubscribe = session.subscribe((state) => {
      if (state.token === token) return;
      token = state.token;
      if (token) {
        follow();
      } else {
        client?.stop();
        useUnreadStore.getState().reset();
      }
    });
    return () => {
      disposed = true;
      unsubscribe();
      client?.stop();
    };
  }, []);
}
