import { systemClock, type TClock } from '../../../lib/clock';

/**
 * Honest progress for the local engines (SPEC 4 progress). An engine that
 * loops reports the share it has done (rows meshed, tiles filled); where it
 * cannot (an ONNX inference is one native call), the bar follows an estimate
 * from the run times of that kind of task in this process, so it never sits
 * still while work goes on, and never reaches the end before the work does.
 */

/** How long a kind of task took lately, in this process; a default per kind until it has run. */
export class RunTimes {
  private readonly recent = new Map<string, number[]>();

  constructor(
    private readonly seedsMs: Readonly<Record<string, number>>,
    private readonly fallbackMs = 5_000,
    private readonly keep = 5,
  ) {}

  /** The median of the last runs of `key`, else its seed (or its kind's: the part before ':'). */
  expectedMs(key: string): number {
    const times = this.recent.get(key);
    if (!times || times.length === 0) {
      return this.seedsMs[key] ?? this.seedsMs[key.split(':')[0] ?? ''] ?? this.fallbackMs;
    }
    const sorted = [...times].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] as number;
  }

  record(key: string, ms: number): void {
    const times = this.recent.get(key) ?? [];
    times.push(ms);
    if (times.length > this.keep) times.shift();
    this.recent.set(key, times);
  }
}

/** The estimate goes this share of the way that is left, in the time that part is expected to take… */
const CURVE_SHARE = 0.8;
/**
 * …and at least this share of the whole per second beyond it: a point every
 * 1.6 s over an 80-point stage, so the percent moves within 2 s even when a
 * busy machine delays a tick.
 */
export const MIN_RATE_PER_S = 1 / 128;
/** Never the end before the work has ended. */
export const PACE_CAP = 0.99;

/**
 * The share of a task done, 0 to PACE_CAP, never going back. From the last
 * real report r, the rest (1 - r) is expected to take `expectedMs · (1 - r)`:
 * the estimate closes in on it asymptotically (86 % of CURVE_SHARE of the
 * rest by then: a job at its expected time shows about 65 %), and each tick
 * adds at least MIN_RATE_PER_S, so a run slower than expected still moves a
 * point every 2 s until 30 to 40 s past its expected time (7 times a 5 s
 * estimate, 2.3 times a 30 s one), and then waits just short of the end.
 */
export class ProgressPace {
  private real = 0;
  private realAt: number;
  private shown = 0;
  private tickedAt: number;

  constructor(
    private readonly expectedMs: number,
    private readonly clock: TClock = systemClock,
  ) {
    this.realAt = clock().getTime();
    this.tickedAt = this.realAt;
  }

  /** A fraction the engine reported; the estimate goes on from there. */
  report(fraction: number): number {
    if (Number.isFinite(fraction) && fraction > this.real) {
      this.real = Math.min(1, fraction);
      this.realAt = this.clock().getTime();
    }
    this.shown = Math.min(PACE_CAP, Math.max(this.shown, this.real));
    return this.shown;
  }

  /** The estimate now: called at least every second or two while the task runs. */
  tick(): number {
    const now = this.clock().getTime();
    const rest = 1 - this.real;
    const restMs = Math.max(250, this.expectedMs * rest);
    const curve =
      this.real + rest * CURVE_SHARE * (1 - Math.exp((-2 * (now - this.realAt)) / restMs));
    const floor = this.shown + (MIN_RATE_PER_S * (now - this.tickedAt)) / 1000;
    this.tickedAt = now;
    this.shown = Math.min(PACE_CAP, Math.max(this.shown, this.real, curve, floor));
    return this.shown;
  }
}

/** An engine's progress callback (the share of its task done, 0 to 1). */
export type TProgress = (fraction: number) => void;

/** A step of a task that runs from `from` to `to` of the whole, reporting its own 0 to 1. */
export function progressPart(
  progress: TProgress | undefined,
  from: number,
  to: number,
): TProgress | undefined {
  return progress && ((fraction) => progress(from + (to - from) * fraction));
}
