import { describe, expect, it } from 'vitest';
import { SessionChecks } from './session-checks';

type TState = { role: string };

/** A database read the test answers by hand, counting the reads. */
function fakeReads() {
  const pending: { sid: string; resolve: (state: TState | undefined) => void }[] = [];
  return {
    pending,
    read: (sid: string) =>
      new Promise<TState | undefined>((resolve) => {
        pending.push({ sid, resolve });
      }),
    answer(state: TState | undefined) {
      const next = pending.shift();
      if (!next) throw new Error('no read pending');
      next.resolve(state);
    },
  };
}

function clock() {
  let ms = 0;
  return { now: () => ms, move: (by: number) => (ms += by) };
}

describe('SessionChecks (ADR 0050)', () => {
  it('reads a session once and trusts the answer until the cache time has passed', async () => {
    const reads = fakeReads();
    const time = clock();
    const checks = new SessionChecks<TState>({ read: reads.read, ttlMs: 5000, now: time.now });
    const first = checks.check('s1', 1);
    reads.answer({ role: 'user' });
    expect(await first).toEqual({ role: 'user' });
    time.move(4999);
    expect(await checks.check('s1', 1)).toEqual({ role: 'user' });
    expect(reads.pending).toHaveLength(0);
    time.move(1);
    const again = checks.check('s1', 1);
    expect(reads.pending).toHaveLength(1);
    reads.answer({ role: 'moderator' });
    expect(await again).toEqual({ role: 'moderator' });
  });

  it('shares one read among checks of the same session at the same moment', async () => {
    const reads = fakeReads();
    const checks = new SessionChecks<TState>({ read: reads.read, ttlMs: 5000 });
    const many = Array.from({ length: 50 }, () => checks.check('s1', 1));
    expect(reads.pending).toHaveLength(1);
    reads.answer({ role: 'user' });
    expect(new Set(await Promise.all(many)).size).toBe(1);
  });

  it('never answers another user’s token with a kept session', async () => {
    const reads = fakeReads();
    const checks = new SessionChecks<TState>({ read: reads.read, ttlMs: 5000 });
    const mine = checks.check('s1', 1);
    reads.answer({ role: 'user' });
    await mine;
    const forged = checks.check('s1', 2);
    expect(reads.pending).toHaveLength(1);
    reads.answer(undefined);
    expect(await forged).toBeUndefined();
  });

  it('forgets a user’s sessions when dropped, so the next check reads the revocation', async () => {
    const reads = fakeReads();
    const checks = new SessionChecks<TState>({ read: reads.read, ttlMs: 60_000 });
    const kept = [checks.check('a', 1), checks.check('b', 1), checks.check('c', 2)];
    reads.answer({ role: 'user' });
    reads.answer({ role: 'user' });
    reads.answer({ role: 'user' });
    await Promise.all(kept);
    checks.drop([1]);
    const a = checks.check('a', 1);
    const c = checks.check('c', 2);
    expect(reads.pending.map((read) => read.sid)).toEqual(['a']);
    reads.answer(undefined);
    expect(await a).toBeUndefined();
    expect(await c).toEqual({ role: 'user' });
  });

  it('does not keep a read that was under way when a drop came: it may predate the change', async () => {
    const reads = fakeReads();
    const checks = new SessionChecks<TState>({ read: reads.read, ttlMs: 60_000 });
    const before = checks.check('a', 1);
    checks.drop([1]);
    // A check after the drop does not join the read begun before it.
    const after = checks.check('a', 1);
    expect(reads.pending).toHaveLength(2);
    reads.answer({ role: 'user' });
    reads.answer(undefined);
    expect(await before).toEqual({ role: 'user' });
    expect(await after).toBeUndefined();
    const next = checks.check('a', 1);
    expect(await next).toBeUndefined();
    expect(reads.pending).toHaveLength(0);
  });

  it('reads on every check when the cache time is 0', async () => {
    const reads = fakeReads();
    const checks = new SessionChecks<TState>({ read: reads.read, ttlMs: 0 });
    const one = checks.check('a', 1);
    const two = checks.check('a', 1);
    expect(reads.pending).toHaveLength(2);
    reads.answer({ role: 'user' });
    reads.answer({ role: 'user' });
    await Promise.all([one, two]);
  });
});
