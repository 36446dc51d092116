import {
  apiPath,
  type TAiFeature,
  type TAiJob,
  type TAiJobKind,
  type TPointsSummary,
  type TPointsTaskState,
} from '@layerline/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale } from '../../i18n/use-locale';
import { apiClient, callApi, type TAnswerData, type TUploadProgress } from '../../lib/api';
import { useSessionStore } from '../../stores/session.store';
import { FRESH_ADDRESSES_MS } from './job-state';

/** The AI and points API (ours, ADR 0011 and 0012), from the contract's endpoint table. */

export const aiKeys = {
  all: ['ai'] as const,
  features: () => [...aiKeys.all, 'features'] as const,
  points: (userId: string) => [...aiKeys.all, 'points', userId] as const,
  tasks: (userId: string) => [...aiKeys.all, 'tasks', userId] as const,
  records: (userId: string, page: number) => [...aiKeys.all, 'records', userId, page] as const,
  recordsOf: (userId: string) => [...aiKeys.all, 'records', userId] as const,
};

/** Every call here shows its failure where it happened, so none toasts. */
const QUIET = { silent: true } as const;

export async function fetchFeatures(): Promise<TAiFeature[]> {
  const { data } = await callApi('ai.features', {}, QUIET);
  return data;
}

export async function createJob(
  kind: TAiJobKind,
  params: Record<string, unknown>,
): Promise<TAiJob> {
  const { data } = await callApi('ai.create', { body: { kind, params } }, { silent: true });
  return data;
}

export async function fetchJob(id: number, signal?: AbortSignal): Promise<TAiJob> {
  const { data } = await callApi(
    'ai.get',
    { params: { id } },
    { ...QUIET, signal, redirectOnNotFound: false },
  );
  return data;
}

export async function fetchJobs(page: number, size: number) {
  const { data, total } = await callApi('ai.list', { query: { page, size } }, QUIET);
  return { data, total: total ?? data.length };
}

export async function cancelJob(id: number): Promise<TAiJob> {
  const { data } = await callApi('ai.cancel', { params: { id } }, { silent: true });
  return data;
}

export async function deleteJob(id: number): Promise<void> {
  await callApi('ai.delete', { params: { id } }, { silent: true, redirectOnNotFound: false });
}

/** The live progress stream of one job (SPEC 4); EventSource adds `token` and `locale`. */
export function jobEventsPath(id: number): string {
  return apiPath('ai.events', { id });
}

/** SPEC 5: the AI source picture, one image up to 10 MB; the server checks it again. */
export async function uploadAiImage(
  file: Blob,
  filename: string,
  options: { onProgress?: (progress: TUploadProgress) => void; signal?: AbortSignal } = {},
): Promise<TAnswerData<'files.upload'>> {
  const form = new FormData();
  form.append('file', file, filename);
  const { data } = await apiClient.upload<TAnswerData<'files.upload'>>(
    apiPath('files.upload'),
    form,
    { query: { kind: 'ai' }, silent: true, ...options },
  );
  return data;
}

export async function fetchPoints(): Promise<TPointsSummary> {
  const { data } = await callApi('points.summary', {}, QUIET);
  return data;
}

export async function fetchTasks(): Promise<TPointsTaskState[]> {
  const { data } = await callApi('points.tasks', {}, QUIET);
  return data;
}

export async function claimSignin(): Promise<TAnswerData<'points.signin'>> {
  const { data } = await callApi('points.signin', {}, { silent: true });
  return data;
}

/** Costs and availability (open to visitors: SPEC 2 lets them use the page). */
export function useAiFeatures() {
  const locale = useLocale();
  return useQuery({
    queryKey: [...aiKeys.features(), locale],
    queryFn: fetchFeatures,
    staleTime: 60_000,
  });
}

/** The live balance; the session's `points` follows it so the header agrees. */
export function usePoints() {
  const userId = useSessionStore((state) => state.user.userId);
  const isLogin = useSessionStore((state) => state.isLogin);
  return useQuery({
    queryKey: aiKeys.points(userId),
    queryFn: async () => {
      const summary = await fetchPoints();
      useSessionStore.getState().setProfile({ points: summary.balance });
      return summary;
    },
    enabled: isLogin,
  });
}

export function useTasks(enabled: boolean) {
  const userId = useSessionStore((state) => state.user.userId);
  const isLogin = useSessionStore((state) => state.isLogin);
  return useQuery({
    queryKey: aiKeys.tasks(userId),
    queryFn: fetchTasks,
    enabled: isLogin && enabled,
  });
}

export const RECORDS_PAGE_SIZE = 10;

/** SPEC 3 AI records, newest first, in the page's language. */
export function useRecords(page: number) {
  const userId = useSessionStore((state) => state.user.userId);
  const isLogin = useSessionStore((state) => state.isLogin);
  // Sizes and endings come in the request's language: another language is another answer.
  const locale = useLocale();
  return useQuery({
    queryKey: [...aiKeys.records(userId, page), locale],
    queryFn: () => fetchJobs(page, RECORDS_PAGE_SIZE),
    enabled: isLogin,
    placeholderData: keepPreviousData,
    // Files are signed addresses of 10 to 20 minutes (ADR 0051): read again
    // before they expire, and kept only for this user (the key names them).
    staleTime: FRESH_ADDRESSES_MS,
    refetchInterval: FRESH_ADDRESSES_MS,
  });
}

/** After a job starts or ends: the balance and the records changed. */
export function useRefreshAiData() {
  const queryClient = useQueryClient();
  const userId = useSessionStore((state) => state.user.userId);
  return () => {
    void queryClient.invalidateQueries({ queryKey: aiKeys.points(userId) });
    void queryClient.invalidateQueries({ queryKey: aiKeys.recordsOf(userId) });
    void queryClient.invalidateQueries({ queryKey: aiKeys.tasks(userId) });
  };
}
