import type { TWorkDetail } from '@layerline/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { entityKey, noteAnswers, readEntry, useEntry, writeEntry } from './entity-cache';

/**
 * What changes on a work while it is shown (SPEC 4 Social actions, SPEC 5
 * downloads, comments): its counts and the viewer's like and collect.
 * `removed`: its owner deleted it, and every card of it goes.
 */
export type TWorkState = Partial<
  Pick<TWorkDetail, 'like' | 'is_like' | 'favor' | 'is_favor' | 'comment_count' | 'download_count'>
> & { removed?: boolean };

const WORK_FIELDS = [
  'like',
  'is_like',
  'favor',
  'is_favor',
  'comment_count',
  'download_count',
] as const;

/** The mutations of one work share its key, so an answer asked meanwhile leaves its entry alone. */
export const workMutationKey = (id: number) => entityKey('work', id);

/** The state fields an answer carries (a card has no `is_favor`). */
export function workStateOf(work: Partial<TWorkDetail>): TWorkState {
  const state: Record<string, unknown> = {};
  for (const field of WORK_FIELDS) {
    const value = work[field];
    if (value !== undefined) state[field] = value;
  }
  return state as TWorkState;
}

/** Counts never go below 0 (SPEC 4). */
function counted(state: TWorkState): TWorkState {
  const next = { ...state };
  for (const field of ['like', 'favor', 'comment_count', 'download_count'] as const) {
    const value = next[field];
    if (value !== undefined) next[field] = Math.max(0, value);
  }
  return next;
}

/**
 * `work` as it is now: its answer with the entry's newer state over it; the
 * same object while there is no entry. Every card and detail reads a work
 * through this.
 */
export function useWorkState<T extends Partial<TWorkDetail> & { id: number }>(
  work: T,
): T & { removed?: boolean };
export function useWorkState<T extends Partial<TWorkDetail> & { id: number }>(
  work: T | undefined,
): (T & { removed?: boolean }) | undefined;
export function useWorkState<T extends Partial<TWorkDetail> & { id: number }>(
  work: T | undefined,
): (T & { removed?: boolean }) | undefined {
  const entry = useEntry<TWorkState>('work', work?.id ?? null);
  return useMemo(() => (work && entry ? { ...work, ...entry } : work), [work, entry]);
}

/** Whether the work's owner deleted it in this page (its entry says so). */
export function useIsWorkRemoved(id: number | null): boolean {
  return useEntry<TWorkState>('work', id)?.removed === true;
}

export function readWorkState(queryClient: QueryClient, id: number): TWorkState | undefined {
  return readEntry<TWorkState>(queryClient, 'work', id);
}

/** A change to one work (a like, a collect, a comment, a download), shown wherever it is. */
export function patchWorkState(queryClient: QueryClient, id: number, patch: TWorkState): void {
  writeEntry<TWorkState>(queryClient, 'work', id, counted(patch));
}

/** A deleted work leaves every list and detail that shows it. */
export function removeWork(queryClient: QueryClient, id: number): void {
  writeEntry<TWorkState>(queryClient, 'work', id, { removed: true });
}

/**
 * Works an answer asked for at `askedAt` shows (a page of cards, a
 * detail's own and its author's other works). `create`: the answer is a
 * detail, where a work's state is acted on.
 */
export function noteWorks(
  queryClient: QueryClient,
  works: readonly (Partial<TWorkDetail> & { id: number })[],
  askedAt: number,
  options?: { create?: boolean },
): void {
  noteAnswers<TWorkState>(
    queryClient,
    'work',
    works.map((work) => ({ id: work.id, state: workStateOf(work) })),
    askedAt,
    options,
  );
}
