import { LIMITS } from '@layerline/contract';
import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/** Below SPEC 9's mobile threshold (780 px): the width of a phone. */
export const isMobileWidth = (width: number): boolean => width < LIMITS.mobileThresholdPx;

const readIsMobile = () => isMobileWidth(window.innerWidth);

/**
 * True while the window is narrower than SPEC 9's mobile threshold, for what
 * CSS cannot change alone (a dialog's width given to antd); it follows resizes.
 */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, readIsMobile, () => false);
}
