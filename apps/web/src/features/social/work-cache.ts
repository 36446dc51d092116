import type { TAuthorCard, TWorkDetail } from '@layerline/contract';
import type { QueryClient } from '@tanstack/react-query';
import { workKeys } from '../works/keys';

/**
 * A fetch of `queryKey` still in flight when a change was answered started
 * before it, and its answer would put the old state back over the patch (the
 * hover card opened just before a follow, a detail loading in the other
 * language): those are asked again, after the change.
 */
function refetchInFlight(queryClient: QueryClient, queryKey: readonly unknown[]): void {
  const filters = { queryKey, fetchStatus: 'fetching' } as const;
  const inFlight = queryClient
    .getQueryCache()
    .findAll(filters)
    .map((query) => query.queryKey);
  if (inFlight.length === 0) return;
  // A first fetch is joined, not restarted, by a refetch: cancel it first.
  void queryClient
    .cancelQueries(filters)
    .then(() =>
      Promise.all(
        inFlight.map((key) => queryClient.refetchQueries({ queryKey: key, exact: true })),
      ),
    );
}

/** Work details are cached per language: every cached copy of `workId` gets the patch. */
export function patchWork(
  queryClient: QueryClient,
  workId: number,
  patch: (work: TWorkDetail) => Partial<TWorkDetail>,
): void {
  const queryKey = [...workKeys.all, 'detail', workId];
  queryClient.setQueriesData<TWorkDetail>({ queryKey }, (work) =>
    work ? { ...work, ...patch(work) } : work,
  );
  refetchInFlight(queryClient, queryKey);
}

/** The cached works whose `workId` copies exist, for undoing an optimistic patch. */
export function readWork(queryClient: QueryClient, workId: number): TWorkDetail | undefined {
  const [first] = queryClient.getQueriesData<TWorkDetail>({
    queryKey: [...workKeys.all, 'detail', workId],
  });
  return first?.[1];
}

type TAuthorPatch = Partial<Pick<TAuthorCard, 'is_follow' | 'follow_state' | 'fans_count'>>;

/** A user's follow state and counts, in every cached work of theirs and their author card. */
export function patchAuthor(queryClient: QueryClient, authorId: number, patch: TAuthorPatch): void {
  queryClient.setQueriesData<TWorkDetail>({ queryKey: [...workKeys.all, 'detail'] }, (work) =>
    work && work.created_by === authorId ? { ...work, ...patch } : work,
  );
  queryClient.setQueryData<TAuthorCard>(workKeys.author(authorId), (card) =>
    card ? { ...card, ...patch } : card,
  );
  refetchInFlight(queryClient, [...workKeys.all, 'detail']);
  refetchInFlight(queryClient, workKeys.author(authorId));
}
