import { type TAiJob, ZAiJob } from '@layerline/contract';
import type { TEventSourceLike } from '../notifications/live-unread';
import { isTerminal } from './job-state';

export type TJobWatchOptions = {
  jobId: number;
  getToken: () => string;
  /** A ticket that opens one stream (ADR 0074), asked through the API client. */
  getTicket: () => Promise<string>;
  getLocale: () => string;
  streamUrl: (jobId: number, ticket: string, locale: string) => string;
  /** Null when the browser has no EventSource: the job is polled. */
  createEventSource: ((url: string) => TEventSourceLike) | null;
  /** GET the job through the API client (which renews an expired token). */
  fetchJob: (jobId: number) => Promise<TAiJob>;
  onJob: (job: TAiJob) => void;
  /** Polling failed (network down): the page says so and keeps trying. */
  onError?: (error: unknown) => void;
  pollMs?: number;
};

/** Ours: how often a job is asked for while no stream is open. */
export const JOB_POLL_MS = 1500;

function parseJob(text: unknown): TAiJob | null {
  if (typeof text !== 'string') return null;
  try {
    const parsed = ZAiJob.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * SPEC 4 progress, live from the server: an EventSource on the job's event
 * stream, opened with a ticket (ADR 0074), as for notifications. The server
 * sends the job on connecting and on every change, and ends the stream once
 * the job is over. When the stream fails, or the browser has none, the job
 * is polled instead until it ends; the first poll also renews an expired
 * token. `stop()` ends both.
 */
export class JobWatch {
  private source: TEventSourceLike | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private isRunning = false;
  private lastKey = '';

  constructor(private readonly options: TJobWatchOptions) {}

  start(): void {
    if (this.isRunning) return;
    this.isRunning = true;
    const { createEventSource, getToken, getTicket } = this.options;
    if (!createEventSource || !getToken()) {
      this.schedulePoll(0);
      return;
    }
    getTicket().then(
      (ticket) => {
        if (this.isRunning && !this.source) this.open(createEventSource, ticket);
      },
      () => this.schedulePoll(0),
    );
  }

  private open(createEventSource: (url: string) => TEventSourceLike, ticket: string): void {
    const { getLocale, streamUrl, jobId } = this.options;
    let source: TEventSourceLike;
    try {
      source = createEventSource(streamUrl(jobId, ticket, getLocale()));
    } catch {
      this.schedulePoll(0);
      return;
    }
    this.source = source;
    source.onmessage = (event) => {
      if (this.source !== source) return;
      const job = parseJob(event.data);
      if (job) this.deliver(job);
    };
    source.onerror = () => {
      if (this.source !== source) return;
      // A closed or refused stream: ask the API (which renews the token) until the job ends.
      this.closeSource();
      this.schedulePoll(0);
    };
  }

  stop(): void {
    this.isRunning = false;
    this.closeSource();
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  get isStreaming(): boolean {
    return this.source !== null;
  }

  private deliver(job: TAiJob): void {
    if (!this.isRunning || job.id !== this.options.jobId) return;
    const key = `${job.state}:${job.stage}:${job.percent}:${job.resultFiles.length}`;
    if (key !== this.lastKey) {
      this.lastKey = key;
      this.options.onJob(job);
    }
    if (isTerminal(job.state)) this.stop();
  }

  private schedulePoll(delay: number): void {
    if (!this.isRunning) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.poll(), delay);
  }

  private async poll(): Promise<void> {
    if (!this.isRunning) return;
    try {
      this.deliver(await this.options.fetchJob(this.options.jobId));
    } catch (error) {
      this.options.onError?.(error);
    }
    this.schedulePoll(this.options.pollMs ?? JOB_POLL_MS);
  }

  private closeSource(): void {
    const source = this.source;
    this.source = null;
    if (!source) return;
    source.onmessage = null;
    source.onerror = null;
    source.close();
  }
}
