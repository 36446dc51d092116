import type { TSignal } from '../notifications';

/** Ours (ADR 0010): at most one live push per recipient and kind in this window, whatever the toggling. */
export const TOGGLE_SIGNAL_WINDOW_MS = 1_000;

type TWindow = { timer: NodeJS.Timeout; isPending: boolean };

/**
 * Coalesces the live events of likes, favourites and follows per recipient
 * and notification kind (ADR 0010): the first goes out at once, and every
 * further one within the window becomes a single push at its end. A push
 * only says "your counts changed" and the stream reads the counts when it
 * sends them, so the last state always arrives; 50 like/unlike toggles in a
 * few seconds reach the owner as a handful of pushes, not 50 (each one an
 * unread-count query per open stream). Per process: toggles that land on
 * different instances are coalesced on each.
 */
export class ToggleSignals {
  private readonly windows = new Map<string, TWindow>();

  constructor(
    private readonly send: (signals: TSignal[]) => void,
    private readonly windowMs = TOGGLE_SIGNAL_WINDOW_MS,
  ) {}

  push(signals: readonly TSignal[]): void {
    const now: TSignal[] = [];
    for (const signal of signals) {
      const key = `${signal.userId}:${signal.kind}`;
      const open = this.windows.get(key);
      if (open) {
        open.isPending = true;
      } else {
        now.push(signal);
        this.open(key, signal);
      }
    }
    if (now.length > 0) this.send(now);
  }

  /** Drops the windows (the app is closing); pending pushes are not sent. */
  close(): void {
    for (const window of this.windows.values()) clearTimeout(window.timer);
    this.windows.clear();
  }

  private open(key: string, signal: TSignal): void {
    const timer = setTimeout(() => {
      const window = this.windows.get(key);
      this.windows.delete(key);
      if (!window?.isPending) return;
      // What changed within the window goes out now, and opens the next window.
      this.send([signal]);
      this.open(key, signal);
    }, this.windowMs);
    timer.unref();
    this.windows.set(key, { timer, isPending: false });
  }
}
