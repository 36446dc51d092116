import { readlinkSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TaskTime, threadCpuMs } from './thread-time';

const ownTid = () => Number(readlinkSync('/proc/thread-self').split('/').pop());

/** Computes until this thread used `ms` more CPU (or 20 s went by, on a machine with no core to give). */
function spinCpu(tid: number, ms: number): void {
  const start = threadCpuMs(tid) as number;
  const deadline = performance.now() + 20_000;
  while ((threadCpuMs(tid) as number) - start < ms && performance.now() < deadline) {
    for (let i = 0; i < 100_000; i += 1) {
      // Busy.
    }
  }
}

describe.skipIf(process.platform !== 'linux')('thread CPU time (ADR 0057)', () => {
  it("reads a thread's own CPU time from /proc, growing as it computes", () => {
    const tid = ownTid();
    const before = threadCpuMs(tid) as number;
    spinCpu(tid, 100);
    const after = threadCpuMs(tid) as number;
    expect(after - before).toBeGreaterThanOrEqual(100);
    expect(threadCpuMs(undefined)).toBeUndefined();
    expect(threadCpuMs(2 ** 30)).toBeUndefined();
  });

  it('is over once the thread used its cap of CPU, not before', () => {
    const tid = ownTid();
    const time = new TaskTime(() => tid, 150, false);
    spinCpu(tid, 50);
    expect(time.check().over).toBe(false);
    spinCpu(tid, 110);
    expect(time.check().over).toBe(true);
  });

  it('falls back to the clock where CPU time cannot be read', async () => {
    const time = new TaskTime(() => undefined, 50, false);
    expect(time.check()).toMatchObject({ over: false });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(time.check().over).toBe(true);
  });
});
