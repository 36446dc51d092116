import { LIMITS } from '@layerline/contract';
import { type RefObject, useEffect, useRef } from 'react';
import { useIsPageActive } from '../../app/KeepAliveOutlet';
import { isNearBottom, listenToScroll, scrollAreaOf } from '../feed/infinite-scroll';

/**
 * Infinite scroll of the collection and profile lists: SPEC 9's
 * infinite-scroll distance (100 px from the bottom of the scroll area) asks
 * for the next page, the handler throttled like the feed's (150 ms). Pages
 * kept alive but hidden share the content area, so only the page on screen
 * listens; `enabled` is false while there is nothing more to load.
 */
export function useInfiniteScroll(
  anchorRef: RefObject<HTMLElement | null>,
  onLoadMore: () => void,
  enabled: boolean,
): void {
  const isActive = useIsPageActive();
  const latest = useRef({ onLoadMore, enabled: enabled && isActive });
  useEffect(() => {
    latest.current = { onLoadMore, enabled: enabled && isActive };
  }, [onLoadMore, enabled, isActive]);

  useEffect(() => {
    const area = scrollAreaOf(anchorRef.current);
    return listenToScroll(area, () => {
      if (!latest.current.enabled) return;
      if (isNearBottom(area.element, LIMITS.infiniteScrollDistance)) latest.current.onLoadMore();
    });
  }, [anchorRef]);
}
