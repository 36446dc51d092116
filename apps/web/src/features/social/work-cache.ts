import type { TAuthorCard, TWorkDetail } from '@layerline/contract';
import type { QueryClient } from '@tanstack/react-query';
import { workKeys } from '../works/api';

/** Work details are cached per language: every cached copy of `workId` gets the patch. */
export function patchWork(
  queryClient: QueryClient,
  workId: number,
  patch: (work: TWorkDetail) => Partial<TWorkDetail>,
): void {
  queryClient.setQueriesData<TWorkDetail>(
    { queryKey: [...workKeys.all, 'detail', workId] },
    (work) => (work ? { ...work, ...patch(work) } : work),
  );
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
}
