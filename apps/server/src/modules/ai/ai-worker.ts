import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { TAiProvidersConfig } from '../../config';
import type { TDatabase } from '../../db/client';
import type { FileStorage } from '../files/storage';
import {
  aiCostsFromEnv,
  createAiEngineRegistry,
  type TAiEngineRegistry,
} from './ai-engines.registry';
import type { AiJobQueue } from './ai-jobs.queue';
import { AiJobRunner, type TAiRunnerOptions } from './ai-jobs.runner';
import type { TEngineTaskRunner } from './engines/engine-pool';
import { createLocalEngines } from './engines/local-engines';
import { createProviderEngines } from './providers';

export function createDefaultAiRegistry(
  providers: TAiProvidersConfig,
  run?: TEngineTaskRunner,
  env: Record<string, string | undefined> = process.env,
): TAiEngineRegistry {
  return createAiEngineRegistry({
    local: createLocalEngines(run),
    providers: createProviderEngines(providers),
    costs: aiCostsFromEnv(env),
  });
}

/** AI_WORKERS: in-process workers of the web server (1 by default, 0 disables). */
export function aiWorkersFromEnv(env: Record<string, string | undefined>): number {
  const raw = env.AI_WORKERS;
  if (raw === undefined || raw.trim() === '') return 1;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 8) {
    throw new Error(`AI_WORKERS must be a whole number from 0 to 8, got "${raw}"`);
  }
  return value;
}

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
 * One queue worker (ADR 0012): claims a job, runs it, repeats; sleeps when
 * the queue is empty and, between jobs, returns jobs of dead workers to the
 * queue (or fails and refunds them). stop() lets the running job finish.
 */
export class AiWorker {
  readonly id: string;
  private readonly runner: AiJobRunner;
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;

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

  /** Wakes an idle worker (a job was just queued in this process). */
  poke(): void {
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (this.running) {
      let worked = false;
      try {
        await this.queue.recoverExpired(this.options.leaseMs);
        worked = await this.runner.runOne();
      } catch (error) {
        this.onError(error);
      }
      if (!worked && this.running) {
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
