import { LIMITS } from '@layerline/contract';
import { useCallback, useEffect, useRef, useState } from 'react';

/** SPEC 4, SPEC 9: a new or linked comment or reply is highlighted for 3000 ms. */
export function useHighlight(durationMs: number = LIMITS.highlightMs) {
  const [highlightedId, setHighlightedId] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const highlight = useCallback(
    (id: number) => {
      clearTimeout(timer.current);
      setHighlightedId(id);
      timer.current = setTimeout(() => setHighlightedId(null), durationMs);
    },
    [durationMs],
  );

  useEffect(() => () => clearTimeout(timer.current), []);
  return { highlightedId, highlight };
}
