import type { TSearchRecord } from '@layerline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../app/feedback';
import { isCancel } from '../../lib/api';
import { deleteSearchRecords, searchKeys } from './api';
import { clearSearchHistory, removeSearchHistory, showSearchHistory } from './history-storage';
import type { TRecentSearch } from './use-search-data';

/** Removes the deleted records from every cached history once the server agreed. */
export function useDeleteSearchRecords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSearchRecords,
    onSuccess: (_msg, ids) => {
      queryClient.setQueriesData<TSearchRecord[]>({ queryKey: searchKeys.histories() }, (old) =>
        ids.length === 0 ? [] : old?.filter((record) => !ids.includes(record.id)),
      );
    },
  });
}

export interface TDeleteRecent {
  /** Deletes one recent search; resolves true when it is gone. */
  deleteOne: (item: TRecentSearch) => Promise<boolean>;
  /** Deletes the whole history; resolves true when it is gone. */
  clearAll: () => Promise<boolean>;
  isDeleting: boolean;
}

/**
 * Deleting recent searches. A logged-in user's go through
 * DELETE /works/delete_search_record (SPEC 7: ids [id], or [] for all) and
 * SPEC 8 shows the server's msg on success, otherwise an error message. A
 * visitor's are removed from local storage with the same texts.
 */
export function useDeleteRecent(isLogin: boolean): TDeleteRecent {
  const { t } = useTranslation('search');
  const { message } = useFeedback();
  const { mutateAsync, isPending } = useDeleteSearchRecords();
  const queryClient = useQueryClient();

  const remove = useCallback(
    async (ids: number[], fallback: string): Promise<boolean> => {
      try {
        const msg = await mutateAsync(ids);
        void message.success(msg || fallback);
        return true;
      } catch (error) {
        // SPEC 8: duplicate or cancelled requests are swallowed silently.
        if (isCancel(error)) return false;
        const text = error instanceof Error && error.message ? error.message : t('deleteFailed');
        void message.error(text);
        return false;
      }
    },
    [message, mutateAsync, t],
  );

  const deleteOne = useCallback(
    async (item: TRecentSearch) => {
      if (isLogin && item.id !== null) return remove([item.id], t('deleted'));
      removeSearchHistory(item.words);
      showSearchHistory(queryClient);
      void message.success(t('deleted'));
      return true;
    },
    [isLogin, message, queryClient, remove, t],
  );

  const clearAll = useCallback(async () => {
    if (isLogin) return remove([], t('cleared'));
    clearSearchHistory();
    showSearchHistory(queryClient);
    void message.success(t('cleared'));
    return true;
  }, [isLogin, message, queryClient, remove, t]);

  return { deleteOne, clearAll, isDeleting: isPending };
}
