import type { Page } from 'playwright-core';

export interface IHorizontalOverflow {
  /** document.scrollingElement.scrollWidth: wider than the window means the page pans sideways. */
  documentWidth: number;
  /** How far the frame's scroll area is wider than it shows (it hides the overflow, so this is content cut off). */
  frameOverflow: number;
  /** Elements sticking out of the window, except those inside a smaller scroll or clip box (tool strips, ellipsis text). */
  elements: string[];
}

/**
 * What sticks out sideways on a narrow window. The shell's scroll area hides
 * what is wider than the screen, so a content box that sticks out is measured
 * against the window itself, not excused by that area; unless `frameClips`,
 * where the area counts as a clip box like any other (browsing pages whose
 * strips bleed to the edge on purpose).
 */
export const horizontalOverflow = (
  page: Page,
  { frameClips = false }: { frameClips?: boolean } = {},
): Promise<IHorizontalOverflow> =>
  page.evaluate((frameClips) => {
    const width = window.innerWidth;
    const fits = (rect: DOMRect) => rect.left >= -1 && rect.right <= width + 1;
    // The frame on screen (a page kept alive behind it is not laid out).
    const frame =
      [
        ...document.querySelectorAll<HTMLElement>(
          '.standalone-frame__content, .home-shell__content',
        ),
      ].find((element) => element.getClientRects().length > 0) ?? null;
    const clippedInside = (element: Element): boolean => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (parent === document.body || (!frameClips && parent === frame)) return false;
        if (getComputedStyle(parent).overflowX !== 'visible') {
          return fits(parent.getBoundingClientRect()) || clippedInside(parent);
        }
      }
      return false;
    };
    const elements: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || fits(rect)) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      if (clippedInside(element)) continue;
      const name = `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`;
      elements.push(`${name} ${Math.round(rect.left)}..${Math.round(rect.right)}`);
    }
    return {
      documentWidth: document.scrollingElement?.scrollWidth ?? 0,
      frameOverflow: frame ? frame.scrollWidth - frame.clientWidth : 0,
      elements: elements.slice(0, 10),
    };
  }, frameClips);
