import type { TFollowState, TWorkDetail } from '@layerline/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { entityKey, noteAnswers, useEntry, writeEntry } from './entity-cache';

/**
 * A maker as the viewer sees them (SPEC 4: follow, following, mutual; ours:
 * follow back): the follow state and the fan count it moves. A work's
 * author block, the hover card, a profile and a follow notification show the
 * same maker through it.
 */
export type TMakerState = Partial<Pick<TWorkDetail, 'is_follow' | 'follow_state' | 'fans_count'>>;

export const makerMutationKey = (id: number) => entityKey('maker', id);

/** `maker` as it is now: its answer with the entry over it; the same object while there is none. */
export function useMakerState<T extends TMakerState>(id: number, maker: T): T {
  const entry = useEntry<TMakerState>('maker', id);
  return useMemo(() => (entry ? { ...maker, ...entry } : maker), [maker, entry]);
}

/** A follow answered by the server: the new state and fan count, wherever the maker shows. */
export function patchMakerState(queryClient: QueryClient, id: number, patch: TMakerState): void {
  writeEntry<TMakerState>(queryClient, 'maker', id, patch);
}

/** A maker's follow state as an answer asked for at `askedAt` gives it (a detail, a hover card, a profile). */
export function noteMaker(
  queryClient: QueryClient,
  id: number,
  maker: { is_follow: boolean; follow_state: TFollowState; fans_count: number },
  askedAt: number,
): void {
  const { is_follow, follow_state, fans_count } = maker;
  noteAnswers<TMakerState>(
    queryClient,
    'maker',
    [{ id, state: { is_follow, follow_state, fans_count } }],
    askedAt,
    { create: true },
  );
}
