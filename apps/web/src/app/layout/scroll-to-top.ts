/**
 * Scrolls an element to the top over exactly `durationMs` (SPEC 9: 300ms);
 * the browser's smooth scrolling has no duration control.
 */
export function scrollToTop(element: HTMLElement, durationMs: number): Promise<void> {
  const start = element.scrollTop;
  if (start <= 0) return Promise.resolve();
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  if (reduceMotion || durationMs <= 0) {
    element.scrollTop = 0;
    return Promise.resolve();
  }
  const begin = performance.now();
  const easeInOut = (p: number) => (p < 0.5 ? 2 * p * p : 1 - (-2 * p + 2) ** 2 / 2);
  return new Promise((resolve) => {
    const step = (now: number) => {
      const progress = Math.min(1, (now - begin) / durationMs);
      element.scrollTop = Math.round(start * (1 - easeInOut(progress)));
      if (progress < 1) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
}
