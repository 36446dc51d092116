import type { ServerResponse } from 'node:http';
import type { TAiJob, TLocale } from '@layerline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { TAuth } from '../../kernel/request-auth';
import type { LiveEvents } from '../../lib/live-events';
import { openSseStream, type TSseStream, UserStreams } from '../../lib/sse';
import type { TAiJobRow } from './ai-jobs.queue';

/** SPEC 4 ends: after one of these the stream sends the job once more and closes. */
const TERMINAL: ReadonlySet<string> = new Set(['succeeded', 'failed', 'cancelled']);

/** What the stream compares: a message goes out when one of these changed. */
const keyOf = (job: TAiJobRow) => `${job.state}|${job.stage ?? ''}|${job.percent}`;

type TJobStream = {
  userId: number;
  jobId: number;
  sid: string;
  locale: TLocale;
  stream: TSseStream;
  /** keyOf the job last sent ('' before the first message). */
  sent: string;
};

export type TAiJobStreamsDeps = {
  events: LiveEvents;
  /** The jobs among these ids that are not deleted. */
  read(jobIds: readonly number[]): Promise<TAiJobRow[]>;
  /** The job as its owner reads it, file addresses signed (ADR 0051). */
  present(job: TAiJobRow, locale: TLocale): TAiJob;
  /** The guard's own session check; a stream whose session ended stops at its next change. */
  sessionAuth(userId: number, sid: string): Promise<TAuth | null>;
  heartbeatMs: number;
  /** How often open streams re-read their jobs, whatever signals arrived. */
  pollMs: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
};

/**
 * The open AI job streams of this instance (SPEC 4 progress over
 * Server-Sent Events). An `aiJob` live signal, from this process or any
 * other through Redis, makes the streams of that job re-read it; every
 * `pollMs` all of them re-read their jobs anyway, so a lost signal (a worker
 * without Redis, a Redis outage) delays progress, never leaves a stream stuck.
 */
export class AiJobStreams {
  private readonly streams = new UserStreams<TJobStream>();
  private readonly byJob = new Map<number, Set<TJobStream>>();
  /** Jobs being re-read now, and whether another re-read was asked for meanwhile. */
  private readonly reading = new Map<number, { again: boolean }>();
  private poll: NodeJS.Timeout | undefined;
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: TAiJobStreamsDeps) {
    this.unsubscribe = deps.events.subscribe('aiJob', (signal) => {
      if (this.byJob.has(signal.jobId)) this.refresh([signal.jobId]);
    });
  }

  /** Streams open on this instance. */
  get size(): number {
    return this.streams.size;
  }

  /** Takes over the response: the job at once, then each change until it ends. */
  open(auth: TAuth, job: TAiJobRow, locale: TLocale, raw: ServerResponse): void {
    const entry: TJobStream = {
      userId: auth.userId,
      jobId: job.id,
      sid: auth.sid,
      locale,
      sent: '',
      stream: openSseStream(raw, {
        heartbeatMs: this.deps.heartbeatMs,
        onClose: () => this.drop(entry),
      }),
    };
    this.streams.add(entry);
    const set = this.byJob.get(job.id) ?? new Set<TJobStream>();
    this.byJob.set(job.id, set);
    set.add(entry);
    this.send(entry, job);
    if (entry.stream.ended) return;
    // A change between the caller's read and now had no stream to reach: look once more.
    this.refresh([job.id]);
    if (!this.poll) {
      this.poll = setInterval(() => this.refresh([...this.byJob.keys()]), this.deps.pollMs);
      this.poll.unref();
    }
  }

  /** Ends every stream (server shutdown), so closing the server does not wait for them. */
  closeAll(): void {
    this.unsubscribe();
    this.stopPolling();
    this.streams.endAll();
    this.byJob.clear();
  }

  private drop(entry: TJobStream): void {
    this.streams.delete(entry);
    const set = this.byJob.get(entry.jobId);
    set?.delete(entry);
    if (set?.size === 0) this.byJob.delete(entry.jobId);
    if (this.byJob.size === 0) this.stopPolling();
  }

  private stopPolling(): void {
    clearInterval(this.poll);
    this.poll = undefined;
  }

  /**
   * Re-reads the jobs (one query) and sends what changed. One read per job
   * at a time, so an older read never overtakes a newer one; a request
   * during a read is served by one more read after it.
   */
  private refresh(jobIds: readonly number[]): void {
    const ids: number[] = [];
    for (const id of jobIds) {
      const current = this.reading.get(id);
      if (current) current.again = true;
      else if (this.byJob.has(id)) {
        this.reading.set(id, { again: false });
        ids.push(id);
      }
    }
    if (ids.length === 0) return;
    void this.deliver(ids)
      .catch((error: unknown) => this.deps.log.warn({ err: error }, 'AI job stream not updated'))
      .finally(() => {
        const again = ids.filter((id) => this.reading.get(id)?.again);
        for (const id of ids) this.reading.delete(id);
        if (again.length > 0) this.refresh(again);
      });
  }

  private async deliver(ids: readonly number[]): Promise<void> {
    const rows = new Map((await this.deps.read(ids)).map((row) => [row.id, row]));
    for (const id of ids) {
      const job = rows.get(id);
      for (const entry of this.byJob.get(id) ?? []) {
        // Deleted meanwhile: nothing more will come.
        if (!job) {
          entry.stream.end();
          continue;
        }
        if (keyOf(job) === entry.sent) continue;
        const auth = await this.deps.sessionAuth(entry.userId, entry.sid);
        if (auth?.userId !== entry.userId) {
          // The session ended: the client reconnects signed in, or polls.
          entry.stream.end();
          continue;
        }
        this.send(entry, job);
      }
    }
  }

  private send(entry: TJobStream, job: TAiJobRow): void {
    entry.sent = keyOf(job);
    entry.stream.send(this.deps.present(job, entry.locale));
    if (TERMINAL.has(job.state)) entry.stream.end();
  }
}
