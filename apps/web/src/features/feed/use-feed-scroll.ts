import { LIMITS } from '@layerline/contract';
import { type RefObject, useEffect, useRef } from 'react';
import { HOME_SESSION_KEYS, readSessionNumber, writeSessionNumber } from './home-session';
import { isNearBottom, listenToScroll, scrollAreaOf, type TScrollArea } from './infinite-scroll';
import type { THomeFeed } from './use-home-feed';

/** The feed's scroll area once it is mounted. */
const scrollArea = (node: HTMLElement | null): TScrollArea | null =>
  node ? scrollAreaOf(node) : null;

/** Brings the top of the works section back under the sticky category bar, if scrolled past it. */
function scrollToList(area: TScrollArea, root: HTMLElement, section: HTMLElement) {
  const areaTop = area.events === window ? 0 : area.element.getBoundingClientRect().top;
  const offset = section.getBoundingClientRect().top - areaTop;
  const bar = root.querySelector<HTMLElement>('.category-bar')?.getBoundingClientRect().height ?? 0;
  if (offset >= bar) return;
  area.element.scrollTop = Math.max(0, area.element.scrollTop + offset - bar);
}

/** The position to put back after a reload (SPEC 3), if home was left less than 5 minutes before. */
export function storedScrollTop(): number | null {
  const leftAt = readSessionNumber(HOME_SESSION_KEYS.lastLeaveTime);
  const top = readSessionNumber(HOME_SESSION_KEYS.scrollTop);
  const isRecent = leftAt !== null && Date.now() - leftAt <= LIMITS.feedCacheReactivatedMs;
  return isRecent && top !== null && top > 0 ? top : null;
}

/**
 * Scrolling of the home feed:
 * - SPEC 4: the next page loads within 50 px of the bottom, the handler
 *   throttled at 150 ms; scrolls of other pages sharing the content area
 *   while home is hidden are ignored.
 * - SPEC 3: the position is kept in homePageScrollTop and put back when home
 *   is shown again, or after a reload when the page was left less than
 *   5 minutes before (the first page then loads and the position is
 *   restored as far as it reaches).
 * - A list that starts over moves back to its top (the logo's refresh and an
 *   expired list to the page's top).
 */
export function useFeedScroll(
  rootRef: RefObject<HTMLElement | null>,
  sectionRef: RefObject<HTMLElement | null>,
  { view, controller, isActive }: THomeFeed,
  /**
   * Whether every card of the list is rendered (use-progressive-count.ts); a
   * restore and the next page wait for it.
   */
  isRendered = true,
  /** The position to put back after a reload, read once by the page (`storedScrollTop`). */
  storedTop: number | null = null,
): void {
  const isActiveRef = useRef(isActive);
  const pendingTop = useRef(false);
  const pendingRestore = useRef<number | null>(storedTop);

  useEffect(() => {
    isActiveRef.current = isActive;
  }, [isActive]);

  // The next page waits until every card of the list is rendered: near the
  // bottom of a list still being rendered, its next cards come first. When
  // the last of them arrive while the visitor is already at the bottom, no
  // scroll is left to tell (the area cannot scroll further), so their
  // arrival asks for the next page itself.
  const isRenderedRef = useRef(isRendered);
  useEffect(() => {
    const wasRendered = isRenderedRef.current;
    isRenderedRef.current = isRendered;
    const area = scrollArea(rootRef.current);
    if (wasRendered || !isRendered || !area || !isActiveRef.current) return;
    if (area.element.scrollTop > 0 && isNearBottom(area.element)) controller.loadMore();
  }, [isRendered, controller, rootRef]);

  useEffect(() => {
    const area = scrollArea(rootRef.current);
    if (!area) return;
    return listenToScroll(area, () => {
      if (!isActiveRef.current) return;
      writeSessionNumber(HOME_SESSION_KEYS.scrollTop, area.element.scrollTop);
      if (isRenderedRef.current && isNearBottom(area.element)) controller.loadMore();
    });
  }, [controller, rootRef]);

  const hasFirstPage = view.status !== 'loading' && view.page > 0 && isRendered;
  useEffect(() => {
    const top = pendingRestore.current;
    if (!hasFirstPage || top === null) return;
    pendingRestore.current = null;
    const area = scrollArea(rootRef.current);
    if (area && isActiveRef.current) area.element.scrollTop = top;
  }, [hasFirstPage, rootRef]);

  const seenGeneration = useRef(view.generation);
  useEffect(() => {
    const previous = seenGeneration.current;
    seenGeneration.current = view.generation;
    if (view.generation === previous || previous === 0) return;
    // A new search, a refresh or a new user is a different list: no old position applies.
    if (view.resetReason !== 'change') pendingRestore.current = null;
    // The content area belongs to another page while home is hidden: move on return.
    if (!isActiveRef.current) {
      pendingTop.current = true;
      return;
    }
    const area = scrollArea(rootRef.current);
    const root = rootRef.current;
    const section = sectionRef.current;
    if (!area || !root) return;
    if (view.resetReason === 'refresh' || view.resetReason === 'expired') {
      area.element.scrollTop = 0;
    } else if (section) {
      scrollToList(area, root, section);
    }
  }, [view.generation, view.resetReason, rootRef, sectionRef]);

  // Passive, so it runs after the shell's own (in-memory) restore and wins when the list changed.
  const wasActive = useRef(isActive);
  useEffect(() => {
    if (wasActive.current === isActive) return;
    wasActive.current = isActive;
    const area = scrollArea(rootRef.current);
    if (!isActive || !area) return;
    if (pendingTop.current) {
      pendingTop.current = false;
      area.element.scrollTop = 0;
      return;
    }
    const top = readSessionNumber(HOME_SESSION_KEYS.scrollTop);
    if (top !== null) area.element.scrollTop = top;
  }, [isActive, rootRef]);
}
