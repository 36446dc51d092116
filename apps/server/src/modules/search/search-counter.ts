import type { TClock } from '../../lib/clock';
import type { SearchRepository, TCountedSearch } from './search.repository';

const FLUSH_INTERVAL_MS = 5000;
/** Counts older than this are deleted (hot searches look back LIMITS.hotSearchDays). */
const KEEP_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

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

  constructor(
    private readonly repository: SearchRepository,
    private readonly clock: TClock,
    private readonly onError: (error: unknown) => void,
  ) {}

  count(words: string, wordsKey: string): void {
    const day = utcDay(this.clock());
    const key = `${day}\n${wordsKey}`;
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
      // Counts are kept for the next attempt rather than lost.
      for (const entry of batch) {
        const key = `${entry.day}\n${entry.wordsKey}`;
        const newer = this.pending.get(key);
        this.pending.set(key, newer ? { ...newer, count: newer.count + entry.count } : entry);
      }
      throw error;
    }
    const now = this.clock().getTime();
    if (now - this.lastPrune > DAY_MS) {
      this.lastPrune = now;
      await this.repository.pruneCounts(utcDay(new Date(now - KEEP_DAYS * DAY_MS)));
    }
    return true;
  }
}
