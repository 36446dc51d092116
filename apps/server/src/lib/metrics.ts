import {
  type CollectFunction,
  Counter,
  collectDefaultMetrics,
  Gauge,
  Histogram,
  Registry,
} from 'prom-client';
import type { TAdmissionStats } from './admission-gate';

/**
 * This instance's Prometheus metrics (DESIGN 2 metrics, ADR 0055), in a
 * registry of its own, never prom-client's global one: tests build several
 * apps in one process. What moves per request is one histogram observe;
 * everything else is read when scraped, from plain counts its owners keep
 * (kept answers, worker pools, the database pool, the AI queue).
 */

/** A cache whose lookups and drops are counted (TaggedCache). */
export type TCountedCache = {
  readonly counts: { hits: number; misses: number; dropped: number };
  readonly size: number;
};

/** A worker pool's load and limits (WorkerPool). */
export type TPoolLoad = {
  readonly stats: { threads: number; running: number; queued: number };
  readonly limits: { threads: number; queue: number };
};

/** The database pool's connections now (PostgreSQL only; PGlite is one connection). */
export type TDatabasePool = {
  counts(): { total: number; idle: number; waiting: number; max: number };
  /** Tells `listener` each acquire's wait in ms until the returned stop is called. */
  onAcquire(listener: (waitMs: number) => void): () => void;
};

/** What the metrics read of an AI job. */
export type TJobChange = {
  kind: string;
  state: string;
  startedAt: Date | null;
  finishedAt: Date | null;
};

/** The AI job queue (AiJobQueue): its depth, and every committed change of a job. */
export type TAiQueue = {
  depth(): Promise<{ queued: number; running: number }>;
  watch(watcher: (job: TJobChange) => void): () => void;
};

const TERMINAL_STATES = new Set(['succeeded', 'failed', 'cancelled']);
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;

/** The route label of answers no route matched: the web app's pages and unknown paths. */
export const UNMATCHED_ROUTE = 'unmatched';

