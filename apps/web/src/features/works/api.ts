import { apiPath, type TAppealRequest, type TWorkDetail } from '@layerline/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { keptFiveMinutes } from '../../app/query-client';
import { noteMaker } from '../../entities/makers';
import { noteWorks, removeWork, useIsWorkRemoved } from '../../entities/works';
import { useLocale } from '../../i18n/use-locale';
import { apiClient, blobFilename, callApi } from '../../lib/api';
import { FEED_QUERY_KEY } from '../feed/feed-refresh';
import { workKeys } from './keys';

/** SPEC 7 Works paths this feature calls, from the contract's endpoint table. */
export const WORK_PATHS = {
  list: apiPath('works.list'),
  detail: (id: number | string) => apiPath('works.detail', { id }),
  author: (id: number | string) => apiPath('works.author', { id }),
  download: (id: number | string) => apiPath('works.download', { id }),
  appeal: apiPath('works.appeal'),
} as const;

/** A work id from a route parameter; null when it is not a positive integer. */
export function parseWorkId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * GET works.detail. Silent and without the /404 redirect: the modal
 * says what went wrong itself and closes on a 404 (another user's work that
 * is not published, or a deleted one).
 */
export async function fetchWork(id: number, signal?: AbortSignal): Promise<TWorkDetail> {
  const { data } = await callApi(
    'works.detail',
    { params: { id } },
    {
      signal,
      silent: true,
      redirectOnNotFound: false,
    },
  );
  return data;
}

/**
 * A detail's answer is where a work is acted on: it makes the work's and its
 * author's entries, which its counts and follow state are read from
 * (ADR 0049), and refreshes those of the author's other works.
 */
export function noteWorkDetail(queryClient: QueryClient, work: TWorkDetail, askedAt: number): void {
  noteWorks(queryClient, [work], askedAt, { create: true });
  noteWorks(queryClient, work.userWorks, askedAt);
  noteMaker(queryClient, work.created_by, work, askedAt);
}

export function useWork(id: number | null) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  // Deleted here: its detail was dropped while still shown, and is not asked for again.
  const isRemoved = useIsWorkRemoved(id);
  return useQuery({
    queryKey: workKeys.detail(id ?? 0, locale),
    queryFn: async ({ signal }) => {
      const askedAt = Date.now();
      const work = await fetchWork(id ?? 0, signal);
      noteWorkDetail(queryClient, work, askedAt);
      return work;
    },
    enabled: id !== null && !isRemoved,
    ...keptFiveMinutes,
    // A language switch refetches (names are localised): keep showing the work meanwhile.
    placeholderData: (previous) => (previous?.id === id ? previous : undefined),
  });
}

/** GET works.author: the SPEC 2 hover card, fetched when it first opens. */
export function useAuthorCard(authorId: number, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: workKeys.author(authorId),
    queryFn: async ({ signal }) => {
      const askedAt = Date.now();
      const { data } = await callApi(
        'works.author',
        { params: { id: authorId } },
        { signal, silent: true, redirectOnNotFound: false },
      );
      noteMaker(queryClient, authorId, data, askedAt);
      noteWorks(queryClient, data.userWorks, askedAt);
      return data;
    },
    enabled,
    ...keptFiveMinutes,
  });
}

/** Every list a work can appear in: the works queries and the home feed. */
function refreshWorkLists(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: workKeys.all });
  void queryClient.invalidateQueries({ queryKey: FEED_QUERY_KEY });
}

/** DELETE works.delete (SPEC 6: the owner, after confirmation). */
export function useDeleteWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await callApi('works.delete', { params: { id } }, { redirectOnNotFound: false })).data,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: [...workKeys.all, 'detail', id] });
      // Its cards go from every list at once; the lists' next answers leave it out.
      removeWork(queryClient, id);
      refreshWorkLists(queryClient);
    },
  });
}

/** POST works.appeal; silent, the dialog shows the SPEC 8 appeal-failed text. */
export async function submitAppeal(body: TAppealRequest): Promise<void> {
  await callApi('works.appeal', { body }, { silent: true });
}

export function useSubmitAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitAppeal,
    // The work is back in review (DESIGN 3): cards and the detail show it.
    onSuccess: () => refreshWorkLists(queryClient),
  });
}

export type TDownloadedFile = { blob: Blob; filename: string };

/**
 * GET works.download with the session's token (SPEC 5: login
 * required): `fileIndex` picks one project file (`?file=`), none asks for all
 * of them (a ZIP, or the file itself when the work has one). The name is the
 * server's, from Content-Disposition.
 */
export async function downloadWork(
  id: number,
  fileIndex: number | undefined,
  fallbackName: string,
): Promise<TDownloadedFile> {
  const blob = await apiClient.getBlob(WORK_PATHS.download(id), {
    query: fileIndex === undefined ? {} : { file: fileIndex },
    // A missing file is reported where the click happened, not as the /404 page.
    redirectOnNotFound: false,
  });
  return { blob, filename: blobFilename(blob) ?? fallbackName };
}

/** Hands a downloaded Blob to the browser as a file save, under `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The save has started by now; a later revoke keeps slow browsers safe.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** GET works.list with mine=1: one's own works in every review state. */
export async function fetchMyWorks(page: number, pageSize: number, signal?: AbortSignal) {
  const envelope = await callApi(
    'works.list',
    { query: { mine: '1', page, pageSize } },
    { signal },
  );
  return { data: envelope.data, total: envelope.total ?? envelope.data.length };
}
