import type { TWorkCard } from '@layerline/contract';
import { useEffect, useRef } from 'react';

/**
 * New counts of one work after a like, collect or download in its detail
 * (SPEC 4 Social actions, SPEC 5 downloads are counted). Values are absolute
 * (the server's answer, or the optimistic collect count), so applying one
 * twice changes nothing.
 */
export type TWorkCounts = { id: number } & Partial<
  Pick<TWorkCard, 'like' | 'is_like' | 'favor' | 'download_count'>
>;

export const WORK_COUNTS_EVENT = 'layerline:work-counts';

/** Tells every mounted list of cards (home feed, collection works, profile tabs). */
export function publishWorkCounts(counts: TWorkCounts): void {
  window.dispatchEvent(new CustomEvent<TWorkCounts>(WORK_COUNTS_EVENT, { detail: counts }));
}

/** The card with the new counts; the same object when it is another work or nothing changed. */
export function applyWorkCounts<T extends TWorkCard>(card: T, counts: TWorkCounts): T {
  if (card.id !== counts.id) return card;
  const next = { ...card };
  if (counts.like !== undefined) next.like = Math.max(0, counts.like);
  if (counts.is_like !== undefined) next.is_like = counts.is_like;
  if (counts.favor !== undefined) next.favor = Math.max(0, counts.favor);
  if (counts.download_count !== undefined) {
    next.download_count = Math.max(0, counts.download_count);
  }
  const changed =
    next.like !== card.like ||
    next.is_like !== card.is_like ||
    next.favor !== card.favor ||
    next.download_count !== card.download_count;
  return changed ? next : card;
}

/** Cards with one work's new counts; the same array when none changed. */
export function applyWorkCountsToList<T extends TWorkCard>(
  cards: readonly T[],
  counts: TWorkCounts,
) {
  let changed = false;
  const next = cards.map((card) => {
    const patched = applyWorkCounts(card, counts);
    if (patched !== card) changed = true;
    return patched;
  });
  return changed ? next : cards;
}

export function useWorkCountsUpdated(onUpdated: (counts: TWorkCounts) => void): void {
  // The latest handler, so a caller need not memoise it.
  const handler = useRef(onUpdated);
  handler.current = onUpdated;
  useEffect(() => {
    const listener = (event: Event) => {
      const counts = (event as CustomEvent<unknown>).detail;
      if (counts && typeof counts === 'object' && typeof (counts as TWorkCounts).id === 'number') {
        handler.current(counts as TWorkCounts);
      }
    };
    window.addEventListener(WORK_COUNTS_EVENT, listener);
    return () => window.removeEventListener(WORK_COUNTS_EVENT, listener);
  }, []);
}
