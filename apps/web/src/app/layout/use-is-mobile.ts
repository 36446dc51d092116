import { LIMITS } from '@layerline/contract';
import { useSyncExternalStore } from 'react';

/** Below SPEC 9's mobile threshold (780 px): the width of a phone. */
export const isMobileWidth = (width: number): boolean => width < LIMITS.mobileThresholdPx;

// The window's width, read when the page starts and again on every resize.
// Reading innerWidth makes the browser finish any pending layout first, and a
// store's snapshot is read on every render and commit: read there, it forced a
// layout in the middle of each render on a loading page.
let width = window.innerWidth;
const listeners = new Set<() => void>();
window.addEventListener('resize', () => {
  width = window.innerWidth;
  for (const listener of listeners) listener();
});

const subscribe = (onChange: () => void) => {
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
  };
};
const readWidth = () => width;

/**
 * True while the window is narrower than SPEC 9's mobile threshold, for what
 * CSS cannot change alone (a dialog's width given to antd, the creation
 * screens' narrow-window warning); it follows resizes.
 */
export function useIsMobile(): boolean {
  return isMobileWidth(useSyncExternalStore(subscribe, readWidth, () => Number.POSITIVE_INFINITY));
}
