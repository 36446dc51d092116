import type {
  TAiFeature,
  TAiJob,
  TAiJobKind,
  TPointsSummary,
  TPointsTaskState,
  TUploadResult,
} from '@layerline/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale } from '../../i18n/use-locale';
import { apiClient, type TUploadProgress } from '../../lib/api';
import { useSessionStore } from '../../stores/session.store';

/** The AI and points API (ours, ADR 0011 and 0012). */
export const AI_PATHS = {
  features: '/api/v1/ai/features',
  jobs: '/api/v1/ai/jobs',
  job: (id: number) => `/api/v1/ai/jobs/${id}`,
  cancel: (id: number) => `/api/v1/ai/jobs/${id}/cancel`,
  events: (id: number) => `/api/v1/ai/jobs/${id}/events`,
  upload: '/api/v1/resource/upload',
  points: '/api/v1/points',
  tasks: '/api/v1/points/tasks',
  signin: '/api/v1/points/tasks/signin',
} as const;

export const aiKeys = {
  all: ['ai'] as const,
  features: () => [...aiKeys.all, 'features'] as const,
  points: (userId: string) => [...aiKeys.all, 'points', userId] as const,
  tasks: (userId: string) => [...aiKeys.all, 'tasks', userId] as const,
  records: (userId: string, page: number) => [...aiKeys.all, 'records', userId, page] as const,
  recordsOf: (userId: string) => [...aiKeys.all, 'records', userId] as const,
};

/** Every call here shows its failure where it happened, so none toasts. */
const QUIET = { silent: true, cache: false } as const;

export async function fetchFeatures(): Promise<TAiFeature[]> {
  const { data } = await apiClient.get<TAiFeature[]>(AI_PATHS.features, QUIET);
  return data;
}

export async function createJob(
  kind: TAiJobKind,
  params: Record<string, unknown>,
): Promise<TAiJob> {
  const { data } = await apiClient.post<TAiJob>(AI_PATHS.jobs, { kind, params }, { silent: true });
  return data;
}

export async function fetchJob(id: number, signal?: AbortSignal): Promise<TAiJob> {
  const { data } = await apiClient.get<TAiJob>(AI_PATHS.job(id), {
    ...QUIET,
    signal,
    redirectOnNotFound: false,
  });
  return data;
}

export async function fetchJobs(page: number, size: number) {
  const { data, total } = await apiClient.get<TAiJob[]>(AI_PATHS.jobs, {
    ...QUIET,
    query: { page, size },
  });
  return { data, total: total ?? data.length };
}

export async function cancelJob(id: number): Promise<TAiJob> {
  const { data } = await apiClient.post<TAiJob>(AI_PATHS.cancel(id), undefined, { silent: true });
  return data;
}

export async function deleteJob(id: number): Promise<void> {
  await apiClient.del(AI_PATHS.job(id), { silent: true, redirectOnNotFound: false });
}

/** SPEC 5: the AI source picture, one image up to 10 MB; the server checks it again. */
export async function uploadAiImage(
  file: Blob,
  filename: string,
  options: { onProgress?: (progress: TUploadProgress) => void; signal?: AbortSignal } = {},
): Promise<TUploadResult> {
  const form = new FormData();
  form.append('file', file, filename);
  const { data } = await apiClient.upload<TUploadResult>(AI_PATHS.upload, form, {
    query: { kind: 'ai' },
    silent: true,
    ...options,
  });
  return data;
}

export async function fetchPoints(): Promise<TPointsSummary> {
  const { data } = await apiClient.get<TPointsSummary>(AI_PATHS.points, QUIET);
  return data;
}

export async function fetchTasks(): Promise<TPointsTaskState[]> {
  const { data } = await apiClient.get<TPointsTaskState[]>(AI_PATHS.tasks, QUIET);
  return data;
}

export async function claimSignin(): Promise<{ awarded: number; balance: number }> {
  const { data } = await apiClient.post<{ awarded: number; balance: number }>(
    AI_PATHS.signin,
    undefined,
    { silent: true },
  );
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

/** SPEC 3 AI records, newest first. */
export function useRecords(page: number) {
  const userId = useSessionStore((state) => state.user.userId);
  const isLogin = useSessionStore((state) => state.isLogin);
  return useQuery({
    queryKey: aiKeys.records(userId, page),
    queryFn: () => fetchJobs(page, RECORDS_PAGE_SIZE),
    enabled: isLogin,
    placeholderData: keepPreviousData,
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
