import { parentPort } from 'node:worker_threads';
import type { TWorkerProgress, TWorkerReply } from '../../../lib/workers/worker-pool';
import { AI_FAILURE_REASONS, AiEngineError, ENGINE_ERROR_PREFIX } from '../ai-engine';
import {
  engineReply,
  runEngineTask,
  type TEngineTask,
  type TEngineTaskOutput,
} from './image-engine.tasks';

/**
 * The engine pool's thread (engine-pool.ts): runs one task per message and
 * stays alive for the next, so models and fonts load once. A failure goes
 * back as `AiEngineError:<reason>` with its message; anything unexpected as
 * a plain failure whose details stay in this thread. The engine's progress
 * goes back as `{ id, progress }` each time it has moved by a point or more.
 * The result's files travel as transferred buffers with their SHA-256, taken
 * here, so the event loop neither copies nor hashes them (ADR 0057).
 */
const port = parentPort;
port?.on('message', async ({ id, input }: { id: number; input: TEngineTask }) => {
  let reply: TWorkerReply<TEngineTaskOutput>;
  let transfer: ArrayBuffer[] = [];
  let posted = 0;
  const progress = (fraction: number) => {
    if (!(fraction - posted >= 0.01)) return;
    posted = Math.min(1, fraction);
    port.postMessage({ id, progress: posted } satisfies TWorkerProgress);
  };
  try {
    const done = engineReply(await runEngineTask(input, progress));
    reply = { id, ok: true, output: done.output };
    transfer = done.transfer;
  } catch (error) {
    const isKnown = error instanceof AiEngineError && AI_FAILURE_REASONS.includes(error.reason);
    reply = {
      id,
      ok: false,
      name: `${ENGINE_ERROR_PREFIX}${isKnown ? error.reason : 'failed'}`,
      message: isKnown ? error.message : 'The engine failed.',
    };
  }
  // The files' bytes are transferred, not copied (ADR 0057).
  port.postMessage(reply, transfer);
});
