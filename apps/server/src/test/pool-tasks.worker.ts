import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import type { TWorkerReply } from '../lib/workers/worker-pool';

/** A worker entry for the pool's tests: each task misbehaves in one way. */
export type TPoolTestTask =
  | { task: 'double'; value: number }
  | { task: 'spin' }
  | { task: 'sleep'; ms: number; value: number }
  | { task: 'grow' }
  | { task: 'throw'; message: string; data?: unknown }
  | { task: 'exit' }
  /** Answers this thread's nice value (Linux: /proc/thread-self/stat), -100 where unknown. */
  | { task: 'nice' }
  /**
   * Posts progress k / steps for k = 1..steps, sleeping `ms` before each, then
   * answers `value`; sets `finished[0]` to 1 just before answering.
   */
  | { task: 'steps'; steps: number; ms: number; value: number; finished?: SharedArrayBuffer };

/** Field 19 of stat(5): the nice value, of this thread alone. */
function threadNice(): number {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  } catch {
    return -100;
  }
}

const port = parentPort;
port?.on('message', ({ id, input }: { id: number; input: TPoolTestTask }) => {
  let reply: TWorkerReply<number>;
  switch (input.task) {
    case 'double':
      reply = { id, ok: true, output: input.value * 2 };
      break;
    case 'sleep':
      // Blocks the thread like a native call would, then answers.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, input.ms);
      reply = { id, ok: true, output: input.value };
      break;
    case 'spin':
      // Never yields: only terminating the thread ends it.
      for (;;) {}
    case 'grow': {
      const kept: number[][] = [];
      for (;;) kept.push(new Array(1_000_000).fill(kept.length));
    }
    case 'throw':
      reply = { id, ok: false, name: 'RangeError', message: input.message, data: input.data };
      break;
    case 'steps':
      for (let k = 1; k <= input.steps; k++) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, input.ms);
        port.postMessage({ id, progress: k / input.steps });
      }
      if (input.finished) Atomics.store(new Int32Array(input.finished), 0, 1);
      reply = { id, ok: true, output: input.value };
      break;
    case 'nice':
      reply = { id, ok: true, output: threadNice() };
      break;
    case 'exit':
      process.exit(3);
  }
  port.postMessage(reply);
});
