import type {
  TAdminReport,
  TAdminUser,
  TAdminUserDetail,
  TAuditEntry,
  TModerationItem,
  TRejectPreset,
  TReportStatus,
  TRole,
  TSensitiveWords,
  ZAdminAppeal,
  ZAdminComment,
  ZAdminFeedback,
  ZAdminPost,
  ZAdminSummary,
} from '@layerline/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient, type TQuery, type TRequestOptions } from '../../lib/api';

export type TAdminSummary = z.infer<typeof ZAdminSummary>;
export type TAdminAppeal = z.infer<typeof ZAdminAppeal>;
export type TAdminFeedback = z.infer<typeof ZAdminFeedback>;
export type TAdminPost = z.infer<typeof ZAdminPost>;
export type TAdminComment = z.infer<typeof ZAdminComment>;
export type TFeedbackStatus = TAdminFeedback['status'];
export type TAppealStatus = TAdminAppeal['status'];

/** The console's API (ADR 0014) and the review queue (moderation routes). */
export const ADMIN_PATHS = {
  summary: '/api/v1/admin/summary',
  review: '/api/v1/moderation/works',
  approve: (id: number) => `/api/v1/moderation/works/${id}/approve`,
  reject: (id: number) => `/api/v1/moderation/works/${id}/reject`,
  appeals: '/api/v1/admin/appeals',
  reports: '/api/v1/admin/reports',
  report: (id: number) => `/api/v1/admin/reports/${id}`,
  feedback: '/api/v1/admin/feedback',
  feedbackItem: (id: number) => `/api/v1/admin/feedback/${id}`,
  posts: '/api/v1/admin/posts',
  post: (id: number) => `/api/v1/admin/posts/${id}`,
  comments: '/api/v1/admin/comments',
  comment: (id: number) => `/api/v1/admin/comments/${id}`,
  users: '/api/v1/admin/users',
  user: (id: number) => `/api/v1/admin/users/${id}`,
  role: (id: number) => `/api/v1/admin/users/${id}/role`,
  suspend: (id: number) => `/api/v1/admin/users/${id}/suspend`,
  unsuspend: (id: number) => `/api/v1/admin/users/${id}/unsuspend`,
  words: '/api/v1/admin/sensitive-words',
  audit: '/api/v1/admin/audit',
} as const;

export const ADMIN_PAGE_SIZE = 20;

/** Every console query starts with this key: any action refreshes them all. */
const ADMIN_KEY = ['admin'] as const;

/** Console data is never cached by the client; a failed list shows its own state. */
const READ: TRequestOptions = { cache: false, silent: true, redirectOnNotFound: false };
/** Actions toast the server's message when refused. */
const WRITE: TRequestOptions = { redirectOnNotFound: false };

export type TPage<T> = { data: T[]; total: number; counts?: Record<string, number> };

async function getPage<T>(path: string, query: TQuery): Promise<TPage<T>> {
  const envelope = await apiClient.get<T[] | null>(path, { ...READ, query });
  const data = Array.isArray(envelope.data) ? envelope.data : [];
  const counts = (envelope as { counts?: Record<string, number> }).counts;
  return { data, total: envelope.total ?? data.length, counts };
}

/**
 * A page of one of the console's lists; `query` is part of the key. The page
 * on show stays while the next one of the same list loads, never another
 * list's rows (the content tab switches between posts and comments).
 */
export function useAdminList<T>(name: string, path: string, query: TQuery) {
  const queryKey = [...ADMIN_KEY, name, query];
  return useQuery({
    queryKey,
    queryFn: () => getPage<T>(path, { pageSize: ADMIN_PAGE_SIZE, ...query }),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[ADMIN_KEY.length] === name ? previous : undefined,
  });
}

export function useAdminSummary() {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'summary'],
    queryFn: async () => (await apiClient.get<TAdminSummary>(ADMIN_PATHS.summary, READ)).data,
  });
}

export function useReviewQueue(page: number) {
  return useAdminList<TModerationItem>('review', ADMIN_PATHS.review, {
    status: 'in_review',
    page,
  });
}

export function useAdminUser(id: number | null) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'user', id],
    enabled: id !== null,
    queryFn: async () =>
      (await apiClient.get<TAdminUserDetail>(ADMIN_PATHS.user(id ?? 0), READ)).data,
  });
}

export function useSensitiveWords() {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'words'],
    queryFn: async () => (await apiClient.get<TSensitiveWords>(ADMIN_PATHS.words, READ)).data,
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
  useAdminAction((id: number) => apiClient.post(ADMIN_PATHS.approve(id), undefined, WRITE));

/** A preset reason goes as its code (read in the author's language), with or without a note. */
export type TRejection = { preset?: TRejectPreset; reason: string };

export const useRejectWork = () =>
  useAdminAction(({ id, ...rejection }: { id: number } & TRejection) =>
    apiClient.post(ADMIN_PATHS.reject(id), rejection, WRITE),
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
    }) => apiClient.put<TAdminReport>(ADMIN_PATHS.report(id), { status, reason }, WRITE),
  );

export const useFeedbackStatus = () =>
  useAdminAction(({ id, status }: { id: number; status: TFeedbackStatus }) =>
    apiClient.put(ADMIN_PATHS.feedbackItem(id), { status }, WRITE),
  );

export const useDeleteContent = () =>
  useAdminAction(({ kind, id, reason }: { kind: 'post' | 'comment'; id: number; reason: string }) =>
    apiClient.del(kind === 'post' ? ADMIN_PATHS.post(id) : ADMIN_PATHS.comment(id), {
      ...WRITE,
      query: { reason },
    }),
  );

export const useSuspend = () =>
  useAdminAction(({ id, reason }: { id: number; reason: string | null }) =>
    reason === null
      ? apiClient.post<TAdminUser>(ADMIN_PATHS.unsuspend(id), undefined, WRITE)
      : apiClient.post<TAdminUser>(ADMIN_PATHS.suspend(id), { reason }, WRITE),
  );

export const useSetRole = () =>
  useAdminAction(({ id, role }: { id: number; role: TRole }) =>
    apiClient.put<TAdminUser>(ADMIN_PATHS.role(id), { role }, WRITE),
  );

export const useSaveWords = () =>
  useAdminAction((words: string[]) =>
    apiClient.put<TSensitiveWords>(ADMIN_PATHS.words, { words }, WRITE),
  );

export type { TAdminReport, TAdminUser, TAuditEntry, TModerationItem };
