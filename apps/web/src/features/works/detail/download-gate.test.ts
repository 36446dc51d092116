import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDownloadGate, DOWNLOAD_DEBOUNCE_MS, DOWNLOAD_LOCK_MS } from './download-gate';

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('download guard (SPEC 4: 500 ms debounce, 1000 ms lock)', () => {
  it('uses the SPEC values', () => {
    expect(DOWNLOAD_DEBOUNCE_MS).toBe(500);
    expect(DOWNLOAD_LOCK_MS).toBe(1000);
  });

  it('starts the first click at once and drops clicks within 500 ms of the previous one', async () => {
    const gate = createDownloadGate();
    const job = vi.fn(() => Promise.resolve());
    expect(gate.run(job)).toBe('started');
    await vi.advanceTimersByTimeAsync(300);
    expect(gate.run(job)).toBe('debounced');
    // Each click restarts the window: 499 ms after the last one is still a bounce.
    await vi.advanceTimersByTimeAsync(499);
    expect(gate.run(job)).toBe('debounced');
    expect(job).toHaveBeenCalledTimes(1);
  });

  it('refuses a click during the 1000 ms lock, then lets the next one through', async () => {
    const onIdle = vi.fn();
    const gate = createDownloadGate({ onIdle });
    const job = vi.fn(() => Promise.resolve());
    expect(gate.run(job)).toBe('started');
    await vi.advanceTimersByTimeAsync(600);
    expect(gate.run(job)).toBe('locked');
    expect(onIdle).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(400);
    expect(onIdle).toHaveBeenCalledTimes(1);
    // 400 ms after the refused click is still within its debounce window.
    expect(gate.run(job)).toBe('debounced');
    await vi.advanceTimersByTimeAsync(DOWNLOAD_DEBOUNCE_MS);
    expect(gate.run(job)).toBe('started');
    expect(job).toHaveBeenCalledTimes(2);
  });

  it('stays locked while a slow download runs, past the 1000 ms', async () => {
    const onIdle = vi.fn();
    const gate = createDownloadGate({ onIdle });
    const slow = deferred();
    expect(gate.run(() => slow.promise)).toBe('started');
    await vi.advanceTimersByTimeAsync(5000);
    expect(gate.run(() => Promise.resolve())).toBe('locked');
    expect(onIdle).not.toHaveBeenCalled();
    slow.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(onIdle).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(DOWNLOAD_DEBOUNCE_MS);
    expect(gate.run(() => Promise.resolve())).toBe('started');
  });

  it('releases the lock after a failed download too', async () => {
    const gate = createDownloadGate();
    expect(gate.run(() => Promise.reject(new Error('offline')))).toBe('started');
    await vi.advanceTimersByTimeAsync(DOWNLOAD_LOCK_MS);
    expect(gate.run(() => Promise.resolve())).toBe('started');
  });
});
