import type { TClock } from '../../lib/clock';
import { countKey, type SearchRepository, type TCountedSearch } from './search.repository';

const FLUSH_INTERVAL_MS = 5000;
/** Counts older than this are deleted (hot searches look back LIMITS.hotSearchDays). */
const KEEP_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Flushes a count survives while the database cannot be reached. */
const MAX_ATTEMPTS = 5;

/**
 * Postgres refused the row itself (SQLSTATE class 22 data exception, 23
 * integrity violation), as either driver reports it: retrying cannot help.
 */
export function isDataError(error: unknown): boolean {
  for (let value = error, depth = 0; value && depth < 4; depth++) {
    const code = (value as { code?: unknown }).code;
    if (typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code)) return true;
    value = (value as { cause?: unknown }).cause;
  }
  return false;
}

export const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Counts searches for hot searches. A search is counted in memory and the
 * counts are written in one statement every few seconds, so a popular search
 * does not make every request wait on the same row of search_counts.
 */
export class SearchCounter {
  private pending = new Map<string, TCountedSearch>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<boolean> = Promise.resolve(false);
  private lastPrune = 0;
  /** Failed flushes per pending key (connection errors only). */
  private attempts = new Map<string, number>();

  constructor(
    private readonly repository: SearchRepository,
    private readonly clock: TClock,
    private readonly onError: (error: unknown) => void,
  ) {}

  count(words: string, wordsKey: string): void {
    const day = utcDay(this.clock());
    const key = countKey({ day, wordsKey });
    const entry = this.pending.get(key);
    if (entry) {
      entry.count += 1;
      entry.words = words;
    } else {
      this.pending.set(key, { day, wordsKey, words, count: 1 });
    }
    if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.flush().catch(this.onError);
      }, FLUSH_INTERVAL_MS);
      this.timer.unref();
    }
  }

  /** Writes what was counted; true when anything was written. One flush runs at a time. */
  flush(): Promise<boolean> {
    this.flushing = this.flushing.catch(() => false).then(() => this.write());
    return this.flushing;
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private async write(): Promise<boolean> {
    const batch = [...this.pending.values()];
    this.pending = new Map();
    if (batch.length === 0) return false;
    try {
      await this.repository.addCounts(batch);
    } catch (error) {
      // No database: keep the whole batch for the next flush. One bad row (a
      // data error) fails the whole statement: write the rows one by one so
      // the poison entry is dropped and logged instead of blocking the rest.
      const { kept, failure } = isDataError(error)
        ? await this.writeEach(batch)
        : { kept: batch, failure: error };
      this.requeue(kept);
      if (kept.length > 0) throw failure;
      return true;
    }
    for (const entry of batch) this.attempts.delete(countKey(entry));
    const now = this.clock().getTime();
    if (now - this.lastPrune > DAY_MS) {
      this.lastPrune = now;
      await this.repository.pruneCounts(utcDay(new Date(now - KEEP_DAYS * DAY_MS)));
    }
    return true;
  }

  /** Row by row: refused rows are logged and dropped; rows that could not be sent are kept. */
  private async writeEach(batch: TCountedSearch[]) {
    const kept: TCountedSearch[] = [];
    let failure: unknown;
    for (const entry of batch) {
      try {
        await this.repository.addCounts([entry]);
        this.attempts.delete(countKey(entry));
      } catch (error) {
        if (isDataError(error)) {
          this.attempts.delete(countKey(entry));
          this.onError(error);
        } else {
          kept.push(entry);
          failure = error;
        }
      }
    }
    return { kept, failure };
  }

  /** Back into the next flush, merged with newer counts; given up (and logged) after a few tries. */
  private requeue(entries: TCountedSearch[]): void {
    for (const entry of entries) {
      const key = countKey(entry);
      const attempts = (this.attempts.get(key) ?? 0) + 1;
      if (attempts >= MAX_ATTEMPTS) {
        this.attempts.delete(key);
        this.onError(
          new Error(`search count for "${entry.wordsKey}" dropped after ${attempts} failed writes`),
        );
        continue;
      }
      this.attempts.set(key, attempts);
      const newer = this.pending.get(key);
      this.pending.set(key, newer ? { ...newer, count: newer.count + entry.count } : entry);
    }
  }
}
