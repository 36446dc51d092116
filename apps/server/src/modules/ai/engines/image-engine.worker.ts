import { parentPort } from 'node:worker_threads';
import { AI_FAILURE_REASONS, AiEngineError, type TAiFailureReason } from '../ai-engine';
import { runImageTask, type TImageTaskInput } from './image-engine.tasks';

/**
 * Worker entry for one image task: receives the task, answers with the files
 * or with the failure reason and message (an Error does not survive
 * postMessage as an AiEngineError).
 */
export type TImageWorkerReply =
  | { ok: true; files: { filename: string; mime: string; data: Uint8Array }[]; text?: string }
  | { ok: false; reason: TAiFailureReason; message: string };

const port = parentPort;
port?.once('message', async (input: TImageTaskInput) => {
  let reply: TImageWorkerReply;
  try {
    const result = await runImageTask(input);
    reply = { ok: true, files: result.files, text: result.text };
  } catch (error) {
    const isKnown = error instanceof AiEngineError && AI_FAILURE_REASONS.includes(error.reason);
    reply = {
      ok: false,
      reason: isKnown ? error.reason : 'failed',
      message: isKnown ? error.message : 'The image engine failed.',
    };
  }
  // Copied, not transferred: small Buffers share one pooled ArrayBuffer.
  port.postMessage(reply);
});
