import { useRef } from 'react';
import { isSameFile } from './job-state';

/**
 * The address a preview loaded its file from, kept while later answers sign
 * the same file anew (ADR 0051): a 3D view, a vector or a picture already
 * shown is not fetched again every time its job is re-read; another file
 * takes the new address.
 */
export function useStableAddress(url: string): string {
  const kept = useRef(url);
  if (!isSameFile(kept.current, url)) kept.current = url;
  return kept.current;
}
