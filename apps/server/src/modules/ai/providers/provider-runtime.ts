import { AiEngineError, type TEngineContext } from '../ai-engine';
import { DEFAULT_PROVIDER_HTTP, sleep, type TProviderHttpOptions } from './provider-http';

/** Timing every adapter shares; tests shrink it, production takes the defaults and env. */
export type TProviderRuntime = {
  http: TProviderHttpOptions;
  /** Pause between status checks of a task the provider runs (ComfyUI, Tripo3D, Meshy). */
  pollIntervalMs: number;
  /** A task still running after this ends as the SPEC 8 generation timeout. */
  taskTimeoutMs: number;
};

export const DEFAULT_PROVIDER_RUNTIME: TProviderRuntime = {
  http: DEFAULT_PROVIDER_HTTP,
  pollIntervalMs: 3_000,
  // SPEC 4: 3D generation takes about 1-3 minutes; queues at the provider add to it.
  taskTimeoutMs: 10 * 60_000,
};

/**
 * SPEC 4 stages from a provider task's own percentage: the provider's run
 * fills 15-85% of the bar, the first part as mesh, the rest as texture; the
 * download after it is 'saving'.
 */
export function reportTaskProgress(ctx: TEngineContext, providerPercent: number): void {
  const percent = Math.max(0, Math.min(100, providerPercent));
  const stage = percent < 60 ? 'generating_mesh' : 'processing_texture';
  ctx.progress(stage, Math.round(15 + percent * 0.7));
}

/** `done` ends the wait with the task's result; otherwise `progress` is the provider's percent. */
export type TPollStep<T> = { done?: T; progress?: number };

/**
 * Asks `check` until it returns `done`, pausing between asks; cancelling the
 * job stops the wait at once, and a task that outlives taskTimeoutMs ends as
 * 'timeout' instead of holding a worker forever.
 */
export async function pollTask<T>(
  provider: string,
  runtime: TProviderRuntime,
  ctx: TEngineContext,
  check: () => Promise<TPollStep<T>>,
): Promise<T> {
  const deadline = Date.now() + runtime.taskTimeoutMs;
  for (;;) {
    if (ctx.signal.aborted) throw ctx.signal.reason;
    const step = await check();
    if (step.done !== undefined) return step.done;
    if (step.progress !== undefined) reportTaskProgress(ctx, step.progress);
    if (Date.now() >= deadline) {
      throw new AiEngineError(
        'timeout',
        `${provider} did not finish within ${Math.round(runtime.taskTimeoutMs / 1000)} s.`,
      );
    }
    await sleep(runtime.pollIntervalMs, ctx.signal);
  }
}
