import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdmissionGate, AdmissionRefused } from './admission-gate';

/** Settles `promise` into what happened to it, without waiting for anything else. */
function watch<T>(promise: Promise<T>) {
  const state: { value?: T; error?: unknown; settled: boolean } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { value, settled: true }),
    (error: unknown) => Object.assign(state, { error, settled: true }),
  );
  return state;
}

/** Lets every settled promise's callbacks run. */
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('AdmissionGate (ADR 0050)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets in `concurrency` at once, queues `queue` more and refuses the next at once', async () => {
    const gate = new AdmissionGate({ concurrency: 2, queue: 2, waitMs: 1000 });
    const entered = [gate.enter(), gate.enter(), gate.enter(), gate.enter(), gate.enter()].map(
      watch,
    );
    await flush();
    expect(entered.map((e) => e.settled)).toEqual([true, true, false, false, true]);
    const refused = entered[4]?.error;
    expect(refused).toBeInstanceOf(AdmissionRefused);
    expect((refused as AdmissionRefused).reason).toBe('full');
    expect(gate.stats).toMatchObject({ running: 2, waiting: 2, admitted: 2, refusedFull: 1 });
  });

  it('says at arrival whether a request would be refused as full, counting the refusal', async () => {
    const gate = new AdmissionGate({ concurrency: 1, queue: 1, waitMs: 1000 });
    expect(gate.refuseIfFull()).toBeNull();
    const held = watch(gate.enter());
    expect(gate.refuseIfFull()).toBeNull();
    const queued = watch(gate.enter());
    await flush();
    const refusal = gate.refuseIfFull();
    expect(refusal).toBeInstanceOf(AdmissionRefused);
    expect(refusal?.reason).toBe('full');
    expect(refusal?.retryAfterS).toBe(1);
    expect(gate.stats).toMatchObject({ running: 1, waiting: 1, admitted: 1, refusedFull: 1 });
    (held.value as () => void)();
    await flush();
    expect(queued.settled).toBe(true);
    expect(gate.refuseIfFull()).toBeNull();
  });

  it('hands a released place to the longest waiter, first come first served', async () => {
    const gate = new AdmissionGate({ concurrency: 1, queue: 3, waitMs: 1000 });
    const first = watch(gate.enter());
    const second = watch(gate.enter());
    const third = watch(gate.enter());
    await flush();
    expect([first.settled, second.settled, third.settled]).toEqual([true, false, false]);
    first.value?.();
    await flush();
    expect([second.settled, third.settled]).toEqual([true, false]);
    second.value?.();
    await flush();
    expect(third.settled).toBe(true);
    third.value?.();
    expect(gate.stats).toMatchObject({ running: 0, waiting: 0, admitted: 3 });
  });

  it('refuses a waiter at its deadline and leaves the queue to the others', async () => {
    const gate = new AdmissionGate({ concurrency: 1, queue: 2, waitMs: 500 });
    const holder = watch(gate.enter());
    const late = watch(gate.enter());
    await flush();
    vi.advanceTimersByTime(499);
    await flush();
    expect(late.settled).toBe(false);
    vi.advanceTimersByTime(1);
    await flush();
    expect((late.error as AdmissionRefused).reason).toBe('timeout');
    expect(gate.stats).toMatchObject({ running: 1, waiting: 0, refusedTimeout: 1 });
    // The place goes to whoever comes next, not to the one refused.
    const next = watch(gate.enter());
    holder.value?.();
    await flush();
    expect(next.settled && next.error === undefined).toBe(true);
  });

  it('counts a wait already spent elsewhere: nothing left means no place unless one is free', async () => {
    const gate = new AdmissionGate({ concurrency: 1, queue: 5, waitMs: 500 });
    const free = watch(gate.enter(0));
    const none = watch(gate.enter(0));
    await flush();
    expect(free.error).toBeUndefined();
    expect((none.error as AdmissionRefused).reason).toBe('timeout');
  });

  it('releases once: a second call gives nothing back twice', async () => {
    const gate = new AdmissionGate({ concurrency: 1, queue: 1, waitMs: 1000 });
    const release = await gate.enter();
    release();
    release();
    expect(gate.stats.running).toBe(0);
    const again = await gate.enter();
    expect(gate.stats.running).toBe(1);
    again();
  });

  it('says when to retry: the wait rounded up to whole seconds, at least 1', () => {
    expect(new AdmissionGate({ concurrency: 1, queue: 0, waitMs: 500 }).retryAfterS).toBe(1);
    expect(new AdmissionGate({ concurrency: 1, queue: 0, waitMs: 2500 }).retryAfterS).toBe(3);
    expect(() => new AdmissionGate({ concurrency: 0, queue: 0, waitMs: 0 })).toThrow();
  });
});
