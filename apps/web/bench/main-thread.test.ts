import { describe, expect, it } from 'vitest';
import { mainThreadBlocking, type TTraceEvent } from './main-thread';

const PAGE = 'http://127.0.0.1:4000/';
const MAIN = { pid: 7, tid: 1 };
const task = (
  ts: number,
  durMs: number,
  cpuMs: number,
  at = MAIN,
  name = 'RunTask',
): TTraceEvent => ({
  name,
  ph: 'X',
  ...at,
  ts,
  dur: durMs * 1000,
  tdur: cpuMs * 1000,
});

const events: TTraceEvent[] = [
  { name: 'ParseHTML', ph: 'X', ...MAIN, ts: 10, dur: 5, args: { beginData: { url: PAGE } } },
  // Before the start of the window: not counted.
  task(100, 100, 100),
  // 40 ms of wall time, 10 of them on the CPU: 110 ms from wall, 0 from CPU.
  task(1_000_000, 40, 10),
  // The same task traced under a second name, and a task nested in it: counted once.
  task(1_000_000, 40, 10, MAIN, 'ThreadControllerImpl::RunTask'),
  task(1_010_000, 5, 5),
  // 30 ms of CPU: 70 ms from both.
  task(2_000_000, 30, 30),
  // Short: nothing.
  task(3_000_000, 10, 10),
  // Another renderer's thread: not the page's.
  task(2_500_000, 500, 500, { pid: 9, tid: 1 }),
];

describe('mainThreadBlocking', () => {
  it("sums the page's main-thread tasks past 50 ms at 4×, from wall and from CPU time", () => {
    expect(mainThreadBlocking(events, PAGE, 500_000)).toEqual({
      fromWall: 110 + 70,
      fromCpu: 70,
    });
  });

  it('is null when no thread parsed the page', () => {
    expect(mainThreadBlocking(events, 'http://127.0.0.1:4000/other', 0)).toBeNull();
  });
});
