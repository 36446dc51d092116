import { parentPort } from 'node:worker_threads';
import type { TWorkerReply } from '../../../lib/workers/worker-pool';
import { AI_FAILURE_REASONS, AiEngineError, ENGINE_ERROR_PREFIX } from '../ai-engine';
import { runEngineTask, type TEngineTask, type TEngineTaskOutput } from './image-engine.tasks';

/**
 * The engine pool's thread (engine-pool.ts): runs one task per message and
 * stays alive for the next, so models and fonts load once. A failure goes
 * back as `AiEngineError:<reason>` with its message; anything unexpected as
 * a plain failure whose details stay in this thread.
 */
const port = parentPort;
port?.on('message', async ({ id, input }: { id: number; input: TEngineTask }) => {
  let reply: TWorkerReply<TEngineTaskOutput>;
  try {
    const result = await runEngineTask(input);
    reply = { id, ok: true, output: { files: result.files, text: result.text } };
  } catch (error) {
    const isKnown = error instanceof AiEngineError && AI_FAILURE_REASONS.includes(error.reason);
    reply = {
      id,
      ok: false,
      name: `${ENGINE_ERROR_PREFIX}${isKnown ? error.reason : 'failed'}`,
      message: isKnown ? error.message : 'The engine failed.',
    };
  }
  // Copied, not transferred: small Buffers share one pooled ArrayBuffer.
  port.postMessage(reply);
});
