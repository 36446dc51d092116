import { useEffect } from 'react';
import { useSessionStore } from '../../stores/session.store';
import { fetchUnread, streamUrl } from './api';
import { LiveUnreadClient } from './live-unread';
import { useUnreadStore } from './unread.store';

/**
 * Runs the live unread counts while logged in: started with a token, reopened
 * with the new token after a refresh or another login, stopped (and the counts
 * forgotten) on logout. Mounted once, by the side navigation.
 */
export function useLiveUnread(): void {
  useEffect(() => {
    const session = useSessionStore;
    const client = new LiveUnreadClient({
      getToken: () => session.getState().token,
      streamUrl,
      createEventSource: typeof EventSource === 'undefined' ? null : (url) => new EventSource(url),
      fetchUnread,
      onCounts: (counts) => useUnreadStore.getState().setCounts(counts),
    });
    let token = session.getState().token;
    if (token) client.start();
    const unsubscribe = session.subscribe((state) => {
      if (state.token === token) return;
      token = state.token;
      if (token) {
        client.renew();
      } else {
        client.stop();
        useUnreadStore.getState().reset();
      }
    });
    return () => {
      unsubscribe();
      client.stop();
    };
  }, []);
}
