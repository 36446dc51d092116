/** SPEC 4 Social actions: follow and like are debounced by 500 ms. */
export const SOCIAL_DEBOUNCE_MS = 500;

/**
 * Debounced on the leading edge, like the download guard: the first click acts
 * at once, and a click within `waitMs` of the previous click (acted on or not)
 * is dropped, so a double click sends one request.
 */
export function createLeadingDebounce(
  waitMs = SOCIAL_DEBOUNCE_MS,
  now: () => number = () => Date.now(),
) {
  let lastClickAt = Number.NEGATIVE_INFINITY;
  return {
    /** True when this click may act. */
    pass(): boolean {
      const at = now();
      const isBounce = at - lastClickAt < waitMs;
      lastClickAt = at;
      return !isBounce;
    },
  };
}
