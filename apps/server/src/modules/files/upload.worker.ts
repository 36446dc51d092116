import { parentPort } from 'node:worker_threads';
import { AppError } from '../../http/app-error';
import type { TWorkerReply } from '../../lib/workers/worker-pool';
import { runUploadTask, type TUploadTask, type TUploadTaskOutput } from './upload.tasks';

/**
 * The upload worker thread (ADR 0008): runs the tasks of upload.tasks.ts, so
 * the event loop never holds a parse. Errors go back by name and message; a
 * refusal with a localised answer (AppError) also sends its code, message key
 * and parameters, and is rebuilt on the other side.
 */

/** What an AppError sends across: enough to rebuild it (upload-workers: fromUploadWorker). */
export type TAppErrorData = { code: number; key: string; params: Record<string, string | number> };

const port = parentPort;
port?.on('message', async ({ id, input }: { id: number; input: TUploadTask }) => {
  let reply: TWorkerReply<TUploadTaskOutput>;
  let transfer: ArrayBuffer[] = [];
  try {
    const done = await runUploadTask(input);
    reply = { id, ok: true, output: done.output };
    transfer = done.transfer;
  } catch (error) {
    const known = error instanceof Error ? error : new Error(String(error));
    reply = { id, ok: false, name: known.name, message: known.message };
    if (error instanceof AppError) {
      const data: TAppErrorData = { code: error.code, key: error.messageKey, params: error.params };
      reply.data = data;
    }
  }
  port.postMessage(reply, transfer);
});
