import type { TAiJob, TAiJobKind } from '@layerline/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { currentLocale } from '../../i18n/i18n';
import { isApiError, isCancel } from '../../lib/api';
import { useSessionStore } from '../../stores/session.store';
import { streamTicket } from '../notifications/api';
import { cancelJob, createJob, fetchJob, fetchJobs, jobEventsPath, useRefreshAiData } from './api';
import {
  displayPercent,
  estimatePercent,
  FRESH_ADDRESSES_MS,
  isActive,
  isLocalEngine,
  typicalMs,
} from './job-state';
import { JobWatch } from './job-watch';

function browserEventSource() {
  return typeof EventSource === 'undefined' ? null : (url: string) => new EventSource(url);
}

export function jobStreamUrl(jobId: number, ticket: string, locale: string): string {
  const query = new URLSearchParams({ ticket, locale });
  return `${jobEventsPath(jobId)}?${query.toString()}`;
}

/** Follows one job live (SPEC 4): the stream, or polling when it fails. */
export function watchJob(jobId: number, onJob: (job: TAiJob) => void, onError?: () => void) {
  const watch = new JobWatch({
    jobId,
    getToken: () => useSessionStore.getState().token,
    getTicket: streamTicket,
    getLocale: currentLocale,
    streamUrl: jobStreamUrl,
    createEventSource: browserEventSource(),
    fetchJob: (id) => fetchJob(id),
    onJob,
    onError,
  });
  watch.start();
  return watch;
}

export function errorText(error: unknown, fallback: string): string {
  if (isApiError(error) && error.message) return error.message;
  return fallback;
}

/** How often a provider job's bar moves between its reports (never still for more than 2 s, as the server's pace for local engines). */
export const ESTIMATE_TICK_MS = 500;

type TShownPercent = { jobId: number | null; value: number };

/**
 * The job shown on the page: loads it, follows it while it runs, and
 * refreshes the balance and the records when it ends (a refund shows at
 * once). `percent` belongs to one job: it starts at 0 for each and never
 * goes back within it. A local engine's percent is the server's, paced there
 * from recent run times; a provider's, which reports stage boundaries only,
 * moves between its reports toward the next boundary (`estimatePercent`).
 */
export function useAiJob(jobId: number | null) {
  const [job, setJob] = useState<TAiJob | null>(null);
  const [shown, setShown] = useState<TShownPercent>({ jobId: null, value: 0 });
  const [isOffline, setOffline] = useState(false);
  const refresh = useRefreshAiData();
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  const shownRef = useRef(shown);
  shownRef.current = shown;

  const show = useCallback((next: TAiJob) => {
    setShown((previous) => ({
      jobId: next.id,
      value: displayPercent(next, previous.jobId === next.id ? previous.value : 0),
    }));
  }, []);

  useEffect(() => {
    // A job the caller already has (the create answer, through `accept`) stays shown.
    setJob((current) => (current?.id === jobId ? current : null));
    setOffline(false);
    if (jobId === null) return;
    let wasActive = true;
    const watch = watchJob(
      jobId,
      (next) => {
        setOffline(false);
        setJob(next);
        show(next);
        if (wasActive && !isActive(next.state)) refreshRef.current();
        wasActive = isActive(next.state);
      },
      () => setOffline(true),
    );
    return () => watch.stop();
  }, [jobId, show]);

  // A finished job's files are signed addresses that expire (ADR 0051): it is
  // read again every few minutes and when the page is shown again, so a
  // download or a publish always has addresses that hold.
  const finishedId = job && job.id === jobId && !isActive(job.state) ? job.id : null;
  useEffect(() => {
    if (finishedId === null) return;
    let isCurrent = true;
    const reread = () => {
      fetchJob(finishedId).then(
        (next) => {
          if (isCurrent) setJob((current) => (current?.id === next.id ? next : current));
        },
        () => {},
      );
    };
    const timer = setInterval(reread, FRESH_ADDRESSES_MS);
    const onShown = () => {
      if (document.visibilityState === 'visible') reread();
    };
    document.addEventListener('visibilitychange', onShown);
    return () => {
      isCurrent = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onShown);
    };
  }, [finishedId]);

  // Between two reports of a provider's running job, the bar follows the estimate.
  const runningJob =
    job && job.id === jobId && job.state === 'running' && !isLocalEngine(job) ? job : null;
  useEffect(() => {
    if (!runningJob) return;
    const at = Date.now();
    const current = shownRef.current;
    const from = current.jobId === runningJob.id ? current.value : 0;
    const usual = typicalMs(runningJob);
    const timer = setInterval(() => {
      const estimate = Math.floor(
        estimatePercent({
          from,
          serverPercent: runningJob.percent,
          elapsedMs: Date.now() - at,
          typicalMs: usual,
        }),
      );
      setShown((previous) =>
        previous.jobId === runningJob.id && estimate > previous.value
          ? { jobId: previous.jobId, value: Math.min(99, estimate) }
          : previous,
      );
    }, ESTIMATE_TICK_MS);
    return () => clearInterval(timer);
  }, [runningJob]);

  /** Shows the server's answer at once (start, cancel), before the stream says it. */
  const accept = useCallback(
    (next: TAiJob) => {
      setJob(next);
      show(next);
    },
    [show],
  );

  const percent = jobId !== null && shown.jobId === jobId ? shown.value : 0;
  return { job, percent, isOffline, accept };
}

/** Starts a job: the cost is charged now (ADR 0011); the balance refreshes. */
export function useStartJob() {
  const refresh = useRefreshAiData();
  const [isStarting, setStarting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const start = useCallback(
    async (kind: TAiJobKind, params: Record<string, unknown>): Promise<TAiJob | null> => {
      setStarting(true);
      setError(null);
      try {
        const job = await createJob(kind, params);
        return job;
      } catch (failure) {
        if (!isCancel(failure)) setError(failure);
        return null;
      } finally {
        setStarting(false);
        refresh();
      }
    },
    [refresh],
  );
  return { start, isStarting, error, setError };
}

export function useCancelJob(onCancelled: (job: TAiJob) => void) {
  const [isCancelling, setCancelling] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const cancel = useCallback(
    async (id: number) => {
      setCancelling(true);
      setError(null);
      try {
        onCancelled(await cancelJob(id));
      } catch (failure) {
        setError(failure);
      } finally {
        setCancelling(false);
      }
    },
    [onCancelled],
  );
  return { cancel, isCancelling, error };
}

/** Coming back to the page: the newest job still running is shown again. */
export async function findRunningJob(): Promise<TAiJob | null> {
  const { data } = await fetchJobs(1, 10);
  return data.find((job) => isActive(job.state) && job.kind !== 'prompt_optimize') ?? null;
}