export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests: Histogram<'route' | 'method' | 'status'>;
  private readonly stops: (() => void)[] = [];

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Histogram({
      name: 'layerline_http_request_duration_seconds',
      help: 'Time from receiving a request to its answer sent, by route template, method and status class; _count is the request count.',
      labelNames: ['route', 'method', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    const requests = this.requests;
    // The count by the same labels, read from the histogram when scraped, not kept twice.
    new Counter({
      name: 'layerline_http_requests_total',
      help: 'Requests answered, by route template, method and status class.',
      labelNames: ['route', 'method', 'status'],
      registers,
      async collect() {
        this.reset();
        for (const value of (await requests.get()).values) {
          if (value.metricName?.endsWith('_count')) this.inc(value.labels, value.value);
        }
      },
    });
  }

  /** One answered request: `route` is the route's URL template, never the URL asked for. */
  observeRequest(route: string | undefined, method: string, statusCode: number, ms: number): void {
    this.requests.observe(
      {
        route: route ?? UNMATCHED_ROUTE,
        method,
        status: STATUS_CLASSES[Math.floor(statusCode / 100) - 1] ?? 'other',
      },
      ms / 1000,
    );
  }

  /** The database pool's connections and each acquire's wait. */
  watchDatabasePool(pool: TDatabasePool): void {
    const registers = [this.registry];
    const acquires = new Histogram({
      name: 'layerline_db_pool_acquire_seconds',
      help: 'Wait for a PostgreSQL connection from the pool, per statement or transaction.',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    this.stops.push(pool.onAcquire((ms) => acquires.observe(ms / 1000)));
    const gauge = (
      name: string,
      help: string,
      read: (c: ReturnType<typeof pool.counts>) => number,
    ) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read(pool.counts()));
        },
      });
    gauge('layerline_db_pool_connections', 'PostgreSQL connections open.', (c) => c.total);
    gauge('layerline_db_pool_idle_connections', 'Open connections not in use.', (c) => c.idle);
    gauge(
      'layerline_db_pool_waiting_clients',
      'Statements and transactions waiting for a connection now.',
      (c) => c.waiting,
    );
    gauge('layerline_db_pool_max_connections', 'The pool size (DATABASE_POOL_SIZE).', (c) => c.max);
  }

  /** Kept answers and caches (ADR 0044), by name: lookups, drops and entries. */
  watchCaches(caches: Record<string, TCountedCache | undefined>): void {
    const kept = Object.entries(caches).filter(
      (entry): entry is [string, TCountedCache] => entry[1] !== undefined,
    );
    const registers = [this.registry];
    new Counter({
      name: 'layerline_kept_answer_lookups_total',
      help: 'Lookups of kept answers and caches, by cache and result (hit or miss; an expired entry is a miss).',
      labelNames: ['cache', 'result'],
      registers,
      collect() {
        this.reset();
        for (const [cache, { counts }] of kept) {
          this.inc({ cache, result: 'hit' }, counts.hits);
          this.inc({ cache, result: 'miss' }, counts.misses);
        }
      },
    });
    new Counter({
      name: 'layerline_kept_answer_drops_total',
      help: 'Entries dropped because a write changed what they show (here or on another instance), by cache.',
      labelNames: ['cache'],
      registers,
      collect() {
        this.reset();
        for (const [cache, { counts }] of kept) this.inc({ cache }, counts.dropped);
      },
    });
    new Gauge({
      name: 'layerline_kept_answer_entries',
      help: 'Entries kept now, by cache.',
      labelNames: ['cache'],
      registers,
      collect() {
        for (const [cache, entries] of kept) this.set({ cache }, entries.size);
      },
    });
  }

  /** Worker pools by name (ADR 0008): threads, tasks running and waiting, utilisation. */
  watchWorkerPools(pools: Record<string, TPoolLoad>): void {
    const named = Object.entries(pools);
    const gauge = (name: string, help: string, read: (pool: TPoolLoad) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['pool'],
        registers: [this.registry],
        collect() {
          for (const [pool, load] of named) this.set({ pool }, read(load));
        },
      });
    gauge(
      'layerline_worker_pool_threads',
      'Threads started (idle ones stay warm).',
      (p) => p.stats.threads,
    );
    gauge(
      'layerline_worker_pool_max_threads',
      'Threads the pool may run at once.',
      (p) => p.limits.threads,
    );
    gauge(
      'layerline_worker_pool_running_tasks',
      'Tasks running on a thread now.',
      (p) => p.stats.running,
    );
    gauge(
      'layerline_worker_pool_queued_tasks',
      'Tasks waiting for a thread now.',
      (p) => p.stats.queued,
    );
    gauge(
      'layerline_worker_pool_max_queued_tasks',
      'Tasks that may wait before new ones are refused.',
      (p) => p.limits.queue,
    );
    gauge(
      'layerline_worker_pool_utilisation',
      'Running tasks over the threads the pool may run (0 to 1).',
      (p) => p.stats.running / Math.max(1, p.limits.threads),
    );
  }

  /**
   * The AI job queue (ADR 0012): its depth by state, read from the database
   * when scraped (the same figure on every instance: they share the queue),
   * and the run time of each job this instance saw end.
   */
  watchAiQueue(queue: TAiQueue, onError: (error: unknown) => void): void {
    const registers = [this.registry];
    const runs = new Histogram({
      name: 'layerline_ai_job_duration_seconds',
      help: 'Run time of AI jobs that ended through this instance (claimed to succeeded, failed or cancelled), by kind and state.',
      labelNames: ['kind', 'state'],
      buckets: [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
      registers,
    });
    this.stops.push(
      queue.watch((job) => {
        if (!TERMINAL_STATES.has(job.state) || !job.startedAt || !job.finishedAt) return;
        const seconds = Math.max(0, job.finishedAt.getTime() - job.startedAt.getTime()) / 1000;
        runs.observe({ kind: job.kind, state: job.state }, seconds);
      }),
    );
    const collect: CollectFunction<Gauge<'state'>> = async function () {
      try {
        const depth = await queue.depth();
        this.set({ state: 'queued' }, depth.queued);
        this.set({ state: 'running' }, depth.running);
      } catch (error) {
        // A scrape while the database is away still answers the rest.
        this.reset();
        onError(error);
      }
    };
    new Gauge({
      name: 'layerline_ai_jobs',
      help: 'AI jobs queued and running now, across every instance and worker.',
      labelNames: ['state'],
      registers,
      collect,
    });
  }

  /** The admission gate of writes (ADR 0050): places in use, waiting, and what it let in or refused. */
  watchAdmission(read: () => TAdmissionStats): void {
    const registers = [this.registry];
    new Gauge({
      name: 'layerline_admission_requests',
      help: 'API writes holding a place at the admission gate (running) or waiting for one (waiting).',
      labelNames: ['state'],
      registers,
      collect() {
        const stats = read();
        this.set({ state: 'running' }, stats.running);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
    new Counter({
      name: 'layerline_admission_decisions_total',
      help: 'API writes the gate let in (admitted) or answered 503 because its queue was full (full) or the wait ran out (timeout).',
      labelNames: ['result'],
      registers,
      collect() {
        const stats = read();
        this.reset();
        this.inc({ result: 'admitted' }, stats.admitted);
        this.inc({ result: 'full' }, stats.refusedFull);
        this.inc({ result: 'timeout' }, stats.refusedTimeout);
      },
    });
  }

  /** The text Prometheus scrapes. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  close(): void {
    for (const stop of this.stops.splice(0)) stop();
    this.registry.clear();
  }
}
