import {
  createContext,
  type ReactNode,
  type RefObject,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
} from 'react';
import { useMatches, useOutlet } from 'react-router';
import { useSessionStore } from '../stores/session.store';
import { routeHandle } from './route-handle';

/** False inside a cached page that is currently hidden. */
export const KeepAliveActiveContext = createContext(true);

export function useIsPageActive(): boolean {
  return useContext(KeepAliveActiveContext);
}

interface TEntry {
  element: ReactNode;
  requiresLogin: boolean;
  usedAt: number;
}

interface TKeepAliveOutletProps {
  /** Index in useMatches() of the route this outlet renders. */
  depth: number;
  /** Scroll container whose position is remembered per cached page. */
  scrollRef?: RefObject<HTMLElement | null>;
  maxEntries?: number;
}

/**
 * SPEC 2: the shell keeps HomePage, UserInformation, CollectionsPage,
 * AiCreatePage, NotificationsPage and Community cached. React Router unmounts
 * a route's element when it stops matching, so this outlet keeps the elements
 * of routes marked `keepAlive` (one per pathname, so each profile has its own)
 * and renders the inactive ones with display:none. Each element carries its
 * own route context, so useParams() inside a hidden page keeps its values.
 * Hidden pages of a nested outlet are frozen while their parent is hidden.
 */
export function KeepAliveOutlet({ depth, scrollRef, maxEntries = 8 }: TKeepAliveOutletProps) {
  const isParentActive = useContext(KeepAliveActiveContext);
  const outlet = useOutlet();
  const matches = useMatches();
  const isLogin = useSessionStore((state) => state.isLogin);
  const cache = useRef(new Map<string, TEntry>());
  const activeKey = useRef<string | null>(null);
  const uncached = useRef<ReactNode>(null);
  const clock = useRef(0);
  const scrollPositions = useRef(new Map<string | null, number>());

  if (isParentActive) {
    const match = matches[depth];
    const handle = routeHandle(match?.handle);
    if (match && handle.keepAlive) {
      clock.current += 1;
      cache.current.set(match.pathname, {
        element: outlet,
        requiresLogin: Boolean(handle.requiresLogin),
        usedAt: clock.current,
      });
      activeKey.current = match.pathname;
      uncached.current = null;
    } else {
      activeKey.current = null;
      uncached.current = outlet;
    }
    while (cache.current.size > maxEntries) {
      const oldest = [...cache.current].filter(([key]) => key !== activeKey.current);
      oldest.sort((a, b) => a[1].usedAt - b[1].usedAt);
      const victim = oldest[0];
      if (!victim) break;
      cache.current.delete(victim[0]);
    }
  }

  // Another person's notifications must not stay in the DOM after logout.
  if (!isLogin) {
    for (const [key, entry] of cache.current) {
      if (entry.requiresLogin && key !== activeKey.current) cache.current.delete(key);
    }
  }

  const currentKey = activeKey.current;
  // Whose position a scroll is: the page on screen, none while the parent is hidden.
  const recording = useRef<{ key: string | null; isOn: boolean }>({ key: null, isOn: false });

  useLayoutEffect(() => {
    recording.current = { key: currentKey, isOn: isParentActive };
    const element = scrollRef?.current;
    if (!element || !isParentActive) return;
    element.scrollTop = scrollPositions.current.get(currentKey) ?? 0;
  }, [currentKey, scrollRef, isParentActive]);

  // One listener for the container's life, added after the commit: a child's
  // layout effects run before its parent's ref is attached, so for the first
  // page shown the container only exists from here on.
  useEffect(() => {
    const element = scrollRef?.current;
    if (!element) return;
    const remember = () => {
      const { key, isOn } = recording.current;
      if (isOn) scrollPositions.current.set(key, element.scrollTop);
    };
    element.addEventListener('scroll', remember, { passive: true });
    return () => element.removeEventListener('scroll', remember);
  }, [scrollRef]);

  return (
    <>
      {[...cache.current].map(([key, entry]) => {
        const isActive = key === currentKey;
        return (
          <KeepAliveActiveContext.Provider key={key} value={isParentActive && isActive}>
            <div className="keep-alive-pane" style={{ display: isActive ? 'contents' : 'none' }}>
              {entry.element}
            </div>
          </KeepAliveActiveContext.Provider>
        );
      })}
      {currentKey === null && uncached.current}
    </>
  );
}
