import { LIMITS } from '@layerline/contract';
import { type FocusEvent, startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { HOME_SESSION_KEYS, readSessionNumber, writeSessionNumber } from '../feed/home-session';

/** How often the strip's position is kept for a return (SPEC 3 homePageCollectionView). */
const SAVE_EVERY_MS = 1000;

/** A frame of SPEC 4's speed (0.5 px per frame) is a frame of a 60 Hz screen. */
const FRAME_MS = 1000 / 60;

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
 * SPEC 4 collection strip: scrolls left at 0.5 px per frame (30 px a second)
 * and pauses on hover (and while focus is inside). The items are rendered
 * twice and the track moves by one copy's width, then starts again, so the
 * loop has no seam. The motion is a transform animation that the compositor
 * runs: no script runs per frame, so the strip moves smoothly while the page
 * is still busy, and a phone's main thread stays free (ADR 0029). It only
 * runs when one copy is wider than the strip, never for users who asked for
 * reduced motion (they scroll by hand), and not while its cached page is hidden.
 */
export function useMarquee(isEnabled: boolean, contentKey: unknown) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const copyRef = useRef<HTMLUListElement>(null);
  const animationRef = useRef<Animation | null>(null);
  const isHoveredRef = useRef(false);
  const hasFocusRef = useRef(false);
  /** One copy's width, as last measured: read once per resize, not once per frame. */
  const [distance, setDistance] = useState(0);
  const [isOverflowing, setOverflowing] = useState(false);
  const isReducedMotion = usePrefersReducedMotion();
  const isLooping = isEnabled && isOverflowing && !isReducedMotion;

  // biome-ignore lint/correctness/useExhaustiveDependencies: new items mean a new width to measure.
  useEffect(() => {
    const viewport = viewportRef.current;
    const copy = copyRef.current;
    if (!viewport || !copy) return;
    const measure = () => {
      const width = copy.offsetWidth;
      const isWider = copy.scrollWidth > viewport.clientWidth + 1;
      // Starting the loop renders the items' second copy: as a transition, that
      // render yields to the browser in slices instead of being one long task
      // while the home is still starting (docs/PERFORMANCE.md, ninth pass).
      startTransition(() => {
        setDistance(width);
        setOverflowing(isWider);
      });
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
    if (!isLooping || !track || distance <= 0) return;
    const duration = (distance / LIMITS.marqueeSpeed) * FRAME_MS;
    const animation = track.animate(
      [{ transform: 'translate3d(0, 0, 0)' }, { transform: `translate3d(${-distance}px, 0, 0)` }],
      { duration, iterations: Number.POSITIVE_INFINITY, easing: 'linear' },
    );
    animationRef.current = animation;
    // SPEC 3 homePageCollectionView: the strip goes on from where it was when
    // the user left home in this tab (or before the strip's width changed).
    const kept = Math.max(0, readSessionNumber(HOME_SESSION_KEYS.collectionView) ?? 0);
    animation.currentTime = ((kept % distance) / distance) * duration;
    if (isHoveredRef.current || hasFocusRef.current) animation.pause();
    const offset = () => {
      const time = Number(animation.currentTime ?? 0);
      return Math.round(((time % duration) / duration) * distance);
    };
    const save = () => writeSessionNumber(HOME_SESSION_KEYS.collectionView, offset());
    const timer = window.setInterval(save, SAVE_EVERY_MS);
    return () => {
      window.clearInterval(timer);
      save();
      animationRef.current = null;
      animation.cancel();
    };
  }, [isLooping, distance]);

  const pauseHandlers = useMemo(() => {
    const setPaused = () => {
      const animation = animationRef.current;
      if (!animation) return;
      if (isHoveredRef.current || hasFocusRef.current) animation.pause();
      else animation.play();
    };
    return {
      onMouseEnter: () => {
        isHoveredRef.current = true;
        setPaused();
      },
      onMouseLeave: () => {
        isHoveredRef.current = false;
        setPaused();
      },
      onFocus: () => {
        hasFocusRef.current = true;
        setPaused();
      },
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget)) hasFocusRef.current = false;
        setPaused();
      },
    };
  }, []);

  return { viewportRef, trackRef, copyRef, isLooping, pauseHandlers };
}
