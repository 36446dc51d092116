import { LIMITS } from '@layerline/contract';
import { type FocusEvent, useEffect, useMemo, useRef, useState } from 'react';
import { HOME_SESSION_KEYS, readSessionNumber, writeSessionNumber } from '../feed/home-session';

/** How often (in frames, about once a second) the strip's position is kept for a return. */
const SAVE_EVERY_FRAMES = 60;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function usePrefersReducedMotion(): boolean {
  const [isReduced, setReduced] = useState(() => window.matchMedia(REDUCED_MOTION).matches);
  useEffect(() => {
    const query = window.matchMedia(REDUCED_MOTION);
    const handleChange = () => setReduced(query.matches);
    query.addEventListener('change', handleChange);
    return () => query.removeEventListener('change', handleChange);
  }, []);
  return isReduced;
}

/**
 * SPEC 4 collection strip: scrolls left at 0.5 px per frame and pauses on
 * hover (and while focus is inside). The items are rendered twice and the
 * track jumps back by one copy's width, so the loop has no seam. It only runs
 * when one copy is wider than the strip, never for users who asked for reduced
 * motion (they scroll by hand), and not while its cached page is hidden.
 */
export function useMarquee(isEnabled: boolean, contentKey: unknown) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const copyRef = useRef<HTMLUListElement>(null);
  const isHoveredRef = useRef(false);
  const hasFocusRef = useRef(false);
  /** One copy's width, as last measured: read once per resize, not once per frame. */
  const distanceRef = useRef(0);
  const [isOverflowing, setOverflowing] = useState(false);
  const isReducedMotion = usePrefersReducedMotion();
  const isLooping = isEnabled && isOverflowing && !isReducedMotion;

  // biome-ignore lint/correctness/useExhaustiveDependencies: new items mean a new width to measure.
  useEffect(() => {
    const viewport = viewportRef.current;
    const copy = copyRef.current;
    if (!viewport || !copy) return;
    const measure = () => {
      distanceRef.current = copy.offsetWidth;
      setOverflowing(copy.scrollWidth > viewport.clientWidth + 1);
    };
    // Measured on the next frame, when the browser lays the page out anyway;
    // read at once, the widths would force that layout in the middle of the
    // render that mounted the strip.
    const frame = requestAnimationFrame(measure);
    const observer = new ResizeObserver(measure);
    observer.observe(viewport);
    observer.observe(copy);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [contentKey]);

  useEffect(() => {
    const track = trackRef.current;
    const copy = copyRef.current;
    if (!isLooping || !track || !copy) return;
    // SPEC 3 homePageCollectionView: the strip goes on from where it was when
    // the user left home in this tab.
    let offset = Math.max(0, readSessionNumber(HOME_SESSION_KEYS.collectionView) ?? 0);
    let frames = 0;
    // Each frame only moves the track (a transform, drawn by the compositor): it
    // reads no layout, which would force the page's pending layout on every
    // frame while the home is still loading.
    let frame = window.requestAnimationFrame(function step() {
      const distance = distanceRef.current;
      if (!isHoveredRef.current && !hasFocusRef.current && distance > 0) {
        offset = (offset + LIMITS.marqueeSpeed) % distance;
        track.style.transform = `translate3d(${-offset}px, 0, 0)`;
        frames += 1;
        if (frames % SAVE_EVERY_FRAMES === 0) {
          writeSessionNumber(HOME_SESSION_KEYS.collectionView, offset);
        }
      }
      frame = window.requestAnimationFrame(step);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      writeSessionNumber(HOME_SESSION_KEYS.collectionView, offset);
      track.style.transform = '';
    };
  }, [isLooping]);

  const pauseHandlers = useMemo(
    () => ({
      onMouseEnter: () => {
        isHoveredRef.current = true;
      },
      onMouseLeave: () => {
        isHoveredRef.current = false;
      },
      onFocus: () => {
        hasFocusRef.current = true;
      },
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget)) hasFocusRef.current = false;
      },
    }),
    [],
  );

  return { viewportRef, trackRef, copyRef, isLooping, pauseHandlers };
}
