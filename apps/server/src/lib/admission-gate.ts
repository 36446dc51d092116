/**
 * Why a request was not let in: the queue was full when it came, or it
 * waited longer than the gate's deadline.
 */
export class AdmissionRefused extends Error {
  constructor(
    readonly reason: 'full' | 'timeout',
    /** Seconds after which a retry has a fair chance (Retry-After). */
    readonly retryAfterS: number,
  ) {
    super(`admission refused: ${reason}`);
    this.name = 'AdmissionRefused';
  }
}

export type TAdmissionSettings = {
  /** Requests let in at once; the rest wait. */
  concurrency: number;
  /** Requests that may wait at once; one more is refused at once. */
  queue: number;
  /** How long one may wait before it is refused (ms). */
  waitMs: number;
};

export type TAdmissionStats = {
  running: number;
  waiting: number;
  admitted: number;
  refusedFull: number;
  refusedTimeout: number;
};

type TWaiter = {
  admit: (release: () => void) => void;
  timer: ReturnType<typeof setTimeout>;
};

/**
 * Bounded admission (ADR 0050): at most `concurrency` holders at once, at
 * most `queue` waiting for a place, first come first served, none waiting
 * longer than `waitMs`. What cannot be let in within that is refused with
 * AdmissionRefused, so work beyond what the database can do in time is
 * turned away at the door instead of piling up in the connection pool's
 * unbounded queue until its acquire timeout. `enter` answers a release
 * function, to be called once when the holder is done (later calls do
 * nothing).
 */
export class AdmissionGate {
  private running = 0;

  private readonly waiting: TWaiter[] = [];

  private counts = { admitted: 0, refusedFull: 0, refusedTimeout: 0 };

  readonly retryAfterS: number;

  constructor(readonly settings: TAdmissionSettings) {
    if (!(settings.concurrency >= 1 && settings.queue >= 0 && settings.waitMs >= 0)) {
      throw new Error('admission gate: concurrency ≥ 1, queue ≥ 0, waitMs ≥ 0');
    }
    // What waits now is let in or refused within waitMs: a retry after that meets a fresh queue.
    this.retryAfterS = Math.max(1, Math.ceil(settings.waitMs / 1000));
  }

  get stats(): TAdmissionStats {
    return { running: this.running, waiting: this.waiting.length, ...this.counts };
  }

  /**
   * The refusal a request gets at once because every place is taken and the
   * queue is full, else null. Asked when the request arrives, before its
   * caller is checked or its body read, so what would be refused anyway
   * costs next to nothing (ADR 0050); `enter` still decides for the rest.
   */
  refuseIfFull(): AdmissionRefused | null {
    if (this.running < this.settings.concurrency || this.waiting.length < this.settings.queue) {
      return null;
    }
    this.counts.refusedFull += 1;
    return new AdmissionRefused('full', this.retryAfterS);
  }

  /**
   * A place now, or the first one freed within `waitMs` (the gate's own, or
   * what is left of it for a request that has waited elsewhere already).
   */
  enter(waitMs = this.settings.waitMs): Promise<() => void> {
    if (this.running < this.settings.concurrency) {
      this.running += 1;
      this.counts.admitted += 1;
      return Promise.resolve(this.releaser());
    }
    if (this.waiting.length >= this.settings.queue) {
      this.counts.refusedFull += 1;
      return Promise.reject(new AdmissionRefused('full', this.retryAfterS));
    }
    if (waitMs <= 0) {
      this.counts.refusedTimeout += 1;
      return Promise.reject(new AdmissionRefused('timeout', this.retryAfterS));
    }
    return new Promise((resolve, reject) => {
      const waiter: TWaiter = {
        admit: resolve,
        timer: setTimeout(() => {
          const at = this.waiting.indexOf(waiter);
          if (at >= 0) this.waiting.splice(at, 1);
          this.counts.refusedTimeout += 1;
          reject(new AdmissionRefused('timeout', this.retryAfterS));
        }, waitMs),
      };
      this.waiting.push(waiter);
    });
  }

  /** A release that hands the place to the longest waiter, or frees it; once. */
  private releaser(): () => void {
    let isReleased = false;
    return () => {
      if (isReleased) return;
      isReleased = true;
      const next = this.waiting.shift();
      if (!next) {
        this.running -= 1;
        return;
      }
      clearTimeout(next.timer);
      this.counts.admitted += 1;
      next.admit(this.releaser());
    };
  }
}
