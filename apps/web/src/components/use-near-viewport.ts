import { type RefCallback, useCallback, useState } from 'react';

/**
 * How far from the screen an element counts as near: one screen's height
 * above and below. The browser's own lazy loading starts 1,250 px or more
 * away, which on a phone fetches the pictures of cards several rows below
 * what a visitor who does not scroll ever sees (docs/PERFORMANCE.md).
 */
export const NEAR_MARGIN = '100% 0px';

const waiting = new Map<Element, () => void>();
let observer: IntersectionObserver | null = null;

/** One observer for every waiting element; each is let go once it has come near. */
function sharedObserver(): IntersectionObserver | null {
  if (typeof IntersectionObserver === 'undefined') return null;
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const reached = waiting.get(entry.target);
        waiting.delete(entry.target);
        observer?.unobserve(entry.target);
        reached?.();
      }
    },
    { rootMargin: NEAR_MARGIN },
  );
  return observer;
}

/**
 * Whether the element has come within a screen of the viewport, for pictures
 * to fetch only then; it stays true after. Without IntersectionObserver it is
 * true at once.
 */
export function useNearViewport<TElement extends Element>(): [RefCallback<TElement>, boolean] {
  const [isNear, setNear] = useState(() => sharedObserver() === null);
  const ref = useCallback<RefCallback<TElement>>(
    (element) => {
      if (!element || isNear) return;
      const shared = sharedObserver();
      if (!shared) return;
      waiting.set(element, () => setNear(true));
      shared.observe(element);
      return () => {
        waiting.delete(element);
        shared.unobserve(element);
      };
    },
    [isNear],
  );
  return [ref, isNear];
}
