export type TSessionChecksDeps<TSessionState> = {
  /**
   * The database read: the session's state (its user's current role and
   * suspension), undefined when it is revoked or unknown.
   */
  read: (sid: string, userId: number) => Promise<TSessionState | undefined>;
  /** How long an answer is trusted (ms); 0 reads on every check. */
  ttlMs: number;
  /** Monotonic milliseconds (performance.now when absent). */
  now?: () => number;
};

/** Sessions kept at most, the oldest read going first. */
export const SESSIONS_KEPT = 10_000;

type TEntry<TSessionState> = {
  userId: number;
  state: TSessionState | undefined;
  expiresAt: number;
};

/**
 * The session check of every signed-in request, kept off the database on
 * the hot path (ADR 0050). An answer read from the database is trusted for
 * `ttlMs` on this instance; checks of one session at the same moment share
 * one read. `drop(userIds)` forgets every session of those users, and is
 * what a revocation, role change or suspension calls on every instance
 * after its transaction committed, so the next request reads the row
 * again and a revoked session stops at once. A read that was under way
 * when a drop came is answered but not kept: it may have seen the row
 * before the change.
 */
export class SessionChecks<TSessionState> {
  private readonly entries = new Map<string, TEntry<TSessionState>>();

  private readonly reading = new Map<string, Promise<TSessionState | undefined>>();

  /** Moves on every drop: a read begun before it is not kept. */
  private generation = 0;

  private readonly now: () => number;

  constructor(private readonly deps: TSessionChecksDeps<TSessionState>) {
    this.now = deps.now ?? (() => performance.now());
  }

  check(sid: string, userId: number): Promise<TSessionState | undefined> {
    if (this.deps.ttlMs <= 0) return this.deps.read(sid, userId);
    const entry = this.entries.get(sid);
    if (entry && entry.userId === userId && entry.expiresAt > this.now()) {
      return Promise.resolve(entry.state);
    }
    const key = `${sid}:${userId}`;
    const shared = this.reading.get(key);
    if (shared) return shared;
    const generation = this.generation;
    const read = this.deps.read(sid, userId).then(
      (state) => {
        if (this.reading.get(key) === read) this.reading.delete(key);
        if (generation === this.generation) this.keep(sid, userId, state);
        return state;
      },
      (error: unknown) => {
        if (this.reading.get(key) === read) this.reading.delete(key);
        throw error;
      },
    );
    this.reading.set(key, read);
    return read;
  }

  /** Forgets every kept session of these users, and reads under way for anyone. */
  drop(userIds: readonly number[]): void {
    this.generation += 1;
    this.reading.clear();
    const dropped = new Set(userIds);
    for (const [sid, entry] of this.entries) {
      if (dropped.has(entry.userId)) this.entries.delete(sid);
    }
  }

  private keep(sid: string, userId: number, state: TSessionState | undefined): void {
    this.entries.delete(sid);
    if (this.entries.size >= SESSIONS_KEPT) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(sid, { userId, state, expiresAt: this.now() + this.deps.ttlMs });
  }
}
