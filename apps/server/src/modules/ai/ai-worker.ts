import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { TConfig } from '../../config';
import type { TDatabase } from '../../db/client';
import type { FileStorage } from '../files/storage';
import { createAiEngineRegistry, type TAiEngineRegistry } from './ai-engines.registry';
import type { AiJobQueue } from './ai-jobs.queue';
import { AiJobRunner, type TAiRunnerOptions } from './ai-jobs.runner';
import type { TEngineTaskRunner } from './engines/engine-pool';
import { createLocalEngines } from './engines/local-engines';
import { createProviderEngines } from './providers';

/**
 * The process's engine registry from its configuration: the local engines
 * (on `run`'s pool), the configured providers, and AI_COST_<KIND> read by
 * config.ts.
 */
export function createDefaultAiRegistry(
  config: Pick<TConfig, 'aiProviders' | 'aiCosts'>,
  run?: TEngineTaskRunner,
): TAiEngineRegistry {
  return createAiEngineRegistry({
    local: createLocalEngines(run),
    providers: createProviderEngines(config.aiProviders),
    costs: config.aiCosts,
  });
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
