/**
 * The user-timing mark of the home's first row of work cards in the page
 * (`performance.mark`), once per page load: `npm run bench:web` reports it
 * from Lighthouse's user timings, beside the LCP, because the carousel image
 * Lighthouse times paints before the page's real content (docs/PERFORMANCE.md,
 * "Every landing page measured").
 */
export const FIRST_CARDS_MARK = 'first-cards';

/** Sets the mark unless the page already has it. */
export function markFirstCards(): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  if (performance.getEntriesByName(FIRST_CARDS_MARK, 'mark').length > 0) return;
  performance.mark(FIRST_CARDS_MARK);
}
