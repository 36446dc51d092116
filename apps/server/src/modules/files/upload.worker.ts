import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import type { TWorkerReply } from '../../lib/workers/worker-pool';
import { sanitizeSvg } from './svg-sanitizer';

/**
 * The upload worker thread (ADR 0008): parses and sanitises an uploaded file
 * read from its temporary path, so the event loop never holds the parse.
 * Errors go back by name (SvgInvalidError, SvgTooComplexError).
 */

export type TUploadTask = { task: 'sanitizeSvg'; path: string };
export type TUploadTaskOutput = Uint8Array;

async function handle(
  input: TUploadTask,
): Promise<{ output: Uint8Array; transfer: ArrayBuffer[] }> {
  switch (input.task) {
    case 'sanitizeSvg': {
      // Its own ArrayBuffer, never Node's shared Buffer pool: a pooled buffer
      // cannot be transferred (DataCloneError from Node 21 on).
      const output = new TextEncoder().encode(sanitizeSvg(await readFile(input.path, 'utf8')));
      return { output, transfer: [output.buffer] };
    }
  }
}

const port = parentPort;
port?.on('message', async ({ id, input }: { id: number; input: TUploadTask }) => {
  let reply: TWorkerReply<TUploadTaskOutput>;
  let transfer: ArrayBuffer[] = [];
  try {
    const done = await handle(input);
    reply = { id, ok: true, output: done.output };
    transfer = done.transfer;
  } catch (error) {
    const known = error instanceof Error ? error : new Error(String(error));
    reply = { id, ok: false, name: known.name, message: known.message };
  }
  port.postMessage(reply, transfer);
});
