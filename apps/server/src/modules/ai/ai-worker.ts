import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { TDatabase, TDatabaseKind } from '../../db/client';
import type { FileStorage } from '../files';
import type { TAiEngineRegistry } from './ai-engines.registry';
import type { AiJobQueue } from './ai-jobs.queue';
import { AiJobRunner, type TAiRunnerOptions } from './ai-jobs.runner';

export type TAiWorkerOptions = Omit<TAiRunnerOptions, 'workerId'> & {
  /** How long to sleep when the queue is empty. */
  idleMs: number;
  /** A running job whose heartbeat is older than this belongs to a dead worker. */
  leaseMs: number;
  workerId?: string;
};

export const DEFAULT_AI_WORKER_OPTIONS: TAiWorkerOptions = {
  heartbeatMs: 5_000,
  leaseMs: 60_000,
  jobTimeoutMs: 15 * 60_000,
  idleMs: 1_000,
};

/**
 * With the embedded database (PGlite) the queue has one worker, in the process
 * that queues every job and wakes it then (`poke`); a job of a dead worker can
 * only be this process's own from an earlier run, returned when the loop
 * starts. Looking for work each second served nothing there and cost two
 * statements a second, about a third of an idle server's CPU
 * (docs/PERFORMANCE.md, "An idle server on the embedded database").
 */
export const EMBEDDED_AI_WORKER_IDLE_MS = 30_000;

/** The in-process workers' options for the database the process runs on. */
export function aiWorkerOptions(kind: TDatabaseKind): TAiWorkerOptions {
  return kind === 'pglite'
    ? { ...DEFAULT_AI_WORKER_OPTIONS, idleMs: EMBEDDED_AI_WORKER_IDLE_MS }
    : DEFAULT_AI_WORKER_OPTIONS;
}

/**
 * Starts `count` in-process workers on the process's database (ADR 0012),
 * each with the options for its kind: the server's and the bench's way.
 */
export function startAiWorkers(
  count: number,
  deps: {
    queue: AiJobQueue;
    db: TDatabase;
    registry: TAiEngineRegistry;
    storage: FileStorage;
    kind: TDatabaseKind;
    onError?: (error: unknown) => void;
  },
): AiWorker[] {
  return Array.from({ length: count }, () => {
    const worker = new AiWorker(
      deps.queue,
      deps.db,
      deps.registry,
      deps.storage,
      aiWorkerOptions(deps.kind),
      deps.onError,
    );
    worker.start();
    return worker;
  });
}

/**
 * One queue worker (ADR 0012): claims a job, runs it, repeats; sleeps when
 * the queue is empty and, between jobs, returns jobs of dead workers to the
 * queue (or fails and refunds them). stop() lets the running job finish;
 * handBack() returns it to the queue.
 */
export class AiWorker {
  readonly id: string;
  private readonly runner: AiJobRunner;
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  /** A job was queued since this round began looking: do not sleep after it. */
  private poked = false;

  constructor(
    private readonly queue: AiJobQueue,
    db: TDatabase,
    registry: TAiEngineRegistry,
    storage: FileStorage,
    private readonly options: TAiWorkerOptions = DEFAULT_AI_WORKER_OPTIONS,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.id = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.runner = new AiJobRunner(db, queue, registry, storage, { ...options, workerId: this.id });
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** True while the loop sleeps for want of work; for tests. */
  get isSleeping(): boolean {
    return this.wake !== undefined;
  }

  /**
   * Wakes an idle worker (a job was just queued in this process). A poke
   * while the worker is still looking (its claim may have read the queue
   * before the job's commit) makes it look again instead of sleeping.
   */
  poke(): void {
    this.poked = true;
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  /**
   * Stops for a shutdown (ADR 0054): the running job is not finished here
   * but handed back to the queue, its engine aborted, so the process can
   * exit within its grace period and another worker takes the job at once.
   */
  async handBack(): Promise<void> {
    this.runner.handBack();
    await this.stop();
  }

  private async run(): Promise<void> {
    while (this.running) {
      let worked = false;
      this.poked = false;
      try {
        await this.queue.recoverExpired(this.options.leaseMs);
        worked = await this.runner.runOne();
      } catch (error) {
        this.onError(error);
      }
      if (!worked && this.running && !this.poked) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.options.idleMs);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = undefined;
      }
    }
  }
}
