import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../../config';
import { createAiEngineRegistry, type TAiEngineRegistry } from './ai-engines.registry';
import {
  createEnginePool,
  poolRunner,
  runOnSharedPool,
  warmUpEngines,
} from './engines/engine-pool';
import { createLocalEngines } from './engines/local-engines';
import { createProviderEngines } from './providers';

export type TAiEngines = {
  /** Job kind -> engine, costs and availability: one for the API and every worker of the process. */
  registry: TAiEngineRegistry;
  /**
   * Loads the background-removal model in an engine thread ahead of the
   * first job; never awaited on a request. Nothing to do on the shared pool.
   */
  warmUp(log?: Pick<FastifyBaseLogger, 'info' | 'warn'>): Promise<void>;
  /** Ends the engine threads (the process shuts down, ADR 0054). */
  close(): Promise<void>;
};

/**
 * The process's AI engines (ADR 0012, 0048), the one place they are built:
 * the local engines on a pool of `threads` engine threads, the configured
 * providers, and AI_COST_<KIND> read by config.ts. main.ts builds them once
 * for its API and its in-process workers, `npm run worker` once for its
 * worker; an app built without them (tests, the bench) builds them here
 * without `threads`, on the shared one-thread pool made on first use.
 */
export function createAiEngines(
  config: Pick<TConfig, 'aiProviders' | 'aiCosts' | 'workerNice'>,
  threads?: number,
): TAiEngines {
  const pool =
    threads === undefined ? undefined : createEnginePool(Math.max(1, threads), config.workerNice);
  const registry = createAiEngineRegistry({
    local: createLocalEngines(pool ? poolRunner(pool) : runOnSharedPool),
    providers: createProviderEngines(config.aiProviders),
    costs: config.aiCosts,
  });
  return {
    registry,
    warmUp: async (log) => {
      if (pool) await warmUpEngines(pool, log);
    },
    close: async () => {
      await pool?.close();
    },
  };
}
