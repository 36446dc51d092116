import { startTransition, useEffect, useState } from 'react';

/** Cards the grid commits at once: more than a phone's first screen shows (four). */
export const RENDER_BATCH = 8;

/**
 * How many of `total` cards to render: a batch at first, one more batch each
 * frame after, until all are there. A feed page is 50 cards; committing them
 * in one piece was the longest task of the home's start on a slow phone
 * (docs/PERFORMANCE.md, "Web first load"). A shorter list (a new search, a
 * refresh) starts again from one batch.
 */
export function useProgressiveCount(total: number, batch = RENDER_BATCH): number {
  const [count, setCount] = useState(() => Math.min(total, batch));
  if (total < count) setCount(total);
  const shown = Math.max(Math.min(count, total), Math.min(total, batch));

  useEffect(() => {
    if (shown >= total) return;
    const frame = requestAnimationFrame(() =>
      startTransition(() => setCount(Math.min(total, shown + batch))),
    );
    return () => cancelAnimationFrame(frame);
  }, [shown, total, batch]);

  return shown;
}
