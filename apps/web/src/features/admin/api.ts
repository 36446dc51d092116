import type {
  TAdminReport,
  TAdminUser,
  TAiProviderCheck,
  TAiProviderId,
  TAuditEntry,
  TModerationItem,
  TRejectPreset,
  TReportStatus,
  TRole,
  ZAdminAppeal,
  ZAdminComment,
  ZAdminFeedback,
  ZAdminPost,
  ZAdminSummary,
} from '@layerline/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  callApi,
  type TAnswerData,
  type TCallInput,
  type TJsonEndpoint,
  type TRequestOptions,
} from '../../lib/api';

export type TAdminSummary = z.infer<typeof ZAdminSummary>;
export type TAdminAppeal = z.infer<typeof ZAdminAppeal>;
export type TAdminFeedback = z.infer<typeof ZAdminFeedback>;
export type TAdminPost = z.infer<typeof ZAdminPost>;
export type TAdminComment = z.infer<typeof ZAdminComment>;
export type TFeedbackStatus = TAdminFeedback['status'];
export type TAppealStatus = TAdminAppeal['status'];

export const ADMIN_PAGE_SIZE = 20;

/** Every console query starts with this key: any action refreshes them all. */
const ADMIN_KEY = ['admin'] as const;

/** A failed console list shows its own state. */
const READ: TRequestOptions = { silent: true, redirectOnNotFound: false };
/** Actions toast the server's message when refused. */
const WRITE: TRequestOptions = { redirectOnNotFound: false };

export type TPage<T> = { data: T[]; total: number; counts?: Record<string, number> };

/** The console's paged lists (ADR 0014) and the review queue (a moderation route). */
export type TAdminListEndpoint = Extract<
  TJsonEndpoint,
  | 'moderation.works'
  | 'admin.users'
  | 'admin.reports'
  | 'admin.audit'
  | 'admin.feedback'
  | 'admin.appeals'
  | 'admin.posts'
  | 'admin.comments'
>;

/** One row of a list's page. */
export type TAdminRow<K extends TAdminListEndpoint> =
  TAnswerData<K> extends readonly (infer R)[] ? R : never;

/** A list's query without its page size, which the console sets. */
export type TAdminListQuery<K extends TAdminListEndpoint> = NonNullable<TCallInput<K>['query']>;

async function getPage<K extends TAdminListEndpoint>(
  name: K,
  query: TAdminListQuery<K>,
): Promise<TPage<TAdminRow<K>>> {
  const envelope: { data?: unknown; total?: number; counts?: Record<string, number> } =
    await callApi(name as TAdminListEndpoint, { query } as never, READ);
  // DESIGN 3: a missing list reads as empty and a missing total as the page's length.
  const data = (Array.isArray(envelope.data) ? envelope.data : []) as TAdminRow<K>[];
  return { data, total: envelope.total ?? data.length, counts: envelope.counts };
}

/**
 * A page of one of the console's lists; `query` is part of the key. The page
 * on show stays while the next one of the same list loads, never another
 * list's rows (the content tab switches between posts and comments).
 */
export function useAdminList<K extends TAdminListEndpoint>(name: K, query: TAdminListQuery<K>) {
  // The server words some fields in the reader's language: a switch fetches them again.
  const { i18n } = useTranslation();
  const queryKey = [...ADMIN_KEY, name, query, i18n.language];
  return useQuery({
    queryKey,
    queryFn: () => getPage(name, { pageSize: ADMIN_PAGE_SIZE, ...query }),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[ADMIN_KEY.length] === name ? previous : undefined,
  });
}

/** README "AI providers": which are configured (no network on the server). */
export function useAiProviders() {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'aiProviders'],
    queryFn: async () => (await callApi('admin.aiProviders', {}, READ)).data,
  });
}

/** Asks the server to probe one provider; the answer is shown beside it. */
export async function checkAiProvider(id: TAiProviderId): Promise<TAiProviderCheck> {
  const { data } = await callApi('admin.checkAiProvider', { params: { id } }, { silent: true });
  return data;
}

export function useAdminSummary() {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'summary'],
    queryFn: async () => (await callApi('admin.summary', {}, READ)).data,
  });
}

export function useReviewQueue(page: number) {
  return useAdminList('moderation.works', { status: 'in_review', page });
}

export function useAdminUser(id: number | null) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'user', id],
    enabled: id !== null,
    queryFn: async () => (await callApi('admin.user', { params: { id: id ?? 0 } }, READ)).data,
  });
}

export function useSensitiveWords() {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'words'],
    queryFn: async () => (await callApi('admin.sensitiveWords', {}, READ)).data,
  });
}

/** One console action; on success every console list and count is fetched again. */
function useAdminAction<TInput, TResult>(run: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}

export const useApproveWork = () =>
  useAdminAction((id: number) => callApi('moderation.approve', { params: { id } }, WRITE));

/** A preset reason goes as its code (read in the author's language), with or without a note. */
export type TRejection = { preset?: TRejectPreset; reason: string };

export const useRejectWork = () =>
  useAdminAction(({ id, ...rejection }: { id: number } & TRejection) =>
    callApi('moderation.reject', { params: { id }, body: rejection }, WRITE),
  );

export const useCloseReport = () =>
  useAdminAction(
    ({
      id,
      status,
      reason,
    }: {
      id: number;
      status: Exclude<TReportStatus, 'open'>;
      reason: string;
    }) => callApi('admin.resolveReport', { params: { id }, body: { status, reason } }, WRITE),
  );

export const useFeedbackStatus = () =>
  useAdminAction(({ id, status }: { id: number; status: TFeedbackStatus }) =>
    callApi('admin.setFeedbackStatus', { params: { id }, body: { status } }, WRITE),
  );

export const useDeleteContent = () =>
  useAdminAction(({ kind, id, reason }: { kind: 'post' | 'comment'; id: number; reason: string }) =>
    callApi(
      kind === 'post' ? 'admin.deletePost' : 'admin.deleteComment',
      { params: { id }, query: { reason } },
      WRITE,
    ),
  );

export const useSuspend = () =>
  useAdminAction(
    ({
      id,
      reason,
      days = null,
    }: {
      id: number;
      reason: string | null;
      days?: 1 | 7 | 30 | null;
    }) =>
      reason === null
        ? callApi('admin.unsuspend', { params: { id } }, WRITE)
        : callApi(
            'admin.suspend',
            { params: { id }, body: days ? { reason, days } : { reason } },
            WRITE,
          ),
  );

export const useSetRole = () =>
  useAdminAction(({ id, role }: { id: number; role: TRole }) =>
    callApi('admin.setRole', { params: { id }, body: { role } }, WRITE),
  );

export const useSaveWords = () =>
  useAdminAction((words: string[]) =>
    callApi('admin.setSensitiveWords', { body: { words } }, WRITE),
  );

export type { TAdminReport, TAdminUser, TAuditEntry, TModerationItem };
