import type { TAiStage } from '@layerline/contract';

export type TProgressReport = { stage: TAiStage; percent: number };

/**
 * The least time between two progress writes of one job. The bar then lags
 * what the engine reported by at most this, well within the 2 s it may sit
 * still (SPEC 4 progress; the estimate moves a point every 1.6 s at least).
 */
export const PROGRESS_WRITE_MS = 500;

/**
 * A running job's progress on its way to the database (SPEC 4 progress).
 * Engines report often (each whole point of a dithered picture's rows, each
 * tick of the estimate) and every write is an UPDATE plus an event to every
 * stream, so writes go one at a time and in order, at most one per
 * `intervalMs`: the first report of a quiet spell at once, then the latest
 * of those that came meanwhile. An unchanged report writes nothing.
 */
export class ProgressWrites {
  private lastKey = '';
  private pending: TProgressReport | undefined;
  private timer: NodeJS.Timeout | undefined;
  private writtenAt = Number.NEGATIVE_INFINITY;
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly write: (progress: TProgressReport) => Promise<unknown>,
    private readonly intervalMs = PROGRESS_WRITE_MS,
  ) {}

  report(progress: TProgressReport): void {
    const key = `${progress.stage}:${Math.round(progress.percent)}`;
    if (key === this.lastKey) return;
    this.lastKey = key;
    this.pending = progress;
    if (this.timer) return;
    const wait = this.writtenAt + this.intervalMs - performance.now();
    if (wait <= 0) {
      this.flush();
      return;
    }
    this.timer = setTimeout(() => this.flush(), wait);
    this.timer.unref();
  }

  /** Writes what is waiting now and resolves once every write has landed (before the result). */
  settle(): Promise<void> {
    this.flush();
    return this.writes;
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const progress = this.pending;
    if (!progress) return;
    this.pending = undefined;
    this.writtenAt = performance.now();
    // A failed write is not retried: the next report brings the job up to date.
    this.writes = this.writes
      .then(() => this.write(progress))
      .then(
        () => {},
        () => {},
      );
  }
}
