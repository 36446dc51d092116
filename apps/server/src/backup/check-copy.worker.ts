import { parentPort } from 'node:worker_threads';
import { describeDataDirTar } from '../db/embedded-backup';

/**
 * A backup's check of its database copy (ADR 0056), in a thread of its own:
 * opening PGlite in memory keeps its thread busy for seconds, which must not
 * be the server's. Answers the WorkerPool protocol with the copy's facts.
 */
const port = parentPort;
if (!port) throw new Error('check-copy.worker runs in a worker thread');

port.on('message', async ({ id, input }: { id: number; input: Uint8Array<ArrayBuffer> }) => {
  try {
    const output = await describeDataDirTar(new Blob([input]));
    port.postMessage({ id, ok: true, output });
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    port.postMessage({ id, ok: false, name: failure.name, message: failure.message });
  }
});
