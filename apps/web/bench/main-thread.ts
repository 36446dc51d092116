/**
 * What the page's main thread itself spends in long tasks, from the trace of
 * a Lighthouse run. Lighthouse's TBT simulates a 4× slower CPU by multiplying
 * each task's wall time; on a busy machine a task's wall time also holds the
 * time its thread waited for a core (other processes, Lighthouse's own among
 * them). The same sum from each task's thread CPU time tells the two apart.
 */

export type TTraceEvent = {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { beginData?: { url?: string } };
};

export type TMainThreadBlocking = {
  /** Sum over tasks after `fromTs` of (4 × wall time − 50 ms), each at least 0. */
  fromWall: number;
  /** The same from each task's thread CPU time. */
  fromCpu: number;
};

const TASK = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
const CPU_SLOWDOWN = 4;
const BLOCKING_FROM_MS = 50;

/** The renderer main thread that parsed the page at `pageUrl` ("pid:tid"), or null. */
function pageMainThread(events: TTraceEvent[], pageUrl: string): string | null {
  const parse = events.find(
    (event) => event.name === 'ParseHTML' && event.args?.beginData?.url === pageUrl,
  );
  return parse ? `${parse.pid}:${parse.tid}` : null;
}

/** Blocking time of the page's main thread after `fromTs` (trace µs), from wall and from CPU time. */
export function mainThreadBlocking(
  events: TTraceEvent[],
  pageUrl: string,
  fromTs: number,
): TMainThreadBlocking | null {
  const thread = pageMainThread(events, pageUrl);
  if (!thread) return null;
  const tasks = events.filter(
    (event) =>
      event.ph === 'X' &&
      TASK.has(event.name) &&
      `${event.pid}:${event.tid}` === thread &&
      event.ts >= fromTs,
  );
  // A task run inside another (nested message loops, or the same task traced
  // under two names) counts once, as the outer one.
  tasks.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const outer: TTraceEvent[] = [];
  let end = Number.NEGATIVE_INFINITY;
  for (const task of tasks) {
    if (task.ts < end) continue;
    outer.push(task);
    end = task.ts + (task.dur ?? 0);
  }
  const past = (ms: number) => Math.max(0, CPU_SLOWDOWN * ms - BLOCKING_FROM_MS);
  let fromWall = 0;
  let fromCpu = 0;
  for (const task of outer) {
    fromWall += past((task.dur ?? 0) / 1000);
    fromCpu += past((task.tdur ?? task.dur ?? 0) / 1000);
  }
  return { fromWall, fromCpu };
}
