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
      const clean = Buffer.from(sanitizeSvg(await readFile(input.path, 'utf8')), 'utf8');
      const output = new Uint8Array(clean.buffer, clean.byteOffset, clean.byteLength);
      return { output, transfer: [clean.buffer as ArrayBuffer] };
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
