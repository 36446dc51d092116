import { LIMITS, type TPost } from '@layerline/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSessionStore } from '../../stores/session.store';
import { fetchMyWorks } from '../works/api';
import { communityKeys } from './api';

export type TWorkOption = { value: number; label: string; cover: string };

/**
 * The works a post may link to: the maker's published ones (ADR 0013; the
 * server refuses others), from their works list, newest first, at most one
 * page of 100. Asked for only once the picker is opened. The work a post
 * already links to stays offered while editing.
 */
export function useMyPublishedWorks(isWanted: boolean, linked: TPost['work'] = null) {
  const viewer = useSessionStore((state) => state.user.userId);
  const isLogin = useSessionStore((state) => state.isLogin);
  const query = useQuery({
    queryKey: communityKeys.myWorks(viewer),
    queryFn: ({ signal }) => fetchMyWorks(1, LIMITS.maxPageSize, signal),
    enabled: isWanted && isLogin,
    staleTime: 60_000,
    retry: false,
  });
  const options = useMemo<TWorkOption[]>(() => {
    const works = (query.data?.data ?? [])
      .filter((work) => work.status === 'published')
      .map((work) => ({ value: work.id, label: work.title, cover: work.cover[0] ?? '' }));
    if (linked && !works.some((work) => work.value === linked.id)) {
      works.unshift({ value: linked.id, label: linked.title, cover: linked.cover });
    }
    return works;
  }, [query.data, linked]);
  return { options, isLoading: query.isLoading, isError: query.isError };
}
