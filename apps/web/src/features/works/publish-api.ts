import {
  apiPath,
  type TCreateWorkRequest,
  type TLocale,
  type TUploadKind,
  type TUploadResult,
  type TWorkDetail,
} from '@layerline/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { keptFiveMinutes } from '../../app/query-client';
import { useLocale } from '../../i18n/use-locale';
import { apiClient, callApi, type TUploadProgress } from '../../lib/api';
import { refreshHomeFeed } from '../feed/feed-refresh';
import { workKeys } from './keys';

/** SPEC 7 paths the publish screen calls (catalog paths spelled as SPEC spells them). */
export const PUBLISH_PATHS = {
  create: apiPath('works.create'),
  update: apiPath('works.update'),
  detail: (id: number) => apiPath('works.detail', { id }),
  upload: apiPath('files.upload'),
  machineGroups: apiPath('catalog.machineGroups'),
  materials: apiPath('catalog.materials'),
  categories: apiPath('catalog.categories'),
} as const;

/** Catalog names come back in the request's language, so the locale is part of each key. */
export const publishKeys = {
  all: ['publish'] as const,
  work: (id: number) => [...publishKeys.all, 'work', id] as const,
  machineGroups: (locale: TLocale) => [...publishKeys.all, 'machineGroups', locale] as const,
  materials: (locale: TLocale) => [...publishKeys.all, 'materials', locale] as const,
  categories: (locale: TLocale) => [...publishKeys.all, 'categories', locale] as const,
};

export type TUploadCallOptions = {
  onProgress?: (progress: TUploadProgress) => void;
  signal?: AbortSignal;
};

/**
 * POST one file with its `kind` (cover, design, instruction); the server
 * checks type and size again by content. Silent: the form shows the failure
 * beside the file instead of a toast.
 */
export async function uploadWorkFile(
  kind: TUploadKind,
  file: File,
  { onProgress, signal }: TUploadCallOptions = {},
): Promise<TUploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { data } = await apiClient.upload<TUploadResult>(PUBLISH_PATHS.upload, form, {
    query: { kind },
    onProgress,
    signal,
    silent: true,
  });
  return data;
}

/**
 * GET the work to edit, without the global jump to /404: the screen shows its own error state.
 */
export async function fetchWorkForEdit(id: number, signal?: AbortSignal): Promise<TWorkDetail> {
  const { data } = await callApi(
    'works.detail',
    { params: { id } },
    { signal, silent: true, redirectOnNotFound: false },
  );
  return data;
}

export function useWorkForEdit(id: number | null) {
  return useQuery({
    queryKey: publishKeys.work(id ?? 0),
    queryFn: ({ signal }) => fetchWorkForEdit(id ?? 0, signal),
    enabled: id !== null,
    retry: false,
    // Always the newest saved state when the editor opens again.
    gcTime: 0,
  });
}

const listOf = <T>(data: T[] | null | undefined): T[] => (Array.isArray(data) ? data : []);

export function useMachineGroups() {
  const locale = useLocale();
  return useQuery({
    queryKey: publishKeys.machineGroups(locale),
    queryFn: async ({ signal }) =>
      listOf((await callApi('catalog.machineGroups', {}, { signal })).data),
    ...keptFiveMinutes,
  });
}

export function useMaterials() {
  const locale = useLocale();
  return useQuery({
    queryKey: publishKeys.materials(locale),
    queryFn: async ({ signal }) =>
      listOf((await callApi('catalog.materials', {}, { signal })).data),
    ...keptFiveMinutes,
  });
}

/** The whole category tree: a work may belong to a parent or to one of its children. */
export function useCategoryTree() {
  const locale = useLocale();
  return useQuery({
    queryKey: publishKeys.categories(locale),
    queryFn: async ({ signal }) =>
      listOf((await callApi('catalog.categories', {}, { signal })).data),
    ...keptFiveMinutes,
  });
}

export type TSaveWork = { payload: TCreateWorkRequest; id: number | null };

/**
 * POST create or PUT update (the whole form with its `id`). Silent: the
 * form shows every refusal itself, including the words of a 406.
 */
export function useSaveWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ payload, id }: TSaveWork) => {
      const envelope =
        id === null
          ? await callApi('works.create', { body: payload }, { silent: true })
          : await callApi(
              'works.update',
              { body: { ...payload, id } },
              { silent: true, redirectOnNotFound: false },
            );
      return envelope.data;
    },
    onSuccess: (work) => {
      queryClient.removeQueries({ queryKey: publishKeys.work(work.id) });
      // The maker must find the new or changed work on Discover and in their
      // lists: the feed (kept alive behind this page) starts over from fresh
      // pages, and the feed and works queries are dropped. A deletion does the same (useDeleteWork).
      refreshHomeFeed(queryClient);
      void queryClient.invalidateQueries({ queryKey: workKeys.all });
    },
  });
}
