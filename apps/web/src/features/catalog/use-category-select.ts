import { LIMITS } from '@layerline/contract';
import { useCallback, useRef } from 'react';
import { useFeedStore } from '../feed/feed.store';

/**
 * SPEC 4 Category filter: re-selecting the current category is ignored, and
 * so is any selection within 300 ms of the last accepted one. An accepted
 * choice clears the search text (the store does that). Returns whether the
 * choice was taken.
 */
export function useCategorySelect(): (category: number | null) => boolean {
  const lastAcceptedAt = useRef(Number.NEGATIVE_INFINITY);
  return useCallback((category: number | null) => {
    const { category: current, setCategory } = useFeedStore.getState();
    if (category === current) return false;
    const now = Date.now();
    if (now - lastAcceptedAt.current < LIMITS.categoryClickGuardMs) return false;
    lastAcceptedAt.current = now;
    setCategory(category);
    return true;
  }, []);
}
