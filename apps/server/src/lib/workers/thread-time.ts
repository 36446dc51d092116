import { readFileSync } from 'node:fs';

/**
 * A task's time cap counts the CPU its thread used, not the time on the
 * clock (ADR 0057, amended): pool threads run at a lower priority than the
 * event loop, and on a machine busier than its cores a thread may wait for
 * a core far longer than it computes, so a wall-clock cap refused uploads
 * and engine runs that needed a fraction of it. The clock still bounds a
 * task at WALL_CAP_FACTOR times its cap (a thread blocked in a native call
 * uses no CPU, and must still end).
 */
export const WALL_CAP_FACTOR = 4;

/** A tick of CPU time: checks closer together than this could not see it move. */
const TICK_MS = 10;

/** Kernel clock ticks per second (USER_HZ): 100 on every Linux Node supports. */
const TICKS_PER_SECOND = 100;

/**
 * Code a new thread runs before its entry loads (Linux; nothing elsewhere):
 * it tells the pool its kernel thread id (whose /proc stat holds its CPU
 * time) and, with `nice` above 0, lowers its own priority by that id
 * (setpriority on a Linux thread id affects that thread alone).
 */
export function threadPrelude(nice: number): string {
  const lower =
    nice > 0
      ? ` require('node:os').setPriority(tid, Math.min(19, require('node:os').getPriority(tid) + ${Math.round(nice)}));`
      : '';
  return `try { const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop()); if (tid > 0) { require('node:worker_threads').parentPort.postMessage({ threadTid: tid });${lower} } } catch {}\n`;
}

/** CPU milliseconds (user + system) the kernel thread `tid` of this process has used; undefined where unknown. */
export function threadCpuMs(tid: number | undefined): number | undefined {
  if (!tid) return undefined;
  try {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One task's cap on one thread: `check()` says whether it is over (its
 * thread's CPU time past `capMs`, or the clock past WALL_CAP_FACTOR × capMs;
 * the clock alone where the CPU time cannot be read), else in how many ms
 * to ask again. A thread started for the task has not told its id yet when
 * the task starts: all its CPU time counts then, its start-up included.
 */
export class TaskTime {
  private readonly startedAt = performance.now();

  private readonly cpuAtStart: number | undefined;

  constructor(
    private readonly tid: () => number | undefined,
    readonly capMs: number,
    isNewThread: boolean,
  ) {
    this.cpuAtStart = isNewThread ? 0 : threadCpuMs(tid());
  }

  check(): { over: true } | { over: false; againInMs: number } {
    const wall = performance.now() - this.startedAt;
    const cpuNow = threadCpuMs(this.tid());
    if (this.cpuAtStart === undefined || cpuNow === undefined) {
      return wall >= this.capMs ? { over: true } : { over: false, againInMs: this.capMs - wall };
    }
    const used = cpuNow - this.cpuAtStart;
    const wallLeft = this.capMs * WALL_CAP_FACTOR - wall;
    if (used >= this.capMs || wallLeft <= 0) return { over: true };
    // The next look: when the cap could be reached at the earliest, never past the clock's ceiling.
    return {
      over: false,
      againInMs: Math.max(1, Math.min(Math.max(TICK_MS, this.capMs - used), wallLeft)),
    };
  }
}
